"""PTOAS's own samples (its test/samples/**/*.pto) that use only ops
pto-mlir defines parse, verify, and run alike on both host engines and,
where PTOAS can express them, on pto-isa's CPU simulator.

The samples come from the PTOAS source tree the environment variable
PTOAS_SRC names (tested with PTOAS a56b18c3); without it the test is
skipped and says so, or fails under PTO_REQUIRE_DEVICE_TOOLS=1 (CI). The
repository's own kernels in PTOAS's spelling are
test/Dialect/global-memory.mlir (its Addc sample's shape) and
test/pytest/jit/test_global_memory_differential.py.
"""
import os
import sys

import numpy as np
import pytest

from pto_mlir import ir, ptoas, runtime
from pto_mlir.runtime import jit, pto_isa

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "jit"))
from agreement import agree  # noqa: E402
from ptoas_samples import argument_lists, survey  # noqa: E402

# Samples the pto-isa engine cannot express: (sample, function) -> the last
# line of its refusal.
SIMULATOR_REFUSES = {
    # Readable since tadd and tmul are ours: its scf.if yields one of two
    # tile buffers, which our passes make an arith.select of buffers.
    ("test/samples/Sync/test_if_else_tile_result.pto", "test_if_else_tile_result"):
        "-:29:14: error: 'arith.select' carries a tile buffer, which has no PTOAS form: "
        "ptoas takes tiles only as operands of pto ops, not through calls, loop-carried "
        "values, selects or returns",
    # Its pto.barrier reads and runs on the host engines; the exporter does
    # not write PTOAS's sync ops yet (docs/ptoas.md).
    ("test/samples/Sync/test_tmov_col_major_16x1_align_a5.pto",
     "test_tmov_col_major_16x1_align_a5"):
        "-:22:5: error: 'pto.barrier' is not exported to PTOAS: the exporter writes func, "
        "arith, scf and pto ops",
    # Readable since the row and column expands are ours; its pto.barrier,
    # as above.
    ("test/samples/Sync/rmsnorm_incore_0.pto", "rmsnorm_incore_0"):
        "-:24:3: error: 'pto.barrier' is not exported to PTOAS: the exporter writes func, "
        "arith, scf and pto ops",
    # Readable since tstore takes acc tiles; its pto.record_event, as
    # pto.barrier above.
    ("test/samples/Matmul_transpose/Matmul_transpose-pto-ir.pto", "RunTEXTRACT"):
        "-:40:5: error: 'pto.record_event' is not exported to PTOAS: the exporter writes "
        "func, arith, scf and pto ops",
    # Its scf.for is in a pto.section.vector, which the exporter does not
    # write.
    ("test/samples/Sync/test_dynamic_valid_shape.pto", "test_dynamic_valid_shape"):
        "-:9:5: error: 'pto.section.vector' is not exported to PTOAS: the exporter writes "
        "func, arith, scf and pto ops",
}

# Samples the simulator cannot be the oracle of: the Qwen3 decode kernels
# of bf16 tensors (readable since tcvt is ours), which the pto-isa engine
# refuses when it runs them (docs/ptoas.md: C++20 makes the simulator's
# bfloat16_t half). They run on the two host engines above.
_BF16_REFUSAL = ("pto-isa's CPU simulator compiled as C++20 makes bfloat16_t an alias of "
                 "_Float16 (include/pto/common/type.hpp), so a bf16 kernel would compute in "
                 "f16: the pto-isa engine does not run it")
SIMULATOR_CANNOT_RUN = {
    (f"test/samples/Qwen3Decode{arch}/qwen3_decode_incore_{k}.pto",
     f"qwen3_decode_incore_{k}"): _BF16_REFUSAL
    for arch in ("A3", "A5") for k in (3, 10, 14, 16)}
# Readable since the row and column expands are ours, and of bf16 tensors
# too: the Qwen3 RMSNorm (incore_0, 11), RoPE (incore_4) and online-softmax
# merge (incore_8) kernels, its attention scores (incore_6, since
# set_validshape is ours), Sync's decode_projection and PyPTOIRParser's
# softmax_prepare (its exp scores stored as bf16).
SIMULATOR_CANNOT_RUN.update({
    (f"test/samples/Qwen3Decode{arch}/qwen3_decode_incore_{k}.pto",
     f"qwen3_decode_incore_{k}"): _BF16_REFUSAL
    for arch in ("A3", "A5") for k in (0, 4, 6, 8, 11)})
# Readable since tstore takes acc tiles: the A5 decode projections and
# attention scores and PyPTOIRParser's paged-attention matmuls, of bf16
# tensors.
SIMULATOR_CANNOT_RUN.update({
    (f"test/samples/Qwen3DecodeA5/qwen3_decode_incore_{k}.pto",
     f"qwen3_decode_incore_{k}"): _BF16_REFUSAL
    for k in (1, 2, 5, 7, 9, 12, 13, 15)})
SIMULATOR_CANNOT_RUN.update({
    (f"test/samples/PyPTOIRParser/paged_attention_example_kernel_{k}_matmul.pto",
     f"kernel_{k}_matmul"): _BF16_REFUSAL for k in ("pv", "qk")})
SIMULATOR_CANNOT_RUN.update({
    ("test/samples/Sync/decode_projection_incore_0.pto", "decode_projection_incore_0"):
        _BF16_REFUSAL,
    ("test/samples/PyPTOIRParser/paged_attention_example_kernel_softmax_prepare.pto",
     "kernel_softmax_prepare"): _BF16_REFUSAL})

# Samples that fail alike on both host engines: (sample, function) -> the
# failure. Its second iteration gives a 1 x 32 tile a valid_col of 33 (a
# compile test of PTOAS's sync insertion, never run there).
RUN_FAILURES = {
    ("test/samples/Sync/test_dynamic_valid_shape.pto", "test_dynamic_valid_shape"):
        "'pto.alloc_tile' op at -:21:16: valid extent 1 is 33, allowed 0..32",
}

# The target the samples without pto.target_arch run with on the simulator.
# Partition5D stores from a mat tile, which A5 has no path for (tstore_c1):
# it is written for ptoas's default target, a3, where our exporter writes a5
# for a module without a target (docs/ptoas.md).
SIMULATOR_TARGETS = {
    "test/samples/Partition5D/partition5d.pto": "a2a3",
    "test/samples/Partition5D/partition5d_dynamic.pto": "a2a3",
}


# Samples whose every op pto-mlir has but which do not verify yet: sample ->
# the first error.
# the file writes tile types without their !pto.tile_buf prefix (tmatmulk.pto:48)
_BARE_TYPES = 'expected non-function type'
# the A3 decode kernels move into NZ left tiles, which tmov_c7 refuses on a2a3
# as the header's TExtractToLeft does (a2a3/TMov.hpp:150 ->
# textract_common.hpp:457, "TExtract: LeftTile Invalid Fractal")
_A3_NZ_LEFT = ("'pto.tmov' op dst of mat -> left must be blayout=row_major, "
               "slayout=row_major on a2a3, got NZ")
NOT_VERIFIED = {
    'test/samples/MatMul/tmatmulk.pto': _BARE_TYPES,
    'test/samples/Qwen3DecodeA3/qwen3_decode_incore_1.pto': _A3_NZ_LEFT,
    'test/samples/Qwen3DecodeA3/qwen3_decode_incore_12.pto': _A3_NZ_LEFT,
    'test/samples/Qwen3DecodeA3/qwen3_decode_incore_13.pto': _A3_NZ_LEFT,
    'test/samples/Qwen3DecodeA3/qwen3_decode_incore_15.pto': _A3_NZ_LEFT,
    'test/samples/Qwen3DecodeA3/qwen3_decode_incore_2.pto': _A3_NZ_LEFT,
    'test/samples/Qwen3DecodeA3/qwen3_decode_incore_5.pto': _A3_NZ_LEFT,
    'test/samples/Qwen3DecodeA3/qwen3_decode_incore_7.pto': _A3_NZ_LEFT,
    'test/samples/Qwen3DecodeA3/qwen3_decode_incore_9.pto': _A3_NZ_LEFT,
}


def _read_samples(ptoas_src):
    rows = survey(ptoas_src)
    assert rows, f"no test/samples/**/*.pto under PTOAS_SRC={ptoas_src}"
    return [(name, status) for name, missing, status in rows if not missing]


def test_samples_we_read_verify(ptoas_src):
    failed = {name: status for name, status in _read_samples(ptoas_src)
              if status != "verified"}
    assert failed == NOT_VERIFIED


# The cube/vector pipes and the reserved buffers of their slots, and the
# buffer-id tokens (get_buf, rls_buf), which the host engines read but do
# not run (docs/ptoas.md).
PIPE_OPS = ("pto.aic_initialize_pipe", "pto.aiv_initialize_pipe", "pto.tpush_to_aiv",
            "pto.tpush_to_aic", "pto.tpop_from_aic", "pto.tpop_from_aiv", "pto.tfree_from_aic",
            "pto.tfree_from_aiv", "pto.reserve_buffer", "pto.import_reserved_buffer",
            "pto.get_buf", "pto.rls_buf")


def _uses_pipes(ptoas_src, name):
    with open(os.path.join(ptoas_src, name)) as f:
        text = f.read()
    return "_initialize_pipe" in text or "pto.get_buf" in text


def _verified_samples(ptoas_src):
    """The samples that verify and that the host engines run."""
    return [(name, status) for name, status in _read_samples(ptoas_src)
            if status == "verified" and not _uses_pipes(ptoas_src, name)]


def test_the_pipe_samples_are_refused_by_name(ptoas_src):
    """Every function of a sample with pipes that the JIT cannot compile is
    refused naming a pipe op, a slot buffer's or a buffer id's; one at least
    per sample (the seven TPushTPop samples and Sync's test_a5_buf_sync)."""
    samples = [name for name, status in _read_samples(ptoas_src)
               if status == "verified" and _uses_pipes(ptoas_src, name)]
    assert len(samples) == 8
    for name in samples:
        with open(os.path.join(ptoas_src, name)) as f:
            text = f.read()
        with ir.Context():
            functions = [op.sym_name.value for op in ptoas.parse(text).body.operations
                         if op.operation.name == "func.func" and op.regions[0].blocks]
        refused = 0
        for entry in functions:
            try:
                jit.compile(text, entry)
            except jit.UnsupportedError as error:
                op = str(error).splitlines()[-1].split("'")[1]
                assert op in PIPE_OPS, (name, entry, str(error))
                refused += 1
        assert refused, name


def _runs(ptoas_src):
    """(sample, function, argument list) of every run of the samples we read."""
    rng = np.random.default_rng(0)
    runs = []
    for name, _ in _verified_samples(ptoas_src):
        with open(os.path.join(ptoas_src, name)) as f:
            text = f.read()
        with ir.Context():
            module = ptoas.parse(text)
            for op in module.body.operations:
                if op.operation.name == "func.func" and op.regions[0].blocks:
                    for arguments in argument_lists(name, op, rng):
                        runs.append((name, text, op.sym_name.value, arguments))
    return runs


def test_every_function_of_the_samples_we_read_runs(ptoas_src):
    """Each function of each sample we read has argument lists: none is
    left at 'verified' only."""
    ran = {(name, entry) for name, _, entry, _ in _runs(ptoas_src)}
    functions = set()
    for name, _ in _verified_samples(ptoas_src):
        with open(os.path.join(ptoas_src, name)) as f, ir.Context():
            module = ptoas.parse(f.read())
            functions |= {(name, op.sym_name.value) for op in module.body.operations
                          if op.operation.name == "func.func" and op.regions[0].blocks}
    assert functions == ran


def test_samples_we_read_run_alike_on_both_engines(ptoas_src):
    for name, text, entry, arguments in _runs(ptoas_src):
        assert agree(text, arguments, entry=entry) == RUN_FAILURES.get((name, entry), "ok"), \
            (name, entry)


def test_samples_we_read_run_alike_on_pto_isa(ptoas_src, pto_isa_tools):
    """The samples the pto-isa engine can express give the interpreter's
    bits on pto-isa's CPU simulator; SIMULATOR_REFUSES lists the others."""
    ran = set()
    for name, text, entry, arguments in _runs(ptoas_src):
        target = SIMULATOR_TARGETS.get(name)
        try:
            runtime.pto_isa_text(text, entry, target=target)
        except pto_isa.UnsupportedError as error:
            assert SIMULATOR_REFUSES.get((name, entry)) == str(error).splitlines()[-1]
            continue
        if (name, entry) in SIMULATOR_CANNOT_RUN:
            with pytest.raises(pto_isa.EngineError) as info:
                runtime.run(text, entry, *arguments, engine="pto-isa", target=target)
            assert str(info.value) == SIMULATOR_CANNOT_RUN[(name, entry)]
            continue
        results = {}
        for engine in ("interp", "pto-isa"):
            copies = [a.copy() if isinstance(a, np.ndarray) else a for a in arguments]
            runtime.run(text, entry, *copies, engine=engine, target=target)
            results[engine] = [a.tobytes() for a in copies if isinstance(a, np.ndarray)]
        assert results["interp"] == results["pto-isa"], (name, entry)
        ran.add((name, entry))
    assert ran
