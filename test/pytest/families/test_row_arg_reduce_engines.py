"""Every op of the row arg-reduction family, on every source type each
target allows and both index types, rows that tell the simulator's scan
apart (arg_reduce_model.py: ties, NaN first and later, signed zeros), on
the interpreter and the JIT (both targets) and on pto-isa's CPU simulator
(A5), bit for bit against the model; pto-isa's own CPU tests
(tests/cpu/st/testcase/trowreduceidx, its expected indices, and the shapes
of targreduceop); and the run-time checks of rules c6..c8 on both host
engines.

One kernel per (target, element type) computes every op into a DN column
of i32 and one of ui32 (PTOAS's sample's dst), or into ND tiles valid in
column 0 (the pto-isa engine passes only ND tiles). The simulator runs what
ptoas reads: PTOAS a56b18c3's verifiers (lib/PTO/IR/PTO.cpp:7970, :8047)
take i16, i32, f16 and f32 sources (of either signedness), so A5's bf16
runs on the host engines.
"""
import numpy as np
import pytest
from arg_reduce_model import arg_model, inputs
from elementwise_model import DTYPES
from family_engines import FamilyCases

from pto_mlir import families, runtime
from pto_mlir.testing import dps_kernel, tile_buf

ROWS = 32
_PTOAS = ("i16", "ui16", "i32", "ui32", "f16", "f32")
CASES = FamilyCases("row_arg_reduce", {"trowargmax": _PTOAS, "trowargmin": _PTOAS})
INDEX = ("i32", "ui32")


def _cols(element):
    return 64 // np.dtype(DTYPES[element]).itemsize


def _dst(index, layout):
    if layout == "dn":
        return f"!pto.tile<vec, {ROWS}x1x{index}, blayout=col_major>"
    return f"!pto.tile<vec, {ROWS}x8x{index}, valid={ROWS}x1>"


def _kernel(target, ops, element, layout):
    t = f"!pto.tile<vec, {ROWS}x{_cols(element)}x{element}>"
    lines, types = [], []
    for row in ops:
        for index in INDEX:
            d = _dst(index, layout)
            lines.append(f"    %r{len(lines)} = pto.{row.mnemonic} %a, %a : ({t}, {t}) -> {d}")
            types.append(d)
    results = ", ".join(f"%r{k}" for k in range(len(lines)))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k(%a: {t}) -> ({', '.join(types)}) {{\n" + "\n".join(lines)
            + f"\n    return {results} : {', '.join(types)}\n  }}\n}}\n")


def _level2(target, ops, element):
    """@k(%a, %d0, ...): the ops at Level 2 into ND buffers valid in column
    0, i32 and ui32 for each op."""
    b = f"!pto.tile_buf<vec, {ROWS}x{_cols(element)}x{element}>"
    params, lines = [f"%a: {b}"], []
    for row in ops:
        for index in INDEX:
            d = _dst(index, "nd").replace("!pto.tile<", "!pto.tile_buf<")
            k = len(lines)
            params.append(f"%d{k}: {d}")
            lines.append(f"    pto.{row.mnemonic} ins(%a, %a : {b}, {b}) outs(%d{k} : {d})")
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k({', '.join(params)}) {{\n" + "\n".join(lines)
            + "\n    return\n  }\n}\n")


def _check_layout(target, element, engine, layout):
    ops = CASES.ops_of(target, element, engine)
    rng = np.random.default_rng(sum(f"{target}{element}a".encode()))
    src = inputs(rng, DTYPES[element], (ROWS, _cols(element)))
    wants = [arg_model(row.element_op, src).astype(index)
             for row in ops for index in (np.int32, np.uint32)]
    if engine == "pto-isa":
        results = [np.zeros((ROWS, 8), want.dtype) for want in wants]
        runtime.run(_level2(target, ops, element), "k", src, *results, engine=engine)
    else:
        results = runtime.run(_kernel(target, ops, element, layout), "k", src, engine=engine)
    for want, got in zip(wants, results):
        got = np.asarray(got)[:, :1]
        assert got.dtype == want.dtype
        assert got.tobytes() == want.tobytes(), (src, got, want)


def _check(target, element, engine):
    """Both dst layouts on the host engines; ND on pto-isa (_level2)."""
    for layout in ("dn", "nd") if engine != "pto-isa" else ("nd",):
        _check_layout(target, element, engine, layout)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)


def test_the_model_tells_the_scan_apart():
    """A NaN in column 0 is kept, a later one is not taken; ties keep the
    first index; -0 and +0 are equal (the first kept)."""
    src = inputs(np.random.default_rng(0), np.float32, (ROWS, 16))
    maxima, minima = arg_model("max", src), arg_model("min", src)
    assert maxima[0, 0] == 0 and minima[0, 0] == 0  # NaN first
    assert maxima[1, 0] not in (0, 1) and minima[1, 0] != 1  # [1, NaN, 2, ...]
    assert maxima[2, 0] == 0 and minima[3, 0] == 0  # [-0, 0], [0, -0]
    assert maxima[9, 0] == 0 and minima[9, 0] == 0  # one repeated value
    assert maxima[10, 0] == 1 and minima[10, 0] == 2  # twice each


_TROWREDUCEIDX = np.array([[1, 8, 8, -3, 4], [7, 2, 9, 9, 1], [-5, -6, -6, 0, 0]], np.int32)


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_pto_isa_cpu_test_trowreduceidx(engine):
    """tests/cpu/st/testcase/trowreduceidx/main.cpp: an i32 source of
    valid 3x5 in a 3x8 tile, dst 3x8 valid 3x1, tmp 1x8 valid 1x1; its
    expected indices (written there) {1, 2, 3} and {3, 4, 1}."""
    src = np.zeros((3, 8), np.int32)
    src[:, :5] = _TROWREDUCEIDX
    kernel = (
        "func.func @k(%a: !pto.tile_buf<vec, 3x8xi32, valid=3x5>, "
        "%t: !pto.tile_buf<vec, 1x8xi32, valid=1x1>, %x: !pto.tile_buf<vec, 3x8xi32, "
        "valid=3x1>, %n: !pto.tile_buf<vec, 3x8xi32, valid=3x1>) {\n"
        "  pto.trowargmax ins(%a, %t : !pto.tile_buf<vec, 3x8xi32, valid=3x5>, "
        "!pto.tile_buf<vec, 1x8xi32, valid=1x1>) outs(%x : !pto.tile_buf<vec, 3x8xi32, "
        "valid=3x1>)\n"
        "  pto.trowargmin ins(%a, %t : !pto.tile_buf<vec, 3x8xi32, valid=3x5>, "
        "!pto.tile_buf<vec, 1x8xi32, valid=1x1>) outs(%n : !pto.tile_buf<vec, 3x8xi32, "
        "valid=3x1>)\n"
        "  return\n}\n")
    argmax, argmin = np.zeros((3, 8), np.int32), np.zeros((3, 8), np.int32)
    runtime.run(kernel, "k", runtime.Tile(src, (3, 5)), np.zeros((1, 8), np.int32),
                runtime.Tile(argmax, (3, 1)), runtime.Tile(argmin, (3, 1)), engine=engine,
                placement="none")
    assert argmax[:, 0].tolist() == [1, 2, 3]
    assert argmin[:, 0].tolist() == [3, 4, 1]


@pytest.mark.parametrize("engine", ["interp", "jit", "pto-isa"])
@pytest.mark.parametrize("op", ["trowargmax", "trowargmin"])
@pytest.mark.parametrize("element,index,shape", [
    ("f32", "ui32", (64, 64)), ("f16", "i32", (16, 256))])
def test_pto_isa_cpu_test_targreduceop_shapes(request, engine, op, element, index, shape):
    """tests/cpu/st/testcase/targreduceop/main.cpp:156-196's full-tile
    cases (u32 indices of 64x64 f32, i32 of 16x256 f16) on random sources
    vs the model."""
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    rows, cols = shape
    dtype = DTYPES[element]
    src = inputs(np.random.default_rng(rows), dtype, shape)
    b = tile_buf(rows, cols, element)
    d = tile_buf(rows, 8, index, (rows, 1))
    got = np.zeros((rows, 8), DTYPES[index])
    runtime.run(_shaped_kernel(op, b, d), "k", src, got, engine=engine)
    want = arg_model(families.op(op).element_op, src).astype(DTYPES[index])
    assert got[:, :1].tobytes() == want.tobytes()


def _shaped_kernel(op, b, d):
    """@k(%a, %d): ``op`` with src and tmp the same buffer (PTOAS's tmp of
    src's valid shape)."""
    return (f'module attributes {{pto.target_arch = "a5"}} {{\n'
            f"  func.func @k(%a: {b}, %d: {d}) {{\n"
            f"    pto.{op} ins(%a, %a : {b}, {b}) outs(%d : {d})\n"
            "    return\n  }\n}\n")


def _failure(src_valid, dst_valid):
    kernel = dps_kernel("k", "pto.trowargmax",
                        [tile_buf(4, 16, "f32", (None, None)), tile_buf(4, 16, "f32")],
                        [tile_buf(4, 8, "i32", (None, None))])
    src = runtime.Tile(np.ones((4, 16), np.float32), src_valid)
    tmp = np.zeros((4, 16), np.float32)
    dst = runtime.Tile(np.zeros((4, 8), np.int32), dst_valid)
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", src, tmp, dst, engine=engine)
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    return messages[0]


@pytest.mark.parametrize("src_valid", [(0, 16), (4, 0)])
def test_empty_reduction(src_valid):
    """trowargmax_c8 at run time (CheckRowArgTiles, TReduceIdx.hpp:82)."""
    rows, cols = src_valid
    assert _failure(src_valid, (rows, 1)) == (
        f"'pto.trowargmax' op at -:2:3: valid shape of src is {rows}x{cols}; a reduction "
        "needs at least one row and one column")


@pytest.mark.parametrize("dst_valid", [(3, 1), (4, 2)])
def test_row_reduction_shape(dst_valid):
    """trowargmax_c6 and c7 at run time: dst is src's valid rows by 1."""
    assert _failure((4, 16), dst_valid) == (
        f"'pto.trowargmax' op at -:2:3: valid shape of dst is {dst_valid[0]}x{dst_valid[1]}; "
        "the row reduction of src's 4 rows needs 4x1")


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("rows", [13, 1])
def test_rows_in_blocks_and_one_at_a_time(engine, rows):
    """The JIT scans eight rows per trip, then the rest one at a time."""
    t = f"!pto.tile<vec, {rows}x16xf32>"
    d = f"!pto.tile<vec, {rows}x8xi32, valid={rows}x1>"
    kernel = (f"func.func @k(%a: {t}) -> ({d}, {d}) {{\n"
              f"    %r0 = pto.trowargmax %a, %a : ({t}, {t}) -> {d}\n"
              f"    %r1 = pto.trowargmin %a, %a : ({t}, {t}) -> {d}\n"
              f"    return %r0, %r1 : {d}, {d}\n}}\n")
    src = np.ascontiguousarray(inputs(np.random.default_rng(rows), np.float32, (16, 16))[-rows:])
    for got, op in zip(runtime.run(kernel, "k", src, engine=engine), ("max", "min")):
        assert np.asarray(got)[:, :1].tobytes() == arg_model(op, src).astype(np.int32).tobytes()
