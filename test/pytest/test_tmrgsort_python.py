"""pto.tmrgsort built from Python, both forms at both levels; the printed
module is checked whole."""
import pytest

from pto_mlir import ir
from pto_mlir.dialects import arith, func, pto


def test_level1_default_result_types(ctx, built_module):
    """Lists: one row of all their columns (valid: theirs summed); single
    list: src's type."""
    f32 = ir.F32Type.get()
    a = pto.TileType.get([1, 64], f32)
    b = pto.TileType.get([1, 128], f32, valid_shape=[1, 96])
    t = pto.TileType.get([1, 256], f32)

    def build():
        @func.FuncOp.from_py_func(a, b, t)
        def level1(x, y, tmp):
            merged = pto.tmrgsort(x, y, tmp=tmp, exhausted=True)
            length = arith.ConstantOp(ir.IntegerType.get_signless(32), 64).result
            return merged, pto.tmrgsort(tmp, block_len=length)

    A, B, T = str(a), str(b), str(t)
    D = "!pto.tile<vec, 1x192xf32, valid=1x160>"
    assert built_module(build) == f"""module {{
  func.func @level1(%arg0: {A}, %arg1: {B}, %arg2: {T}) -> ({D}, {T}) {{
    %0 = pto.tmrgsort %arg0, %arg1, %arg2 {{exhausted = true}} : ({A}, {B}, {T}) -> {D}
    %c64_i32 = arith.constant 64 : i32
    %1 = pto.tmrgsort %arg2, %c64_i32 : ({T}, i32) -> {T}
    return %0, %1 : {D}, {T}
  }}
}}
"""


def test_level2(ctx, built_module):
    f32 = ir.F32Type.get()
    s = pto.TileBufType.get([1, 256], f32)
    t = pto.TileBufType.get([1, 768], f32)

    def build():
        @func.FuncOp.from_py_func(s, s, s, t, t, ir.IntegerType.get_signless(32))
        def level2(a, b, c, tmp, d, n):
            pto.tmrgsort(a, b, c, tmp=tmp, outs=[d])
            pto.tmrgsort(a, block_len=n, outs=[a])

    S, T = str(s), str(t)
    assert built_module(build) == f"""module {{
  func.func @level2(%arg0: {S}, %arg1: {S}, %arg2: {S}, %arg3: {T}, %arg4: {T}, %arg5: i32) {{
    pto.tmrgsort ins(%arg0, %arg1, %arg2, %arg3 : {S}, {S}, {S}, {T}) outs(%arg4 : {T})
    pto.tmrgsort ins(%arg0, %arg5 : {S}, i32) outs(%arg0 : {S})
    return
  }}
}}
"""


@pytest.mark.parametrize("kwargs,message", [
    ({"srcs": 1}, "tmrgsort merges 2 to 4 lists with a tmp tile, or one src with block_len"),
    ({"srcs": 2}, "tmrgsort merges 2 to 4 lists with a tmp tile, or one src with block_len"),
    ({"srcs": 2, "block_len": True},
     "tmrgsort with block_len merges one src, without tmp or exhausted"),
])
def test_wrong_forms_are_refused(ctx, kwargs, message):
    t = pto.TileType.get([1, 64], ir.F32Type.get())
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        @func.FuncOp.from_py_func(t, ir.IntegerType.get_signless(32))
        def k(x, n):
            srcs = [x] * kwargs["srcs"]
            with pytest.raises(ValueError, match=message):
                pto.tmrgsort(*srcs, block_len=n if kwargs.get("block_len") else None)
