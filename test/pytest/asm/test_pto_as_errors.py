"""pto_mlir.asm raises ValueError with the located messages of the C++
importer and exporter (the lit tests in test/Translate check each error)."""
import pytest

from pto_mlir import asm, ir

T = "!pto.tile<vec, 16x32xi16>"


def test_parse_error_names_file_line_and_column():
    with ir.Context():
        with pytest.raises(ValueError) as error:
            asm.parse(f"%t = tor %a, %b : {T}\n\n%u = tor %t, %c : !pto.tile<vec, 16x64xi16>\n",
                      filename="k.ptoasm")
    assert str(error.value) == (
        "k.ptoasm:3:10: error: register %t used with two types: !pto.tile<vec, 16x64xi16> "
        "here, !pto.tile<vec, 16x32xi16> on line 1")


def test_verifier_error_is_located():
    with ir.Context():
        with pytest.raises(ValueError) as error:
            asm.parse(f"%t = tor %a, %b, %c : {T}\n")
    assert str(error.value) == (
        "<pto-as>:1:6: error: 'pto.tor' op expects 2 'ins' operands (src0, src1), got 3")


def test_a_window_form_into_an_empty_valid_shape_is_an_error():
    # It asserted in the window type's get and killed the process.
    with ir.Context():
        with pytest.raises(ValueError) as error:
            asm.parse("%t = tload %x[0, 0] : !pto.tensor_view<64x32xf32> -> "
                      "!pto.tile<vec, 16x32xf32, valid=0x32>\n")
    assert str(error.value) == (
        "<pto-as>:1:54: error: the tile of a window form has positive valid extents (the "
        "window's extents), got !pto.tile<vec, 16x32xf32, valid=0x32>")


def test_emit_error():
    with ir.Context():
        module = ir.Module.parse(f"""func.func @k(%a: {T}, %b: {T}) -> {T} {{
  %r = pto.tor %b, %a : ({T}, {T}) -> {T}
  return %r : {T}
}}""")
        with pytest.raises(ValueError) as error:
            asm.emit(module)
    assert str(error.value) == (
        "-:1:1: error: PTO-AS takes a kernel's arguments in order of first use, but argument #0 "
        "is first used after argument #1")
