"""Every op of the column-reduction family, on every element type each
target allows, columns that tell the simulator's order apart
(row_reduce_model.py, col_model), on the interpreter and the JIT (both
targets) and on pto-isa's CPU simulator (A5), bit for bit against the
model; tcolsum's tmp and isBinary change nothing (the simulator sums in
order); pto-isa's own CPU tests' shapes (tests/cpu/st/testcase/tcolsum,
tcolmax, tcolmin, tcolprod); and the run-time checks of rules c5..c7 on
both host engines.

The simulator runs what ptoas reads and its own headers compile: PTOAS
a56b18c3's A5 verifiers (lib/PTO/IR/PTO.cpp, TColSumOp::verify and its
neighbours) take 8- to 32-bit integers, f16, bf16 and f32, tcolprod no
8-bit ones; the simulator's TCOLSUM static_asserts floats
(include/pto/cpu/TColSum.hpp:36, CheckCSValid) and its TCOLMAX floats and
8-bit integers (TColMax.hpp:39, CheckCMValid). The other types run on the
host engines.
"""
import numpy as np
import pytest
from elementwise_model import DTYPES
from family_engines import FamilyCases
from row_reduce_model import col_model, inputs

from pto_mlir import runtime
from pto_mlir.runtime import pto_isa
from pto_mlir.testing import dps_kernel, tile_buf

ROWS = 16
CASES = FamilyCases("col_reduce", {
    "tcolsum": ("f16", "f32"),
    "tcolmax": ("i8", "ui8", "f16", "f32"),
    "tcolmin": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "f32"),
    "tcolprod": ("i16", "ui16", "i32", "ui32", "f16", "f32"),
})


def _cols(element):
    return 64 // np.dtype(DTYPES[element]).itemsize


def _src(rng, dtype, rows, cols):
    """The model's special lines (row_reduce_model.inputs) down the columns."""
    return np.ascontiguousarray(inputs(rng, dtype, (cols, rows)).T)


def _kernel(target, ops, element, rows, cols, tmp=None):
    """@k(%a[, %t]) -> the ops' 1 x cols results at Level 1; ``tmp``
    ("true"/"false") gives tcolsum a tmp tile with that isBinary."""
    t = f"!pto.tile<vec, {rows}x{cols}x{element}>"
    d = f"!pto.tile<vec, 1x{cols}x{element}>"
    s = f"!pto.tile<vec, {rows}x{cols}x{element}>"
    lines = []
    for k, row in enumerate(ops):
        if tmp and row.mnemonic == "tcolsum":
            lines.append(f"    %r{k} = pto.tcolsum %a, %t {{isBinary = {tmp}}} : ({t}, {s}) -> {d}")
        else:
            lines.append(f"    %r{k} = pto.{row.mnemonic} %a : {t} -> {d}")
    params = f"%a: {t}" + (f", %t: {s}" if tmp else "")
    results = ", ".join(f"%r{k}" for k in range(len(ops)))
    types = ", ".join([d] * len(ops))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k({params}) -> ({types}) {{\n" + "\n".join(lines)
            + f"\n    return {results} : {types}\n  }}\n}}\n")


def _run_and_compare(target, ops, element, engine, src, tmp=None):
    rows, cols = src.shape
    args = [src] + ([np.zeros_like(src)] if tmp else [])
    results = runtime.run(_kernel(target, ops, element, rows, cols, tmp), "k", *args,
                          engine=engine)
    results = results if isinstance(results, tuple) else (results,)
    for row, got in zip(ops, results):
        want = col_model(row.element_op, src)
        got = np.asarray(got)
        assert got.dtype == want.dtype, row.mnemonic
        assert got.tobytes() == want.tobytes(), (row.mnemonic, src, got, want)


def _check(target, element, engine):
    ops = CASES.ops_of(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}c".encode()))
    src = _src(rng, dtype, ROWS, _cols(element))
    _run_and_compare(target, ops, element, engine, src)
    if any(row.mnemonic == "tcolsum" for row in ops):
        sums = [row for row in ops if row.mnemonic == "tcolsum"]
        for is_binary in ("true", "false"):
            _run_and_compare(target, sums, element, engine, src, tmp=is_binary)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)


def test_the_model_tells_the_order_apart():
    """The columns the tests use tell the simulator's fold from numpy's and
    from TROWSUM's: a NaN after row 0 is not a max, -0 columns sum to +0,
    f16 sums round in f16 (big + big - big is inf, where TROWSUM's f32 sum
    is finite)."""
    src = _src(np.random.default_rng(0), np.float16, ROWS, 32)
    maxima = col_model("max", src)
    assert np.isnan(maxima[0, 0]) and not np.isnan(maxima[0, 1]) and not np.isnan(maxima[0, 8])
    assert np.signbit(col_model("max", src)[0, 4]) and not np.signbit(col_model("add", src)[0, 4])
    assert np.isinf(col_model("add", src)[0, 6])


# pto-isa's CPU tests (tests/cpu/st/testcase/<op>/gen_data.py, main.cpp):
# (op, element, tile rows x cols, valid rows x cols).
_VENDOR = [
    ("tcolsum", "f32", (64, 64), (64, 64)), ("tcolsum", "f16", (16, 256), (16, 256)),
    ("tcolmax", "f32", (64, 64), (64, 64)), ("tcolmax", "f16", (16, 256), (16, 256)),
    ("tcolmax", "i8", (64, 64), (64, 64)), ("tcolmax", "ui8", (64, 64), (64, 64)),
    ("tcolmin", "f32", (64, 64), (64, 64)), ("tcolmin", "f16", (64, 64), (64, 64)),
    ("tcolmin", "f32", (32, 16), (32, 16)), ("tcolmin", "i8", (64, 64), (64, 64)),
    ("tcolmin", "ui8", (64, 64), (64, 64)), ("tcolprod", "i32", (3, 8), (3, 4)),
]


def _vendor_kernel(op, element, shape, valid):
    s = tile_buf(*shape, element, valid if valid != shape else None)
    d = tile_buf(1, shape[1], element, (1, valid[1]) if valid != shape else None)
    return (f'module attributes {{pto.target_arch = "a5"}} {{\n'
            f"  func.func @k(%a: {s}, %d: {d}) {{\n"
            f"    pto.{op} ins(%a : {s}) outs(%d : {d})\n    return\n  }}\n}}\n")


@pytest.mark.parametrize("engine", ["interp", "jit", "pto-isa"])
@pytest.mark.parametrize("op,element,shape,valid", _VENDOR)
def test_vendor_cases(request, engine, op, element, shape, valid):
    """The vendor's inputs: integers in [-16, 16) (tcolsum, tcolmax), uniform
    in [-16, 16) (tcolmin), small products (tcolprod); the valid region
    reduced, the rest of dst kept."""
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    dtype = DTYPES[element]
    rng = np.random.default_rng(19)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        low, high = (max(info.min, -16), min(info.max, 16)) if op != "tcolprod" else (-3, 4)
        src = rng.integers(low, high, shape).astype(dtype)
    else:
        src = rng.uniform(-16, 16, shape).astype(dtype)
    dst = np.full((1, shape[1]), 7, dtype)
    element_op = {"tcolsum": "add", "tcolmax": "max", "tcolmin": "min", "tcolprod": "mul"}[op]
    want = dst.copy()
    want[:, :valid[1]] = col_model(element_op, np.ascontiguousarray(src[:valid[0], :valid[1]]))
    runtime.run(_vendor_kernel(op, element, shape, valid), "k", src, dst, engine=engine)
    assert dst.tobytes() == want.tobytes(), (dst, want)


def _failure(src_valid, dst_valid, op="tcolsum"):
    kernel = dps_kernel("k", f"pto.{op}", [tile_buf(4, 16, "f32", (None, None))],
                        [tile_buf(1, 16, "f32", (None, None))])
    src = runtime.Tile(np.ones((4, 16), np.float32), src_valid)
    dst = runtime.Tile(np.zeros((1, 16), np.float32), dst_valid)
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", src, dst, engine=engine)
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    return messages[0]


@pytest.mark.parametrize("op", ["tcolsum", "tcolmax", "tcolmin", "tcolprod"])
@pytest.mark.parametrize("src_valid", [(0, 16), (4, 0)])
def test_empty_reduction(op, src_valid):
    """<op>_c7 at run time: the NPU returns early, leaving dst unwritten."""
    rows, cols = src_valid
    assert _failure(src_valid, (1, cols), op) == (
        f"'pto.{op}' op at -:2:3: valid shape of src is {rows}x{cols}; a reduction "
        "needs at least one row and one column")


@pytest.mark.parametrize("dst_valid", [(1, 8), (0, 16)])
def test_col_reduction_shape(dst_valid):
    """tcolsum_c5 and c6 at run time: dst is 1 by src's valid columns."""
    assert _failure((4, 16), dst_valid) == (
        f"'pto.tcolsum' op at -:2:3: valid shape of dst is {dst_valid[0]}x{dst_valid[1]}; "
        "the column reduction of src's 16 columns needs 1x16")


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("cols", [13, 1])
def test_columns_in_blocks_and_one_at_a_time(engine, cols):
    """The JIT folds eight columns per trip, then the rest one at a time: 13
    columns take both loops, 1 column only the second."""
    t = f"!pto.tile<vec, 9x16xf32, valid=9x{cols}>"
    d = f"!pto.tile<vec, 1x16xf32, valid=1x{cols}>"
    ops = ("tcolsum", "tcolmax", "tcolmin", "tcolprod")
    lines = "".join(f"    %r{k} = pto.{op} %a : {t} -> {d}\n" for k, op in enumerate(ops))
    kernel = (f"func.func @k(%a: {t}) -> ({', '.join([d] * 4)}) {{\n{lines}"
              f"    return {', '.join(f'%r{k}' for k in range(4))} : {', '.join([d] * 4)}\n}}\n")
    src = _src(np.random.default_rng(cols), np.float32, 9, 16)
    results = runtime.run(kernel, "k", runtime.Tile(src, (9, cols)), engine=engine)
    for got, op in zip(results, ("add", "max", "min", "mul")):
        want = col_model(op, np.ascontiguousarray(src[:, :cols]))
        assert np.asarray(got)[:, :cols].tobytes() == want.tobytes(), op


@pytest.mark.parametrize("op,element,dst_cols,reason", [
    ("tcolsum", "i16", 16, "is of i16, which pto-isa's CPU simulator does not compile TCOLSUM "
     "for (include/pto/cpu/TColSum.hpp:36, TColMax.hpp:39)"),
    ("tcolmax", "i32", 16, "is of i32, which pto-isa's CPU simulator does not compile TCOLMAX "
     "for (include/pto/cpu/TColSum.hpp:36, TColMax.hpp:39)"),
    ("tcolsum", "f32", 32, "has src of 16 columns and dst of 32, which pto-isa's CPU simulator "
     "does not compile (include/pto/cpu/TColSum.hpp:46, TColMax.hpp:49 assert one number of "
     "columns)"),
])
def test_what_the_simulator_does_not_compile_is_refused(pto_isa_tools, op, element, dst_cols,
                                                        reason):
    """The simulator's own static_asserts (not the NPU's): refused by name
    before g++ runs; the host engines run these kernels."""
    s = f"!pto.tile_buf<vec, 8x16x{element}>"
    d = f"!pto.tile_buf<vec, 1x{dst_cols}x{element}, valid=1x16>"
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%a: {s}, %d: {d}) {{\n"
            f"    pto.{op} ins(%a : {s}) outs(%d : {d})\n    return\n  }}\n}}\n")
    dtype = DTYPES[element]
    src, dst = np.ones((8, 16), dtype), np.zeros((1, dst_cols), dtype)
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.run(text, "k", src, dst, engine="pto-isa")
    assert str(info.value) == (f"the pto-isa engine cannot run @k: its pto.{op} at -:3:5 "
                               f"{reason}, so it runs on the interpreter and the JIT only")
    runtime.run(text, "k", src, dst, engine="interp")
    assert dst[0, :16].tolist() == col_model(
        {"tcolsum": "add", "tcolmax": "max"}[op], src)[0].tolist()
