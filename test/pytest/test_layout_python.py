"""tinterleave, tdeinterleave, treshape and tsort32 built from Python at both
levels; the printed module is checked whole."""
import pytest

from pto_mlir import ir
from pto_mlir.dialects import func, pto


@pytest.fixture
def ctx():
    with ir.Context() as context, ir.Location.unknown():
        yield context


def _module(build):
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        build()
    assert module.operation.verify()
    return str(module)


def test_level1(ctx):
    f32, f16 = ir.F32Type.get(), ir.F16Type.get()
    t = pto.TileType.get([16, 64], f32)
    h = pto.TileType.get([2, 64], f16, valid_shape=[2, None])

    def build():
        @func.FuncOp.from_py_func(t, t, h)
        def level1(a, b, c):
            d0, d1 = pto.tinterleave(a, b)
            e0, e1 = pto.tdeinterleave(d0, d1)
            s0, s1 = pto.tdeinterleave(e0)
            view = pto.treshape(s1, pto.TileType.get([32, 16], f32))
            values, idx = pto.tsort32(c)
            records = pto.tsort32(c, idx)
            return e1, view, values, records

    T = "!pto.tile<vec, 16x64xf32>"
    H = "!pto.tile<vec, 16x32xf32>"
    V = "!pto.tile<vec, 32x16xf32>"
    C = "!pto.tile<vec, 2x64xf16, valid=2x?>"
    I = "!pto.tile<vec, 2x64xui32, valid=2x?>"
    R = "!pto.tile<vec, 2x256xf16, valid=2x?>"
    assert _module(build) == f"""module {{
  func.func @level1(%arg0: {T}, %arg1: {T}, %arg2: {C}) -> ({T}, {V}, {C}, {R}) {{
    %0:2 = pto.tinterleave %arg0, %arg1 : ({T}, {T}) -> ({T}, {T})
    %1:2 = pto.tdeinterleave %0#0, %0#1 : ({T}, {T}) -> ({T}, {T})
    %2:2 = pto.tdeinterleave %1#0 : {T} -> ({H}, {H})
    %3 = pto.treshape %2#1 : {H} -> {V}
    %4:2 = pto.tsort32 %arg2 : {C} -> ({C}, {I})
    %5 = pto.tsort32 %arg2, %4#1 : ({C}, {I}) -> {R}
    return %1#1, %3, %4#0, %5 : {T}, {V}, {C}, {R}
  }}
}}
"""


def test_level2(ctx):
    f32, ui32 = ir.F32Type.get(), ir.IntegerType.get_unsigned(32)
    b = pto.TileBufType.get([16, 64], f32)
    h = pto.TileBufType.get([16, 32], f32)
    v = pto.TileBufType.get([32, 32], f32)
    i = pto.TileBufType.get([16, 64], ui32)
    r = pto.TileBufType.get([16, 128], f32)

    def build():
        @func.FuncOp.from_py_func(b, b, h, v, i, r)
        def level2(s0, s1, half, other, idx, records):
            op = pto.tinterleave(s0, s1, outs=[s0, s1])
            assert isinstance(op, pto.TInterleaveOp)
            pto.tdeinterleave(s0, s1, outs=[s0, s1])
            pto.tdeinterleave(s0, outs=[half, half])
            view = pto.treshape(s0, v)
            pto.treshape(view, outs=[other])
            pto.tsort32(s0, outs=[s1, idx])
            pto.tsort32(s0, idx, other, outs=[records])

    B, H, V = "!pto.tile_buf<vec, 16x64xf32>", "!pto.tile_buf<vec, 16x32xf32>", "!pto.tile_buf<vec, 32x32xf32>"
    I, R = "!pto.tile_buf<vec, 16x64xui32>", "!pto.tile_buf<vec, 16x128xf32>"
    assert _module(build) == f"""module {{
  func.func @level2(%arg0: {B}, %arg1: {B}, %arg2: {H}, %arg3: {V}, %arg4: {I}, %arg5: {R}) {{
    pto.tinterleave ins(%arg0, %arg1 : {B}, {B}) outs(%arg0, %arg1 : {B}, {B})
    pto.tdeinterleave ins(%arg0, %arg1 : {B}, {B}) outs(%arg0, %arg1 : {B}, {B})
    pto.tdeinterleave ins(%arg0 : {B}) outs(%arg2, %arg2 : {H}, {H})
    %0 = pto.treshape %arg0 : {B} -> {V}
    pto.treshape ins(%0 : {V}) outs(%arg3 : {V})
    pto.tsort32 ins(%arg0 : {B}) outs(%arg1, %arg4 : {B}, {I})
    pto.tsort32 ins(%arg0, %arg4, %arg3 : {B}, {I}, {V}) outs(%arg5 : {R})
    return
  }}
}}
"""


def test_explicit_result_types_and_misuse(ctx):
    f32 = ir.F32Type.get()
    t = pto.TileType.get([8, 64], f32)
    narrow = pto.TileType.get([8, 32], f32, valid_shape=[8, 16])
    odd = pto.TileType.get([8, 8], f32, valid_shape=[8, 5])
    with ir.InsertionPoint(ir.Module.create().body):
        @func.FuncOp.from_py_func(t, odd)
        def kernel(a, o):
            d0, d1 = pto.tdeinterleave(a, result_types=[narrow, narrow])
            assert str(d0.type) == str(narrow) and str(d1.type) == str(narrow)
            with pytest.raises(ValueError, match=r"^cannot halve the columns of "
                               r"!pto.tile<vec, 8x8xf32, valid=8x5>: pass result_types$"):
                pto.tdeinterleave(o)
            with pytest.raises(ValueError, match=r"^treshape needs either a result "
                               r"type \(a view\) or outs=\[dst\] \(a copy\)$"):
                pto.treshape(a)
            with pytest.raises(ValueError, match=r"^tsort32 takes tmp only with idx "
                               r"\(hardware form\)$"):
                pto.tsort32(a, tmp=a)
            with pytest.raises(ValueError, match=r"^tdeinterleave takes 1 or 2 "
                               r"sources, got 3$"):
                pto.tdeinterleave(a, a, a)
