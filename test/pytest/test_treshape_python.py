"""pto.treshape built from Python: a view at either level and the Level 2
copy; the printed module is checked whole."""
import pytest

from pto_mlir import ir
from pto_mlir.dialects import func, pto


def test_level1_view(ctx, built_module):
    f32 = ir.F32Type.get()
    t = pto.TileType.get([16, 32], f32)

    def build():
        @func.FuncOp.from_py_func(t)
        def level1(a):
            return pto.treshape(a, pto.TileType.get([32, 16], f32))

    T, V = "!pto.tile<vec, 16x32xf32>", "!pto.tile<vec, 32x16xf32>"
    assert built_module(build) == f"""module {{
  func.func @level1(%arg0: {T}) -> {V} {{
    %0 = pto.treshape %arg0 : {T} -> {V}
    return %0 : {V}
  }}
}}
"""


def test_level2_view_and_copy(ctx, built_module):
    f32 = ir.F32Type.get()
    b = pto.TileBufType.get([16, 64], f32)
    v = pto.TileBufType.get([32, 32], f32)

    def build():
        @func.FuncOp.from_py_func(b, v)
        def level2(src, other):
            view = pto.treshape(src, v)
            pto.treshape(view, outs=[other])

    B, V = "!pto.tile_buf<vec, 16x64xf32>", "!pto.tile_buf<vec, 32x32xf32>"
    assert built_module(build) == f"""module {{
  func.func @level2(%arg0: {B}, %arg1: {V}) {{
    %0 = pto.treshape %arg0 : {B} -> {V}
    pto.treshape ins(%0 : {V}) outs(%arg1 : {V})
    return
  }}
}}
"""


def test_neither_result_type_nor_outs(ctx):
    t = pto.TileType.get([8, 64], ir.F32Type.get())
    with ir.InsertionPoint(ir.Module.create().body):
        @func.FuncOp.from_py_func(t)
        def kernel(a):
            with pytest.raises(ValueError, match=r"^treshape needs either a result "
                               r"type \(a view\) or outs=\[dst\] \(a copy\)$"):
                pto.treshape(a)
