"""Every op of the column arg-reduction family, on every source type each
target allows and both index types, columns that tell the simulator's scan
apart (arg_reduce_model.py: ties, NaN first and later, signed zeros), from
ND and DN sources, on the interpreter and the JIT (both targets) and on
pto-isa's CPU simulator (A5), bit for bit against the model; pto-isa's own
CPU tests (tests/cpu/st/testcase/tcolreduceidx, its expected indices, and
the shapes of targreduceop); and the run-time checks of rules c6..c8 on
both host engines.

The simulator runs what ptoas reads: PTOAS a56b18c3's verifiers
(lib/PTO/IR/PTO.cpp:3419, :3486) take f16 and f32 sources only, ND, so the
integer sources and DN run on the host engines.
"""
import numpy as np
import pytest
from arg_reduce_model import col_arg_model, inputs
from elementwise_model import DTYPES
from family_engines import FamilyCases

from pto_mlir import families, runtime
from pto_mlir.testing import dps_kernel, tile_buf

ROWS = 32  # a DN column of 1-byte elements fills a 32-byte block
CASES = FamilyCases("col_arg_reduce", {"tcolargmax": ("f16", "f32"),
                                       "tcolargmin": ("f16", "f32")})
INDEX = ("i32", "ui32")


def _cols(element):
    return 64 // np.dtype(DTYPES[element]).itemsize


def _src(rng, dtype, rows, cols):
    """The model's special lines (arg_reduce_model.inputs) down the columns."""
    return np.ascontiguousarray(inputs(rng, dtype, (cols, rows)).T)


def _kernel(target, ops, element, layout, level):
    """The ops on one source of ``layout`` (tmp the same value) into 1 x cols
    results of i32 and ui32, at ``level`` 1 (results) or 2 (buffers)."""
    cols = _cols(element)
    extra = ", blayout=col_major" if layout == "dn" else ""
    kind = "tile" if level == 1 else "tile_buf"
    t = f"!pto.{kind}<vec, {ROWS}x{cols}x{element}{extra}>"
    lines, types = [], []
    for row in ops:
        for index in INDEX:
            d = f"!pto.{kind}<vec, 1x{cols}x{index}>"
            k = len(lines)
            lines.append(f"    %r{k} = pto.{row.mnemonic} %a, %a : ({t}, {t}) -> {d}" if level == 1
                         else f"    pto.{row.mnemonic} ins(%a, %a : {t}, {t}) outs(%d{k} : {d})")
            types.append(d)
    head = f'module attributes {{pto.target_arch = "{target}"}} {{\n'
    if level == 1:
        results = ", ".join(f"%r{k}" for k in range(len(lines)))
        return (head + f"  func.func @k(%a: {t}) -> ({', '.join(types)}) {{\n"
                + "\n".join(lines) + f"\n    return {results} : {', '.join(types)}\n  }}\n}}\n")
    params = ", ".join([f"%a: {t}"] + [f"%d{k}: {d}" for k, d in enumerate(types)])
    return head + f"  func.func @k({params}) {{\n" + "\n".join(lines) + "\n    return\n  }\n}\n"


def _check(target, element, engine):
    """ND and DN sources on the host engines (Level 1); ND at Level 2 on
    pto-isa."""
    ops = CASES.ops_of(target, element, engine)
    rng = np.random.default_rng(sum(f"{target}{element}c".encode()))
    src = _src(rng, DTYPES[element], ROWS, _cols(element))
    wants = [col_arg_model(row.element_op, src).astype(index)
             for row in ops for index in (np.int32, np.uint32)]
    for layout in ("nd", "dn") if engine != "pto-isa" else ("nd",):
        if engine == "pto-isa":
            results = [np.zeros_like(want) for want in wants]
            runtime.run(_kernel(target, ops, element, layout, 2), "k", src, *results,
                        engine=engine)
        else:
            results = runtime.run(_kernel(target, ops, element, layout, 1), "k", src,
                                  engine=engine)
        for want, got in zip(wants, results):
            got = np.asarray(got)
            assert got.dtype == want.dtype
            assert got.tobytes() == want.tobytes(), (layout, src, got, want)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_pto_isa_cpu_test_tcolreduceidx(engine):
    """tests/cpu/st/testcase/tcolreduceidx/main.cpp: an i32 source (A5) of
    valid 4x4 in a 4x8 tile, dst 1x8 valid 1x4, tmp 1x8 valid 1x1; its
    expected indices (written there) {1, 0, 1, 2} and {2, 2, 0, 1}."""
    src = np.zeros((4, 8), np.int32)
    src[:, :4] = [[1, 8, -2, 3], [7, 8, 9, 1], [-5, -7, 9, 5], [4, -7, 0, 5]]
    s, t = tile_buf(4, 8, "i32", (4, 4)), tile_buf(1, 8, "i32", (1, 1))
    d = tile_buf(1, 8, "i32", (1, 4))
    kernel = (f'module attributes {{pto.target_arch = "a5"}} {{\n'
              f"  func.func @k(%a: {s}, %t: {t}, %x: {d}, %n: {d}) {{\n"
              f"    pto.tcolargmax ins(%a, %t : {s}, {t}) outs(%x : {d})\n"
              f"    pto.tcolargmin ins(%a, %t : {s}, {t}) outs(%n : {d})\n"
              "    return\n  }\n}\n")
    argmax, argmin = np.zeros((1, 8), np.int32), np.zeros((1, 8), np.int32)
    runtime.run(kernel, "k", runtime.Tile(src, (4, 4)), np.zeros((1, 8), np.int32),
                runtime.Tile(argmax, (1, 4)), runtime.Tile(argmin, (1, 4)), engine=engine,
                placement="none")
    assert argmax[0, :4].tolist() == [1, 0, 1, 2]
    assert argmin[0, :4].tolist() == [2, 2, 0, 1]


@pytest.mark.parametrize("engine", ["interp", "jit", "pto-isa"])
@pytest.mark.parametrize("op", ["tcolargmax", "tcolargmin"])
@pytest.mark.parametrize("element,index,shape", [
    ("f32", "ui32", (64, 64)), ("f16", "i32", (16, 256))])
def test_pto_isa_cpu_test_targreduceop_shapes(request, engine, op, element, index, shape):
    """tests/cpu/st/testcase/targreduceop/main.cpp:200-240's full-tile
    cases (u32 indices of 64x64 f32, i32 of 16x256 f16) on random sources
    vs the model."""
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    rows, cols = shape
    src = _src(np.random.default_rng(cols), DTYPES[element], rows, cols)
    b, d = tile_buf(rows, cols, element), tile_buf(1, cols, index)
    kernel = (f'module attributes {{pto.target_arch = "a5"}} {{\n'
              f"  func.func @k(%a: {b}, %d: {d}) {{\n"
              f"    pto.{op} ins(%a, %a : {b}, {b}) outs(%d : {d})\n"
              "    return\n  }\n}\n")
    got = np.zeros((1, cols), DTYPES[index])
    runtime.run(kernel, "k", src, got, engine=engine)
    want = col_arg_model(families.op(op).element_op, src).astype(DTYPES[index])
    assert got.tobytes() == want.tobytes()


def _failure(src_valid, dst_valid):
    kernel = dps_kernel("k", "pto.tcolargmin",
                        [tile_buf(4, 16, "f32", (None, None)), tile_buf(4, 16, "f32")],
                        [tile_buf(2, 16, "i32", (None, None))])
    src = runtime.Tile(np.ones((4, 16), np.float32), src_valid)
    tmp = np.zeros((4, 16), np.float32)
    dst = runtime.Tile(np.zeros((2, 16), np.int32), dst_valid)
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", src, tmp, dst, engine=engine)
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    return messages[0]


def test_empty_reduction_before_the_shape():
    """tcolargmin_c8 at run time, checked before c6 and c7, as
    CheckColArgTiles asserts them (TReduceIdx.hpp:68-70): an empty source
    and a dst of the wrong shape report the empty source."""
    assert _failure((0, 16), (2, 16)) == (
        "'pto.tcolargmin' op at -:2:3: valid shape of src is 0x16; a reduction "
        "needs at least one row and one column")


@pytest.mark.parametrize("dst_valid", [(2, 16), (1, 8)])
def test_col_reduction_shape(dst_valid):
    """tcolargmin_c6 and c7 at run time: dst is 1 by src's valid columns."""
    rows, cols = dst_valid
    assert _failure((4, 16), dst_valid) == (
        f"'pto.tcolargmin' op at -:2:3: valid shape of dst is {rows}x{cols}; the column "
        "reduction of src's 16 columns needs 1x16")
