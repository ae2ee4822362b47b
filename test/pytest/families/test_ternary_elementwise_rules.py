"""The rules of the ternary elementwise family (`<mnemonic>_c1` ... `_c5`)
for each of its ops: the element types each target allows (no NPU header
has TADDC or TSUBC code and their pages list none: TADD's and TSUB's,
written out here from a2a3/TAdd.hpp:62, a5/TAdd.hpp:60, a2a3/TSub.hpp:61,
a5/TSub.hpp:59), and one negative case per rule with its full message;
both levels of each op round-trip."""
import pytest
from family_rules import check_c1_element_types, check_c1_tables, errors, level1, tile

from pto_mlir import families, ir

_A2A3 = ("i16", "i32", "f16", "f32")
_A5 = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")
EXPECTED = {"taddc": {"a2a3": _A2A3, "a5": _A5}, "tsubc": {"a2a3": _A2A3, "a5": _A5}}
TERNARY = [row.mnemonic for row in families.FAMILY_OPS if row.family == "ternary_elementwise"]


def _level1(op, t0, t1, t2, td, target=None):
    return level1(op, [t0, t1, t2], td, target)


def test_the_family_is_the_expected_ops():
    assert sorted(TERNARY) == sorted(EXPECTED)


@pytest.mark.parametrize("op", TERNARY)
def test_c1_tables(op):
    check_c1_tables(op, EXPECTED[op])


@pytest.mark.parametrize("op", TERNARY)
def test_every_allowed_type_round_trips_at_both_levels(op):
    for target, allowed in EXPECTED[op].items():
        for element in allowed:
            t, b = tile(element), tile(element, "tile_buf")
            level2 = (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                      f"  func.func @k(%a: {b}, %b: {b}, %c: {b}, %d: {b}) {{\n"
                      f"    pto.{op} ins(%a, %b, %c : {b}, {b}, {b}) outs(%d : {b})\n"
                      f"    return\n  }}\n}}\n")
            with ir.Context():
                for text, line in ((_level1(op, t, t, t, t, target),
                                    f"%0 = pto.{op} %arg0, %arg1, %arg2 : ({t}, {t}, {t}) -> {t}"),
                                   (level2, f"pto.{op} ins(%arg0, %arg1, %arg2 : {b}, {b}, {b}) "
                                            f"outs(%arg3 : {b})")):
                    printed = str(ir.Module.parse(text))
                    assert line in printed
                    assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("op", TERNARY)
def test_c1_element_types(op):
    check_c1_element_types(op, EXPECTED[op],
                           lambda e, target: _level1(op, *[tile(e)] * 4, target))


@pytest.mark.parametrize("op", TERNARY)
def test_c2_one_element_type(op):
    a, b = tile("i16"), tile("i32")
    assert errors(_level1(op, a, a, b, a)) == [
        f"'pto.{op}' op src2 element type i32 differs from dst element type i16"]


@pytest.mark.parametrize("op", TERNARY)
def test_c3_row_major(op):
    a = "!pto.tile<vec, 32x32xi16, blayout=col_major>"
    b = "!pto.tile<vec, 32x32xi16>"
    assert errors(_level1(op, b, a, b, b)) == [
        f"'pto.{op}' op src1 must be row-major (blayout=row_major), got blayout=col_major"]


@pytest.mark.parametrize("op", TERNARY)
def test_c4_valid_shapes(op):
    a, b = tile("i16", extra=", valid=2x32"), tile("i16")
    assert errors(_level1(op, b, b, a, b)) == [
        f"'pto.{op}' op src2 valid shape 2x32 does not match dst valid shape 4x32"]


@pytest.mark.parametrize("op", TERNARY)
def test_c5_one_shape(op):
    """The four tiles are of one TileData type on the simulator
    (include/pto/common/pto_instr.hpp:554): one shape, valid shapes aside."""
    a, b = "!pto.tile<vec, 8x32xi16, valid=4x32>", tile("i16")
    assert errors(_level1(op, a, b, b, b)) == [
        f"'pto.{op}' op src0 is 8x32 ND, dst 4x32 ND: the four tiles must have one shape "
        "and layout"]
