"""pto_mlir.ptoas.emit: a Level 2 module as PTOAS text for ptoas's level2
(the default) or level3, and its refusals as ValueError with the located
message of the C++ exporter (the lit tests in test/Translate/ptoas check
every form and refusal)."""
import pytest

from pto_mlir import ir, pipeline, ptoas
from pto_mlir.dialects import func, pto

I16 = "!pto.tile_buf<vec, 16x32xi16>"
PTOAS_I16 = ("!pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=32, v_row=16, v_col=32, "
             "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
PLACED = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k() {{
    %a = pto.alloc_tile : {I16}
    pto.tassign %a, @tile(0x400)
    %t = pto.alloc_tile : {I16}
    pto.tassign %t, @tile(0x40)
    pto.tor ins(%a, %a : {I16}, {I16}) outs(%t : {I16})
    return
  }}
}}"""


def test_emit_placed_module_level3():
    with ir.Context():
        module = ir.Module.parse(PLACED)
        assert ptoas.emit(module, level="level3") == f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k() {{
    %0 = arith.constant 1024 : i64
    %1 = pto.alloc_tile addr = %0 : {PTOAS_I16}
    %2 = arith.constant 64 : i64
    %3 = pto.alloc_tile addr = %2 : {PTOAS_I16}
    pto.tor ins(%1, %1 : {PTOAS_I16}, {PTOAS_I16}) outs(%3 : {PTOAS_I16})
    return
  }}
}}
"""  # noqa: E501


def test_emit_default_is_level2_unplaced():
    with ir.Context():
        module = ir.Module.parse(PLACED)
        expected = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k() {{
    %0 = pto.alloc_tile : {PTOAS_I16}
    %1 = pto.alloc_tile : {PTOAS_I16}
    pto.tor ins(%0, %0 : {PTOAS_I16}, {PTOAS_I16}) outs(%1 : {PTOAS_I16})
    return
  }}
}}
"""
        assert ptoas.emit(module) == expected
        assert ptoas.emit(module, level="level2") == expected


def test_unknown_level():
    with ir.Context():
        module = ir.Module.parse(PLACED)
        with pytest.raises(ValueError) as error:
            ptoas.emit(module, level="level1")
    assert str(error.value) == ("ptoas level 'level1' is unknown: ptoas's levels are "
                                "level2 and level3")


def test_level1_kernel_through_pto_to_dps():
    """A Level 1 kernel built in Python is refused as it is, and after
    pto-to-dps still, since its entry takes its tiles as arguments: ptoas
    would give them raw pointers, whose C++ does not compile."""
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
        with pytest.raises(ValueError) as error:
            ptoas.emit(module)
        assert str(error.value) == (
            "error: argument #0 of @kernel is a tile buffer, which has no PTOAS form: ptoas "
            "makes a tile argument a raw pointer, which pto-isa's tile calls do not take; pass "
            "global memory (!pto.ptr) and pto.tload it into an alloc_tile")


def test_refusal_raises_with_location():
    with ir.Context():
        module = ir.Module.parse(f"""func.func @k() {{
  %t = pto.alloc_tile : {I16}
  pto.tor ins(%t, %t : {I16}, {I16}) outs(%t : {I16})
  return
}}""")
        with pytest.raises(ValueError) as error:
            ptoas.emit(module, level="level3")
    assert str(error.value) == (
        "-:2:8: error: 'pto.alloc_tile' is not placed: ptoas at level3 needs its address "
        "('alloc_tile addr = %a'); place the buffers with pto-plan-memory (pto-to-dps) or "
        "pto.tassign first, or export for level2")


def test_refused_mode_is_named():
    acc = "!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>"
    dst = "!pto.tile_buf<mat, 16x32xbf16, blayout=col_major, slayout=row_major>"
    with ir.Context():
        module = ir.Module.parse(f"""module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k() {{
    %acc = pto.alloc_tile : {acc}
    %dst = pto.alloc_tile : {dst}
    %c0 = arith.constant 0 : index
    pto.tinsert ins(%acc, %c0, %c0 : {acc}, index, index) outs(%dst : {dst}) {{relu}}
    return
  }}
}}""")
        with pytest.raises(ValueError) as error:
            ptoas.emit(module)
    assert str(error.value) == (
        "-:6:5: error: 'pto.tinsert' with 'relu' has no PTOAS form: PTOAS's tinsert has no "
        "such attribute and would ignore it")
