"""PTOAS's test samples as pto-mlir reads them.

PTOAS (github.com/hw-native-sys/PTOAS) keeps its sample kernels under
test/samples/**/*.pto. ``survey(root)`` lists, for every sample of the PTOAS
tree ``root``, the ops it uses that pto-mlir does not define (none: we read
it) and, for one we read, how it went: parsed and verified, and which of its
functions ran. Run as a script it prints the table of docs/ptoas.md:

    PTO_BUILD_DIR=build python test/pytest/ptoas/ptoas_samples.py $PTOAS_SRC
"""
import glob
import os
import re
import sys

import numpy as np

from pto_mlir import ir, ptoas
from pto_mlir.dialects import pto
from pto_mlir.runtime.globals import pointer_dtype, pointer_elements

# An op is the first dotted name of a statement: after `=` or at the start
# (`pto.set_flag[...]` and `pto.get_buf[...]` start their operands with `[`).
_OP = re.compile(r"^\s*(?:[%\w#:, ]+=\s*)?\"?([a-z_][a-z_0-9]*\.[a-z_][a-z_0-9.]*)\"?[\s(<{\[]")


def samples(root):
    """The sample files of the PTOAS tree ``root``, sorted."""
    return sorted(glob.glob(os.path.join(root, "test", "samples", "**", "*.pto"),
                            recursive=True))


def ops_used(text):
    """The op names a sample's statements start with."""
    found = set()
    for line in text.splitlines():
        match = _OP.match(line)
        if match:
            found.add(match.group(1))
    return found


def missing_ops(text, context):
    """The ops of ``text`` that ``context`` does not know."""
    return sorted(name for name in ops_used(text)
                  if not context.is_registered_operation(name))


# The scalar arguments the samples that take them run with: (sample,
# function) -> argument tuples (the scalars in order). A sample's scalars
# are what its test varies, so they are chosen here, not drawn at random.
SCALARS = {
    # %cond = true loads the buffer the kernel stores; with false it stores
    # a buffer nothing wrote, whose bytes no engine defines.
    ("test/samples/Sync/compensation_test.pto", "compensation_check"): [(True,)],
    # offsets then sizes of a 5-D window: partition5d.pto's window, and one
    # off the origin reaching the tensor's last elements (48 valid rows).
    ("test/samples/Partition5D/partition5d_dynamic.pto", "run_partition"): [
        (0, 0, 0, 0, 0, 1, 1, 16, 16, 16),
        (0, 0, 5, 1000, 1008, 1, 1, 2, 24, 16),
    ],
    # %arg2 == 1 takes the tadd branch, any other value the tmul one.
    ("test/samples/Sync/test_if_else_tile_result.pto", "test_if_else_tile_result"): [(1,), (0,)],
    # %argN: the length of %arg0's tensor, which a 32-element window reads.
    ("test/samples/Sync/test_dynamic_valid_shape.pto", "test_dynamic_valid_shape"): [(32,)],
    # %arg1: the f32 scalar tadds adds (a fraction, and -0 which keeps the
    # sign of the tile's zeros).
    ("test/samples/PyPTOIRParser/vector_example_dag_kernel_add_scalar.pto",
     "kernel_add_scalar"): [(1.25,), (-0.0,)],
    ("test/samples/PyPTOIRParser/orchestration_example_kernel_add_scalar.pto",
     "kernel_add_scalar"): [(1.25,), (-0.0,)],
    # %valid_row, %valid_col of the tiles a 32 x 32 window loads (tload_c6
    # takes only 32 x 32); %mode == 0 takes the first branch.
    ("test/samples/FFN/ffn_act.pto", "ffn_act_block"): [(32, 32)],
    ("test/samples/FFN/ffn_act_dynamic.pto", "ffn_act_dynamic_block"): [(32, 32)],
    ("test/samples/FlashAttention/flash_attention_softmax_boundary.pto",
     "flash_attention_softmax_boundary_block"): [(32, 32)],
    ("test/samples/GQA/gqa_softmax_dynamic.pto", "gqa_softmax_dynamic_block"): [(32, 32)],
    ("test/samples/ControlFlow/control_flow_dynamic_branch.pto",
     "control_flow_dynamic_branch_block"): [(32, 32, 0), (32, 32, 1)],
}
# The Qwen3 decode residual kernels (readable since tcvt is ours): %arg3,
# %arg4 are the row and column offsets of a 16 x 64 (incore_10) or
# 16 x 128 (incore_16) window of a 16 x 8192 tensor: the first window and
# the last one.
for _arch in ("A3", "A5"):
    SCALARS[(f"test/samples/Qwen3Decode{_arch}/qwen3_decode_incore_10.pto",
             "qwen3_decode_incore_10")] = [(0, 0), (0, 8128)]
    SCALARS[(f"test/samples/Qwen3Decode{_arch}/qwen3_decode_incore_16.pto",
             "qwen3_decode_incore_16")] = [(0, 0), (0, 8064)]

# The kernels readable since the row and column expands are ours. RMSNorm
# (Qwen3 incore_0, Sync's rmsnorm and decode_projection): %arg3 is the row
# offset of a 16-row window of a 16-row tensor. RoPE (incore_4): %arg10 the
# batch row (of 16), %arg11 the head group (of 1), %arg12 the position in
# the KV caches (of 4096): the first and the last. Online-softmax merge
# (incore_8): %arg4 the blocks merged (its loop runs 1 .. %arg4, of at most
# 64 in its tensors), %arg5 the head offset (of 57 in the 8192-column row).
for _arch in ("A3", "A5"):
    SCALARS[(f"test/samples/Qwen3Decode{_arch}/qwen3_decode_incore_0.pto",
             "qwen3_decode_incore_0")] = [(0,)]
    SCALARS[(f"test/samples/Qwen3Decode{_arch}/qwen3_decode_incore_4.pto",
             "qwen3_decode_incore_4")] = [(0, 0, 0), (15, 0, 4095)]
    SCALARS[(f"test/samples/Qwen3Decode{_arch}/qwen3_decode_incore_8.pto",
             "qwen3_decode_incore_8")] = [(4, 0), (64, 56)]
# The attention scores (incore_6, readable since set_validshape is ours):
# %arg4 the blocks it scores (of 64), %arg5 the context length (each block
# of 64 columns has min(%arg5 - 64 * block, 64) valid ones, its
# set_validshape), %arg6 the block group (of 1): three blocks, the last of 2
# valid columns, and one block of all 64.
for _arch in ("A3", "A5"):
    SCALARS[(f"test/samples/Qwen3Decode{_arch}/qwen3_decode_incore_6.pto",
             "qwen3_decode_incore_6")] = [(3, 130, 0), (1, 4096, 0)]
SCALARS[("test/samples/Sync/rmsnorm_incore_0.pto", "rmsnorm_incore_0")] = [(0,)]
SCALARS[("test/samples/Sync/decode_projection_incore_0.pto",
         "decode_projection_incore_0")] = [(0,)]
# The PyPTOIRParser paged-attention kernels: softmax_prepare's %arg1 is the
# scale of the scores (1/sqrt(128)); online_update's %arg7, %arg8 are its
# is-first and is-last flags, each pair a path of its branches.
SCALARS[("test/samples/PyPTOIRParser/paged_attention_example_kernel_softmax_prepare.pto",
         "kernel_softmax_prepare")] = [(0.08838834764831845,)]
SCALARS[("test/samples/PyPTOIRParser/paged_attention_example_kernel_online_update.pto",
         "kernel_online_update")] = [(True, True), (True, False), (False, True),
                                     (False, False)]

# The matmul kernels readable since tstore takes acc tiles and tmov moves
# acc -> mat and mat -> bias. Matmul_transpose: %arg3, %arg4 pick the ND
# or DN view (and tile layout) of A and B, each pair a path. Sync's split-K
# matmul: %arg4 adds the bias row (tmatmul.bias on the first block) or not.
# FFN's swiglu block: %arg8, %arg9 the valid rows and columns of its 32 x 32
# tiles (tload_c6 takes only 32 x 32 windows).
SCALARS[("test/samples/Matmul_transpose/Matmul_transpose-pto-ir.pto", "RunTEXTRACT")] = [
    (True, True), (True, False), (False, True), (False, False)]
SCALARS[("test/samples/Sync/matmul.pto", "RunTMATMULSplitK")] = [(True,), (False,)]
SCALARS[("test/samples/FFN/ffn-pto-new.pto", "ffn_swiglu_block")] = [(32, 32)]
# Its valid m, k, n: each tload covers its tile's valid shape with a whole
# 32 x 32 window (tload_c6), so only 32 runs.
SCALARS[("test/samples/FlashAttention/flash_attention_qk_boundary.pto",
         "flash_attention_qk_boundary_block")] = [(32, 32, 32)]
# The Qwen3 A5 decode projections (bf16 weights, f32 accumulators): their
# index arguments are the row offset of the 16-row activation tile (of 16
# rows) and the output block (incore_1, 2: of 32 blocks of 4 x 64 columns;
# 12, 13, 15: a 256-column block of the 25600; 9: a 64-column block of the
# 8192), and incore_5/7's batch, context length, KV head and block: the
# first of each.
for _key, _args in {("qwen3_decode_incore_1", 2): (0, 0), ("qwen3_decode_incore_2", 2): (0, 0),
                    ("qwen3_decode_incore_9", 2): (0, 0), ("qwen3_decode_incore_12", 1): (0,),
                    ("qwen3_decode_incore_13", 1): (0,), ("qwen3_decode_incore_15", 1): (0,),
                    ("qwen3_decode_incore_5", 4): (0, 64, 0, 0),
                    ("qwen3_decode_incore_7", 4): (0, 64, 0, 0)}.items():
    SCALARS[(f"test/samples/Qwen3DecodeA5/{_key[0]}.pto", _key[0])] = [_args]

# The lengths of the pointer arguments pointer_elements cannot tell (a
# tensor of a dynamic extent, a pointer no tensor is made of): (sample,
# function) -> {argument position: elements}.
POINTER_ELEMENTS = {
    ("test/samples/Sync/test_dynamic_valid_shape.pto", "test_dynamic_valid_shape"):
        {0: 32, 1: 32},
}


def argument_lists(name, function, rng):
    """The argument lists to run ``function`` of sample ``name`` with: random
    arrays for its pointers, each as long as the function's tensors of it
    need (runtime.globals.pointer_elements; POINTER_ELEMENTS where that
    cannot tell), and the scalars of SCALARS; [] when a pointer's size is
    unknown or scalars it takes are not listed."""
    arguments = function.regions[0].blocks[0].arguments
    key = (name, function.sym_name.value)
    given = POINTER_ELEMENTS.get(key, {})
    lists = []
    for scalars in SCALARS.get(key, [()]):
        values, remaining = [], list(scalars)
        for position, arg in enumerate(arguments):
            if not pto.PtrType.isinstance(arg.type):
                if not remaining:
                    return []
                values.append(remaining.pop(0))
                continue
            elements = given.get(position, pointer_elements(function, position))
            dtype = pointer_dtype(arg.type)
            if elements is None or dtype is None:
                return []
            if np.issubdtype(dtype, np.integer):
                info = np.iinfo(dtype)
                values.append(rng.integers(info.min, info.max, elements, dtype=dtype,
                                           endpoint=True))
            else:
                values.append(rng.standard_normal(elements).astype(dtype))
        lists.append(values)
    return lists


def survey(root):
    """[(sample path relative to root, missing ops, verified or the error)]."""
    rows = []
    for path in samples(root):
        with open(path) as f:
            text = f.read()
        with ir.Context() as context:
            missing = missing_ops(text, context)
            status = None
            if not missing:
                try:
                    ptoas.parse(text).operation.verify()
                    status = "verified"
                except ir.MLIRError as error:
                    # the first diagnostic's message (the reason), else
                    # the error's first line
                    messages = [d.message for d in error.error_diagnostics]
                    status = messages[0] if messages else str(error).splitlines()[0]
        rows.append((os.path.relpath(path, root), missing, status))
    return rows


if __name__ == "__main__":
    for name, missing, status in survey(sys.argv[1]):
        print(f"| `{name}` | {status or 'not read: ' + ', '.join(missing)} |")
