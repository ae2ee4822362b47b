"""Every op of the row-reduction family, on every element type each target
allows, rows that tell the simulator's order apart (row_reduce_model.py),
on the interpreter and the JIT (both targets) and on pto-isa's CPU
simulator (A5), bit for bit against the model; and the run-time checks of
rules c5..c7 on both host engines.

One kernel per (target, element type) computes every op of the family that
allows the type, into a DN tile of one column (PTOAS's samples' dst) or an
ND tile valid in column 0 (the pto-isa engine passes only ND tiles). The
simulator runs what ptoas reads: PTOAS a56b18c3's verifiers of the four
(lib/PTO/IR/PTO.cpp, TRowMinOp::verify and its neighbours) take i16 i32 f16
f32 only, so A5's i8 and ui8 trowmax/trowmin run on the host engines.
"""
import numpy as np
import pytest
from elementwise_model import DTYPES
from family_engines import FamilyCases
from row_reduce_model import inputs, model

from pto_mlir import runtime
from pto_mlir.testing import dps_kernel, tile_buf

ROWS = 32  # a DN column of 1-byte elements fills a 32-byte block
_PTOAS = ("i16", "i32", "f16", "f32")
CASES = FamilyCases("row_reduce", {m: _PTOAS for m in
                                   ("trowsum", "trowmax", "trowmin", "trowprod")})


def _cols(element):
    return 64 // np.dtype(DTYPES[element]).itemsize


def _dst(element, layout):
    """A DN column (PTOAS's samples' dst), or an ND tile of 32-byte rows
    valid in column 0 (what the pto-isa engine passes through global
    memory)."""
    if layout == "dn":
        return f"!pto.tile<vec, {ROWS}x1x{element}, blayout=col_major>"
    cols = 32 // np.dtype(DTYPES[element]).itemsize
    return f"!pto.tile<vec, {ROWS}x{cols}x{element}, valid={ROWS}x1>"


def _kernel(target, ops, element, layout):
    t = f"!pto.tile<vec, {ROWS}x{_cols(element)}x{element}>"
    d = _dst(element, layout)
    lines = [f"    %r{k} = pto.{row.mnemonic} %a, %a : ({t}, {t}) -> {d}"
             for k, row in enumerate(ops)]
    results = ", ".join(f"%r{k}" for k in range(len(ops)))
    types = ", ".join([d] * len(ops))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k(%a: {t}) -> ({types}) {{\n" + "\n".join(lines)
            + f"\n    return {results} : {types}\n  }}\n}}\n")


def _level2(target, ops, element):
    """@k(%a, %d0, ...): the ops at Level 2 into ND buffers valid in column
    0 (the pto-isa engine passes a Level 1 result of a partial valid shape
    through a copy PTOAS has no form for)."""
    b = f"!pto.tile_buf<vec, {ROWS}x{_cols(element)}x{element}>"
    d = _dst(element, "nd").replace("!pto.tile<", "!pto.tile_buf<")
    params = ", ".join([f"%a: {b}"] + [f"%d{k}: {d}" for k in range(len(ops))])
    lines = [f"    pto.{row.mnemonic} ins(%a, %a : {b}, {b}) outs(%d{k} : {d})"
             for k, row in enumerate(ops)]
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k({params}) {{\n" + "\n".join(lines)
            + "\n    return\n  }\n}\n")


def _check_layout(target, element, engine, layout):
    ops = CASES.ops_of(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}r".encode()))
    src = inputs(rng, dtype, (ROWS, _cols(element)))
    if engine == "pto-isa":
        results = [np.zeros((ROWS, 32 // np.dtype(dtype).itemsize), dtype) for _ in ops]
        runtime.run(_level2(target, ops, element), "k", src, *results, engine=engine)
    else:
        results = runtime.run(_kernel(target, ops, element, layout), "k", src, engine=engine)
        results = results if isinstance(results, tuple) else (results,)
    for row, got in zip(ops, results):
        want = model(row.element_op, src)
        got = np.asarray(got)[:, :1]  # the whole tile of an ND dst: its column 0
        assert got.dtype == want.dtype, row.mnemonic
        assert got.tobytes() == want.tobytes(), (row.mnemonic, src, got, want)


def _check(target, element, engine):
    """Both dst layouts on the host engines; ND on pto-isa (_level2)."""
    for layout in ("dn", "nd") if engine != "pto-isa" else ("nd",):
        _check_layout(target, element, engine, layout)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)


def test_the_model_tells_the_order_apart():
    """The rows the tests use tell the simulator's fold from numpy's: a NaN
    after column 0 is not a max, -0 rows sum to +0, f16 sums in f32."""
    src = inputs(np.random.default_rng(0), np.float16, (ROWS, 32))
    maxima = model("max", src)
    assert np.isnan(maxima[0, 0]) and not np.isnan(maxima[1, 0]) and not np.isnan(maxima[8, 0])
    assert np.signbit(model("max", src)[4, 0]) and not np.signbit(model("add", src)[4, 0])
    assert model("add", src)[6, 0] == np.float16(np.finfo(np.float16).max)


def _failure(src_valid, dst_valid):
    kernel = dps_kernel("k", "pto.trowsum",
                        [tile_buf(4, 16, "f32", (None, None)), tile_buf(4, 16, "f32")],
                        [tile_buf(4, 8, "f32", (None, None))])
    src = runtime.Tile(np.ones((4, 16), np.float32), src_valid)
    tmp = np.zeros((4, 16), np.float32)
    dst = runtime.Tile(np.zeros((4, 8), np.float32), dst_valid)
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", src, tmp, dst, engine=engine)
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    return messages[0]


@pytest.mark.parametrize("src_valid", [(0, 16), (4, 0)])
def test_empty_reduction(src_valid):
    """trowsum_c7 at run time: the NPU headers assert a non-empty source."""
    rows, cols = src_valid
    assert _failure(src_valid, (rows, 1)) == (
        f"'pto.trowsum' op at -:2:3: valid shape of src is {rows}x{cols}; a reduction "
        "needs at least one row and one column")


@pytest.mark.parametrize("dst_valid", [(3, 1), (4, 2)])
def test_row_reduction_shape(dst_valid):
    """trowsum_c5 and c6 at run time: dst is src's valid rows by 1."""
    assert _failure((4, 16), dst_valid) == (
        f"'pto.trowsum' op at -:2:3: valid shape of dst is {dst_valid[0]}x{dst_valid[1]}; "
        "the row reduction of src's 4 rows needs 4x1")


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("rows", [13, 1])
def test_rows_in_blocks_and_one_at_a_time(engine, rows):
    """The JIT folds eight rows per trip, then the rest one at a time: 13
    rows take both loops, 1 row only the second."""
    t = f"!pto.tile<vec, {rows}x16xf32>"
    d = f"!pto.tile<vec, {rows}x8xf32, valid={rows}x1>"
    ops = ("trowsum", "trowmax", "trowmin", "trowprod")
    lines = "".join(f"    %r{k} = pto.{op} %a, %a : ({t}, {t}) -> {d}\n"
                    for k, op in enumerate(ops))
    kernel = (f"func.func @k(%a: {t}) -> ({', '.join([d] * 4)}) {{\n{lines}"
              f"    return {', '.join(f'%r{k}' for k in range(4))} : {', '.join([d] * 4)}\n}}\n")
    src = inputs(np.random.default_rng(rows), np.float32, (max(rows, 9), 16))[-rows:]
    src = np.ascontiguousarray(src)
    for got, op in zip(runtime.run(kernel, "k", src, engine=engine), ("add", "max", "min", "mul")):
        assert np.asarray(got)[:, :1].tobytes() == model(op, src).tobytes(), op
