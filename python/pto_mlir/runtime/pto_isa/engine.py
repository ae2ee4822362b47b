"""``run(..., engine="pto-isa")``: a kernel on pto-isa's CPU simulator.

The entry and the functions it calls are converted as the JIT's are
(``pipeline.to_dps``: a Level 1 kernel bufferized, its results become
out-parameters after the inputs), its tile arguments are passed through
global memory (tile_arguments.py: a ``!pto.ptr`` each, tload at the start,
tstore of those it may write before returning), every buffer is placed by
``pto-plan-memory`` (manual placements kept) and the module is written by
the PTOAS exporter for ptoas's level3, so that the simulator runs the
placement our passes checked. pto_isa/__init__.py runs ptoas, compiles the C++ with
a generated driver against ``$PTO_ISA_ROOT`` and runs it. What the exporter
or tile_arguments.py refuses (a tile of another location or layout,
results other than tiles, tinterleave, ...: docs/ptoas.md) raises
``pto_isa.UnsupportedError`` naming the construct, before anything runs;
so does a construct the simulator computes otherwise than pto-isa's NPU
code and our engines, or the exported program otherwise than the host
engines (``_SIMULATOR_REFUSALS``, ``_LEVEL1_REFUSALS``, and
``_PLACED_REFUSALS`` for the bytes placed buffers share). A refusal is made
once per kernel and raised from ``run_pto_isa`` (its traceback ends there, not in
the exporter's helpers).

The exported program checks nothing while it runs (nor does the device),
so ``run_pto_isa`` first has the host engines' run-time checks made on the
call (runtime/__init__.py runs it on the interpreter): a kernel they fail,
a window outside its array say, raises their KernelError, and the simulator
never reads or writes past the caller's arrays.

Arguments: a global array (``!pto.ptr``) goes to the simulator as its
bytes, a tile as its storage's bytes (row by row), a Level 1 result as
zeros, as on the JIT; those the kernel may write (writes.py) come back into
the caller's array, and the results are returned, as on the other engines.
Scalars go as numbers. The simulator's memories are sized for the module's
target (the exporter's default, a5, without one).
"""
import weakref
from typing import Any

import numpy as np

from ... import ir, pipeline, ptoas
from ...dialects import pto
from ...families import FAMILY_OPS, WITHOUT_SIMULATOR_CODE, op as family_op
from .. import pto_isa
from ..closure import entry_closure
from ..errors import KernelError
from ..globals import GlobalArray
from ..grid import SINGLE_CORE
from ..interp.ops.tprint import WINDOW_REFUSAL
from ..kernel import find_function, function_type
from ..scalars import float_dtype
from ..values import TileValue, tile_spec
from ..writes import written_arguments
from .tile_arguments import pass_tiles_through_memory

__all__ = ["engine_input", "run_pto_isa"]

# What the simulator runs: ptoas's level3 (the placement our passes made).
LEVEL = "level3"

# The simulator's name of each target (pto_isa.build's arch); a module
# without pto.target_arch is exported for a5 (kPtoasDefaultTarget,
# translate/include/pto/PtoasExport.h).
_SIMULATOR_ARCH = {"a2a3": "a3", "a5": "a5", None: "a5"}


def _kind(arg_type):
    if pto.PtrType.isinstance(arg_type):
        return "buffer"
    return "float" if float_dtype(arg_type) is not None else "int"


def _valid(value):
    return tile_spec(value.type).static_valid


def _where(op):
    """``file:line:col`` of ``op``, as the exporter's errors say it."""
    location = op.location
    if location.is_a_file():
        return f"{location.filename}:{location.start_line}:{location.start_col}"
    return str(location)


def _tsort32_idx_refusal(op):
    """pto-isa's CPU simulator sorts nothing when idx's valid shape is not
    src's (include/pto/cpu/TSort32.hpp:124-125, pto-isa 3186c381: it
    returns), where the NPU code and our engines let every row use a 1 x C
    idx (docs/ops/tsort32.md). The valid shapes must be known and equal."""
    sort = op.opview
    if sort.idx is None:  # the page form, which has no idx input
        return None
    src, idx = _valid(sort.src), _valid(sort.idx)
    if src == idx and None not in src:
        return None
    shown = ["x".join("?" if e is None else str(e) for e in v) for v in (src, idx)]
    return (f"its pto.tsort32 at {_where(op)} sorts src of valid shape {shown[0]} with idx "
            f"of valid shape {shown[1]}, and pto-isa's CPU simulator returns without "
            f"sorting unless the two are equal (include/pto/cpu/TSort32.hpp:124-125, "
            f"pto-isa 3186c381; the NPU code lets every row use a 1 x C idx)")


def _fresh_insert_refusal(op):
    """A Level 1 tinsert without ``into`` is zero outside its window on the
    host engines (a fresh destination). Converted, it writes the window of a
    buffer that holds what placement left there (stale bytes of a dead
    tile) and PTOAS has no op filling a tile with zeros, so the exported
    program would keep those bytes. A result the kernel returns is spared:
    its buffer is the out-parameter the engine loads from zeros."""
    insert = op.opview
    if not op.results or insert.into is not None:
        return None
    src, dst = _valid(insert.src), _valid(op.results[0])
    if src == dst and None not in src:
        return None  # the window is the whole valid region
    returned = any(use.owner.name == "func.return" for use in op.results[0].uses)
    if returned:
        return None
    return (f"its Level 1 pto.tinsert at {_where(op)} has no 'into', so its result is "
            f"zero outside the window on the host engines, and the exported program has no "
            f"such fill (PTOAS has no op that fills a tile; the buffer keeps the bytes its "
            f"placement held): insert 'into' a tile of zeros instead")


def _tcvt_tmp_refusal(op):
    """TCVT with a tmp tile: the CPU simulator declares its TCVT_IMPL
    (include/pto/common/pto_instr.hpp:1351, :1354) and defines none
    (include/pto/cpu/TCvt.hpp has the forms without tmp), so the program
    does not link; the host engines do not read tmp."""
    if op.opview.tmp is None:
        return None
    return (f"its pto.tcvt at {_where(op)} takes a tmp tile, whose TCVT the CPU simulator "
            f"declares and does not define (include/pto/common/pto_instr.hpp:1351): "
            f"drop tmp (the host engines do not read it)")


def _f16_pad_refusal(op):
    """A fill of an f16 tile with pad max or min: the simulator takes the
    pad from std::numeric_limits<half> (include/pto/cpu/TFillPad.hpp:41-53,
    half is _Float16 in include/pto/common/type.hpp:443), which g++ 12's
    libstdc++ does not specialize for _Float16 (is_specialized and
    has_infinity false, max() and min() 0): it pads with 0 where the host
    engines pad with +inf or -inf."""
    spec = tile_spec(op.operands[-1].type)
    pad = spec.pad
    if spec.element != "f16" or pad not in ("max", "min"):
        return None
    return (f"its {op.name} at {_where(op)} pads an f16 tile with {pad}, which pto-isa's CPU "
            f"simulator takes from std::numeric_limits<_Float16> (include/pto/cpu/"
            f"TFillPad.hpp:41-53), unspecialized in g++ 12's libstdc++ (0, not "
            f"{'+' if pad == 'max' else '-'}inf), so it runs on the interpreter and the JIT only")


# The element types pto-isa's CPU simulator compiles TTRI for (TTriCheck,
# include/pto/cpu/TTRI.hpp:22-26): A5's 8- and 64-bit integers, which the
# NPU header takes, are not among them.
_TTRI_SIMULATOR_TYPES = ("i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")


def _ttri_element_refusal(op):
    """A ttri of an element type the simulator's static_assert refuses."""
    element = tile_spec(op.operands[-1].type).element
    if element in _TTRI_SIMULATOR_TYPES:
        return None
    return (f"its pto.ttri at {_where(op)} is of {element}, which pto-isa's CPU simulator "
            f"does not compile TTRI for (TTriCheck, include/pto/cpu/TTRI.hpp:22-26), so it "
            f"runs on the interpreter and the JIT only")


def _no_simulator_code(op):
    """An op of WITHOUT_SIMULATOR_CODE (pto_mlir.families): ptoas's C++ of
    it does not compile on the simulator (pto-isa 3186c381 has TSHL and
    TSHR of two tiles in the NPU's include/pto/npu/*/TShl.hpp and TShr.hpp
    only; their tile-scalar TSHLS and TSHRS it has, TBinSOps.hpp)."""
    isa = op.name.removeprefix("pto.").upper()
    return (f"its {op.name} at {_where(op)} has no code in pto-isa's CPU simulator "
            f"(pto-isa 3186c381's include/pto/cpu defines no {isa}_IMPL; only the NPU "
            f"headers do), so it runs on the interpreter and the JIT only")


def _tgather_index_refusal(op):
    """The index form with 16-bit indices, which A5's NPU code takes
    (include/pto/npu/a5/TGather.hpp:26-28) and the CPU simulator's
    static_assert refuses (include/pto/cpu/TGather.hpp:86: b32 indices)."""
    gather = op.opview
    if gather.src1 is None or not pto.TileBufType.isinstance(gather.src1.type):
        return None  # the mask form, or the compare form (its kValue a scalar)
    indices = pto.TileBufType(gather.src1.type)
    if ir.IntegerType(indices.element_type).width == 32:
        return None
    return (f"its pto.tgather at {_where(op)} takes {indices.element_type} indices, which "
            f"pto-isa's CPU simulator does not compile (include/pto/cpu/TGather.hpp:86 asks "
            f"for 32-bit ones), so it runs on the interpreter and the JIT only")


# The element types pto-isa's CPU simulator compiles its row and column
# expands for (IsRowExpandAllowedType, include/pto/cpu/TRowExpandOp.hpp:21;
# IsColExpandAllowedType, TColExpandOp.hpp:21): f16 and f32, the 16- and
# 32-bit integers but for expdif, ui8 for mul.
_EXPAND_SIMULATOR_TYPES = ("f16", "f32", "i16", "ui16", "i32", "ui32")


def _expand_element_refusal(op):
    """A row or column expand of an element type the simulator's
    static_assert refuses (A5's i8 and ui8, which PTOAS takes): it runs on
    the interpreter and the JIT only."""
    element = str(pto.TileBufType(op.operands[0].type).element_type)
    element_op = family_op(op.name.removeprefix("pto.")).element_op
    if element in _EXPAND_SIMULATOR_TYPES[:2] or (
            element in _EXPAND_SIMULATOR_TYPES and element_op != "expdif") or (
            element == "ui8" and element_op == "mul"):
        return None
    return (f"its {op.name} at {_where(op)} is of {element}, which pto-isa's CPU simulator "
            f"does not compile its expands for (IsRowExpandAllowedType, "
            f"include/pto/cpu/TRowExpandOp.hpp:21; TColExpandOp.hpp:21), so it runs on the "
            f"interpreter and the JIT only")


# The element types pto-isa's CPU simulator compiles TCOLSUM and TCOLMAX for
# (CheckCSValid, include/pto/cpu/TColSum.hpp:36; CheckCMValid,
# TColMax.hpp:39: dst of src's type or f32); TCOLMIN and TCOLPROD assert
# none.
_COL_REDUCE_SIMULATOR_TYPES = {"tcolsum": ("f16", "bf16", "f32"),
                               "tcolmax": ("f16", "bf16", "f32", "i8", "ui8")}


def _col_reduce_refusal(op):
    """A tcolsum or tcolmax the simulator's static_asserts refuse: an
    element type they do not list, or src and dst of other static columns
    (TColSum.hpp:46, TColMax.hpp:49, which the NPU headers do not ask)."""
    mnemonic = op.name.removeprefix("pto.")
    if mnemonic not in _COL_REDUCE_SIMULATOR_TYPES:
        return None
    src = pto.TileBufType(op.operands[0].type)
    dst = pto.TileBufType(op.operands[-1].type)
    element = str(src.element_type)
    if element not in _COL_REDUCE_SIMULATOR_TYPES[mnemonic]:
        return (f"its {op.name} at {_where(op)} is of {element}, which pto-isa's CPU "
                f"simulator does not compile {mnemonic.upper()} for (include/pto/cpu/"
                f"TColSum.hpp:36, TColMax.hpp:39), so it runs on the interpreter and the JIT "
                f"only")
    if src.shape[1] != dst.shape[1]:
        return (f"its {op.name} at {_where(op)} has src of {src.shape[1]} columns and dst of "
                f"{dst.shape[1]}, which pto-isa's CPU simulator does not compile "
                f"(include/pto/cpu/TColSum.hpp:46, TColMax.hpp:49 assert one number of "
                f"columns), so it runs on the interpreter and the JIT only")
    return None


def _tprint_refusal(op):
    """A tprint of a window (no engine runs it: interp/ops/tprint.py), or of
    an f16 tile: the simulator streams the element with ``operator<<``,
    which libstdc++ under g++ 12 and C++20 has no overload of _Float16 for
    (include/pto/cpu/TPrint.hpp:56, "ambiguous overload"), so the program
    does not compile; the host engines print it as the NPU's printf does,
    its value as a double."""
    src = op.operands[0].type
    if not pto.TileBufType.isinstance(src):
        return f"its pto.tprint at {_where(op)} {WINDOW_REFUSAL}"
    if str(pto.TileBufType(src).element_type) != "f16":
        return None
    return (f"its pto.tprint at {_where(op)} prints an f16 tile, which pto-isa's CPU "
            f"simulator does not compile (include/pto/cpu/TPrint.hpp:56 streams the _Float16 "
            f"with operator<<, which C++20's libstdc++ does not overload for it), so it runs "
            f"on the interpreter and the JIT only")


def _placed_bytes(value):
    """The bytes ``[first, end)`` that ``value`` covers in its memory when
    its buffer is placed at a constant address (a ``pto.tassign`` of it or of
    the buffer a ``pto.treshape`` view of it reads), else None."""
    nbytes = tile_spec(value.type).nbytes
    while isinstance(value.owner, ir.OpView) and value.owner.name == "pto.treshape" \
            and value.owner.dst is None:
        value = value.owner.src
    for use in value.uses:
        if use.owner.name == "pto.tassign":
            first = use.owner.opview.addr.value
            return first, first + nbytes
    return None


def _tmrgsort_overlap_refusal(op):
    """A tmrgsort whose dst shares bytes with one of its lists by their
    placements: the simulator writes dst record by record while it still
    reads the lists (include/pto/cpu/TMrgSort.hpp:133-160), so a record it
    writes can replace one it has not read; the NPU merges into tmp and then
    copies tmp to dst (a2a3/TMrgSort.hpp:123-127), as the host engines read
    every list first (docs/semantics.md, TMRGSORT)."""
    merge = op.opview
    dst = _placed_bytes(merge.dst)
    if dst is None:
        return None
    # `ins` is [src, blockLen] or [src0, src1, (src2, (src3,)) tmp] (TMrgSortOps.td).
    given = [v for v in (merge.src0, merge.src1, merge.src2, merge.src3, merge.src4)
             if v is not None]
    single = not pto.TileBufType.isinstance(given[1].type)
    lists = given[:1] if single else given[:-1]
    names = ["src"] if single else [f"src{k}" for k in range(len(lists))]
    for name, value in zip(names, lists):
        found = _placed_bytes(value)
        if found is None or found[1] <= dst[0] or dst[1] <= found[0]:
            continue
        return (f"its pto.tmrgsort at {_where(op)} has dst (bytes {dst[0]:#x}..{dst[1]:#x}) "
                f"over {name} (bytes {found[0]:#x}..{found[1]:#x}), which pto-isa's CPU "
                f"simulator merges in place, writing dst while it still reads the lists "
                f"(include/pto/cpu/TMrgSort.hpp:133-160), where the NPU merges into tmp first "
                f"(include/pto/npu/a2a3/TMrgSort.hpp:123-127) as the host engines do, so it "
                f"runs on the interpreter and the JIT only")
    return None


# Level 2 (after pto-to-dps): what the simulator computes otherwise than
# the NPU code or the host engines, or not at all, by op name.
_SIMULATOR_REFUSALS = {"pto.tsort32": _tsort32_idx_refusal,
                       "pto.tprint": _tprint_refusal,
                       "pto.tgather": _tgather_index_refusal,
                       **{f"pto.{m}": _no_simulator_code for m in WITHOUT_SIMULATOR_CODE},
                       "pto.tcvt": _tcvt_tmp_refusal,
                       "pto.ttri": _ttri_element_refusal,
                       **{f"pto.{m}": _f16_pad_refusal
                          for m in ("tfillpad", "tfillpad_inplace", "tfillpad_expand")},
                       **{f"pto.{row.mnemonic}": _expand_element_refusal for row in FAMILY_OPS
                          if row.family in ("row_expand", "col_expand")},
                       **{f"pto.{m}": _col_reduce_refusal for m in _COL_REDUCE_SIMULATOR_TYPES}}
# What the host engines check at run time (a dynamic valid extent of
# tor/tinsert, which the simulator asserts; an scf.for step) needs no
# refusal: the call's host checks (run_pto_isa's host_checks) fail first.
# Level 1 (before pto-to-dps): what the exported program cannot compute as
# the host engines do, by op name.
_LEVEL1_REFUSALS = {"pto.tinsert": _fresh_insert_refusal}
# Placed (after pto-plan-memory): what the simulator computes otherwise
# than the NPU code and the host engines for the bytes the buffers share.
_PLACED_REFUSALS = {"pto.tmrgsort": _tmrgsort_overlap_refusal}


def _refusal(module, checks):
    """The first reason ``checks`` (op name -> check(op)) give for an op of
    ``module``, or None."""
    found = []

    def visit(op):
        check = checks.get(op.name)
        problem = check(op) if check else None
        if problem:
            found.append(problem)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found[0] if found else None


def _padded_result_refusal(results):
    """A Level 1 result tile whose valid region may be smaller than the tile
    and whose pad is max or min: on the host engines the elements outside
    the valid region hold the pad value (a tload fills the whole tile), but
    the exported program stores only the valid region into the result's
    out-parameter, which the engine fills with zeros, and PTOAS has no op
    that fills a tile. A pad of null or zero gives zeros on every engine."""
    for number, result_type in enumerate(results):
        if not pto.TileType.isinstance(result_type):
            continue
        spec = tile_spec(result_type)
        if spec.pad in ("null", "zero") or spec.static_valid == spec.shape:
            continue
        return (f"its result #{number} ({result_type}) holds pad {spec.pad} outside its "
                f"valid region on the host engines, and the exported program stores only the "
                f"valid region (PTOAS has no op that fills a tile); give the result pad=zero "
                f"or its whole shape as valid shape")
    return None


def _placed_where_allocated(module):
    """Whether every ``pto.tassign`` of ``module`` comes before any other
    use of its tile (in program order)."""
    used = set()
    late = []

    def visit(op):
        if op.name == "pto.tassign":
            if op.operands[0] in used:
                late.append(op)
                return ir.WalkResult.INTERRUPT
        else:
            used.update(v for v in op.operands if pto.TileBufType.isinstance(v.type))
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return not late


class _EngineInput:
    """What the simulator runs for one kernel: the PTOAS text, the kind of
    each argument (pto_isa.KINDS), the simulator's target ("a3"/"a5"), the
    specs of a Level 1 kernel's results (out-parameters after the inputs)."""

    def __init__(self, module, entry, kernel, target):
        text = module.operation.get_asm(enable_debug_info=True)
        converted = ir.Module.parse(entry_closure(text, entry))
        problem = _refusal(converted, _LEVEL1_REFUSALS)
        pipeline.to_dps(converted, target=target, placement="none")
        problem = problem or _refusal(converted, _SIMULATOR_REFUSALS)
        if problem:
            raise pto_isa.UnsupportedError(f"the pto-isa engine cannot run @{entry}: {problem}")
        pass_tiles_through_memory(converted, entry, written_arguments(converted, entry))
        # Manual placements stay as written, overlapping or not, as the
        # other engines run them; but PTOAS places a buffer where it is
        # allocated, so one placed after its first use (the host engines
        # copy its bytes there at that point) must not share bytes.
        overlap = "true" if _placed_where_allocated(converted) else "false"
        try:
            pipeline.run(converted,
                         f"builtin.module(func.func(pto-plan-memory{{allow-overlap={overlap}}}))")
        except pipeline.PipelineError as error:
            # The arguments' tiles now live in on-chip memory too: they may
            # not fit beside the kernel's.
            raise pto_isa.UnsupportedError(
                f"the pto-isa engine cannot run @{entry}: with its tile arguments loaded "
                f"into on-chip memory, the kernel does not verify or place:\n{error}") from None
        problem = _refusal(converted, _PLACED_REFUSALS)
        if problem:
            raise pto_isa.UnsupportedError(f"the pto-isa engine cannot run @{entry}: {problem}")
        try:
            self.text = ptoas.emit(converted, level=LEVEL)
        except ValueError as error:
            raise pto_isa.UnsupportedError(f"the pto-isa engine cannot run @{entry}: PTOAS "
                                           f"cannot express it:\n{error}") from None
        padded = _padded_result_refusal(kernel.signature.results)
        if padded:
            raise pto_isa.UnsupportedError(f"the pto-isa engine cannot run @{entry}: {padded}")
        signature = function_type(find_function(converted, entry))
        self.kinds = tuple(_kind(t) for t in signature.inputs)
        self.arch = _SIMULATOR_ARCH[pto.declared_target(converted)[1]]
        self.result_specs = [tile_spec(t) for t in kernel.signature.results
                             if pto.TileType.isinstance(t)]


# Kernel -> {target: _EngineInput} (the target sizes the memories the
# placement fills, so each target has its own text).
_engine_inputs: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def engine_input(module, entry, kernel, target):
    """The (cached) _EngineInput of ``kernel``, entry ``entry`` of ``module``;
    its refusal (an UnsupportedError) is cached too and raised here."""
    by_target = _engine_inputs.setdefault(kernel, {})
    found = by_target.get(target)
    if found is None:
        try:
            found = _EngineInput(module, entry, kernel, target)
        except pto_isa.UnsupportedError as error:
            found = error
        by_target[target] = found
    if isinstance(found, pto_isa.UnsupportedError):
        raise found.with_traceback(None)
    return found


def _bytes(value):
    """What the simulator takes for one bound argument."""
    if isinstance(value, GlobalArray):
        return value.elements
    if isinstance(value, TileValue):
        return value.storage.bytes
    return int(value) if isinstance(value, (bool, np.bool_)) else value


def _logical(value, data):
    """The caller's logical array of a written argument, from its bytes
    after the run."""
    if isinstance(value, GlobalArray):
        return data.view(value.elements.dtype).reshape(value.shape)
    return data.view(value.spec.dtype).reshape(value.spec.shape)


def run_pto_isa(module, entry, kernel, binding, target, host_checks, cores=(SINGLE_CORE,)):
    """Runs ``entry`` on the simulator, once per core of ``cores`` (a whole
    grid, grid.py); returns run()'s results (a Level 1 kernel's result
    tiles, then the written arguments, handed back in the caller's arrays).
    ``host_checks()`` runs the host engines' run-time checks of this call
    (raising their KernelError); it runs after the kernel's refusals, which
    need no inputs, and before the simulator."""
    try:
        found = engine_input(module, entry, kernel, target)
        host_checks()
        program = pto_isa.build(found.text, entry, found.kinds, level=LEVEL, arch=found.arch)
        results = [np.zeros(spec.rows * spec.cols, dtype=spec.dtype)
                   for spec in found.result_specs]
        last = cores[-1]
        buffers = program.run([_bytes(v) for v in binding.values] + results,
                              grid=(last.blocks, last.subblocks))
    except (pto_isa.UnsupportedError, pto_isa.EngineError, KernelError) as error:
        # The reason is in the message: the engine's frames would only hide it.
        raise error.with_traceback(None) from None
    positions = [i for i, kind in enumerate(found.kinds) if kind == "buffer"]
    after = dict(zip(positions, buffers))
    outs = [_logical(value, after[param.position])
            for param, value in zip(binding.params, binding.values)
            if param.position in binding.written]
    first_result = len(binding.values)
    return ([after[first_result + k].view(spec.dtype).reshape(spec.shape)
             for k, spec in enumerate(found.result_specs)]
            + binding.write_back(outs))
