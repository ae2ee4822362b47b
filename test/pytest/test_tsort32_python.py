"""pto.tsort32 built from Python, page form and hardware form at both
levels; the printed module is checked whole."""
import pytest

from pto_mlir import ir
from pto_mlir.dialects import func, pto


def test_level1_default_result_types(ctx, built_module):
    """Page form: (src type, ui32 idx); hardware form: one record of 4 f16
    columns per element."""
    h = pto.TileType.get([2, 64], ir.F16Type.get(), valid_shape=[2, None])

    def build():
        @func.FuncOp.from_py_func(h)
        def level1(c):
            values, idx = pto.tsort32(c)
            records = pto.tsort32(c, idx)
            return values, records

    C = "!pto.tile<vec, 2x64xf16, valid=2x?>"
    IDX = "!pto.tile<vec, 2x64xui32, valid=2x?>"
    R = "!pto.tile<vec, 2x256xf16, valid=2x?>"
    assert built_module(build) == f"""module {{
  func.func @level1(%arg0: {C}) -> ({C}, {R}) {{
    %0:2 = pto.tsort32 %arg0 : {C} -> ({C}, {IDX})
    %1 = pto.tsort32 %arg0, %0#1 : ({C}, {IDX}) -> {R}
    return %0#0, %1 : {C}, {R}
  }}
}}
"""


def test_level2(ctx, built_module):
    f32, ui32 = ir.F32Type.get(), ir.IntegerType.get_unsigned(32)
    b = pto.TileBufType.get([16, 64], f32)
    v = pto.TileBufType.get([32, 32], f32)
    i = pto.TileBufType.get([16, 64], ui32)
    r = pto.TileBufType.get([16, 128], f32)

    def build():
        @func.FuncOp.from_py_func(b, b, v, i, r)
        def level2(src, dst, tmp, idx, records):
            pto.tsort32(src, outs=[dst, idx])
            pto.tsort32(src, idx, tmp, outs=[records])

    B, V = "!pto.tile_buf<vec, 16x64xf32>", "!pto.tile_buf<vec, 32x32xf32>"
    IDX, R = "!pto.tile_buf<vec, 16x64xui32>", "!pto.tile_buf<vec, 16x128xf32>"
    assert built_module(build) == f"""module {{
  func.func @level2(%arg0: {B}, %arg1: {B}, %arg2: {V}, %arg3: {IDX}, %arg4: {R}) {{
    pto.tsort32 ins(%arg0 : {B}) outs(%arg1, %arg3 : {B}, {IDX})
    pto.tsort32 ins(%arg0, %arg3, %arg2 : {B}, {IDX}, {V}) outs(%arg4 : {R})
    return
  }}
}}
"""


def test_tmp_without_idx(ctx):
    t = pto.TileType.get([8, 64], ir.F32Type.get())
    with ir.InsertionPoint(ir.Module.create().body):
        @func.FuncOp.from_py_func(t)
        def kernel(a):
            with pytest.raises(ValueError, match=r"^tsort32 takes tmp only with idx "
                               r"\(hardware form\)$"):
                pto.tsort32(a, tmp=a)
