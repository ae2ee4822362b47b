"""pto.tinterleave and pto.tdeinterleave built from Python at both levels;
the printed module is checked whole."""
import pytest

from pto_mlir import ir
from pto_mlir.dialects import func, pto


def test_level1(ctx, built_module):
    t = pto.TileType.get([16, 64], ir.F32Type.get())

    def build():
        @func.FuncOp.from_py_func(t, t)
        def level1(a, b):
            d0, d1 = pto.tinterleave(a, b)
            e0, e1 = pto.tdeinterleave(d0, d1)
            s0, s1 = pto.tdeinterleave(e0)
            return e1, s1

    T = "!pto.tile<vec, 16x64xf32>"
    H = "!pto.tile<vec, 16x32xf32>"
    assert built_module(build) == f"""module {{
  func.func @level1(%arg0: {T}, %arg1: {T}) -> ({T}, {H}) {{
    %0:2 = pto.tinterleave %arg0, %arg1 : ({T}, {T}) -> ({T}, {T})
    %1:2 = pto.tdeinterleave %0#0, %0#1 : ({T}, {T}) -> ({T}, {T})
    %2:2 = pto.tdeinterleave %1#0 : {T} -> ({H}, {H})
    return %1#1, %2#1 : {T}, {H}
  }}
}}
"""


def test_level2(ctx, built_module):
    f32 = ir.F32Type.get()
    b = pto.TileBufType.get([16, 64], f32)
    h = pto.TileBufType.get([16, 32], f32)

    def build():
        @func.FuncOp.from_py_func(b, b, h)
        def level2(s0, s1, half):
            op = pto.tinterleave(s0, s1, outs=[s0, s1])
            assert isinstance(op, pto.TInterleaveOp)
            pto.tdeinterleave(s0, s1, outs=[s0, s1])
            pto.tdeinterleave(s0, outs=[half, half])

    B, H = "!pto.tile_buf<vec, 16x64xf32>", "!pto.tile_buf<vec, 16x32xf32>"
    assert built_module(build) == f"""module {{
  func.func @level2(%arg0: {B}, %arg1: {B}, %arg2: {H}) {{
    pto.tinterleave ins(%arg0, %arg1 : {B}, {B}) outs(%arg0, %arg1 : {B}, {B})
    pto.tdeinterleave ins(%arg0, %arg1 : {B}, {B}) outs(%arg0, %arg1 : {B}, {B})
    pto.tdeinterleave ins(%arg0 : {B}) outs(%arg2, %arg2 : {H}, {H})
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
            with pytest.raises(ValueError, match=r"^tdeinterleave takes 1 or 2 "
                               r"sources, got 3$"):
                pto.tdeinterleave(a, a, a)
