"""pto_mlir.ptoas.emit: a placed Level 2 module as PTOAS text, and its
refusals as ValueError with the located message of the C++ exporter (the lit
tests in test/Translate/ptoas check every form and refusal)."""
import pytest

from pto_mlir import ir, pipeline, ptoas
from pto_mlir.dialects import func, pto

I16 = "!pto.tile_buf<vec, 16x32xi16>"
PTOAS_I16 = ("!pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=32, v_row=16, v_col=32, "
             "blayout=row_major, slayout=none_box, fractal=512, pad=0>")


def test_emit_placed_module():
    with ir.Context():
        module = ir.Module.parse(f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: {I16}, %out: {I16}) {{
    %t = pto.alloc_tile : {I16}
    pto.tassign %t, @tile(0x40)
    pto.tor ins(%a, %a : {I16}, {I16}) outs(%t : {I16})
    pto.tor ins(%t, %a : {I16}, {I16}) outs(%out : {I16})
    return
  }}
}}""")
        assert ptoas.emit(module) == f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%arg0: {PTOAS_I16}, %arg1: {PTOAS_I16}) {{
    %0 = arith.constant 64 : i64
    %1 = pto.alloc_tile addr = %0 : {PTOAS_I16}
    pto.tor ins(%arg0, %arg0 : {PTOAS_I16}, {PTOAS_I16}) outs(%1 : {PTOAS_I16})
    pto.tor ins(%1, %arg0 : {PTOAS_I16}, {PTOAS_I16}) outs(%arg1 : {PTOAS_I16})
    return
  }}
}}
"""


def test_level1_kernel_through_pto_to_dps():
    """The path the issue asks for: a Level 1 kernel built in Python,
    bufferized and placed by pto-to-dps, handed to PTOAS."""
    with ir.Context(), ir.Location.unknown():
        tile = pto.TileType.get([16, 32], ir.IntegerType.get_signless(16))
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(tile, tile)
            def kernel(a, b):
                return pto.tor(a, pto.tor(a, b))
        with pytest.raises(ValueError) as error:
            ptoas.emit(module)
        assert str(error.value) == (
            "error: '!pto.tile<vec, 16x32xi16>' has no PTOAS form: PTOAS has no "
            "Level 1 tiles; convert the kernel to Level 2 with pto-to-dps first")
        pipeline.to_dps(module, target="a2a3")
        assert ptoas.emit(module) == f"""module attributes {{pto.target_arch = "a3"}} {{
  func.func @kernel(%arg0: {PTOAS_I16}, %arg1: {PTOAS_I16}, %arg2: {PTOAS_I16}) {{
    %0 = arith.constant 0 : i64
    %1 = pto.alloc_tile addr = %0 : {PTOAS_I16}
    pto.tor ins(%arg0, %arg1 : {PTOAS_I16}, {PTOAS_I16}) outs(%1 : {PTOAS_I16})
    pto.tor ins(%arg0, %1 : {PTOAS_I16}, {PTOAS_I16}) outs(%arg2 : {PTOAS_I16})
    return
  }}
}}
"""


def test_refusal_raises_with_location():
    with ir.Context():
        module = ir.Module.parse(f"""func.func @k(%a: {I16}) {{
  %t = pto.alloc_tile : {I16}
  pto.tor ins(%a, %a : {I16}, {I16}) outs(%t : {I16})
  return
}}""")
        with pytest.raises(ValueError) as error:
            ptoas.emit(module)
    assert str(error.value) == (
        "-:2:8: error: 'pto.alloc_tile' is not placed: PTOAS needs its address "
        "('alloc_tile addr = %a'); place the buffers with pto-plan-memory (pto-to-dps) or "
        "pto.tassign first")


def test_refused_mode_is_named():
    acc = "!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>"
    dst = "!pto.tile_buf<mat, 16x32xbf16, blayout=col_major, slayout=row_major>"
    with ir.Context():
        module = ir.Module.parse(f"""module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k(%acc: {acc}, %dst: {dst}) {{
    %c0 = arith.constant 0 : index
    pto.tinsert ins(%acc, %c0, %c0 : {acc}, index, index) outs(%dst : {dst}) {{relu}}
    return
  }}
}}""")
        with pytest.raises(ValueError) as error:
            ptoas.emit(module)
    assert str(error.value) == (
        "-:4:5: error: 'pto.tinsert' with 'relu' has no PTOAS form: PTOAS's tinsert has no "
        "such attribute and would ignore it")
