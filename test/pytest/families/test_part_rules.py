"""The rules of the partial-region family (`<mnemonic>_c1` ... `_c4`) for
each of its ops: the element types each target allows, as pto-isa
3186c381's NPU headers assert them (written out here from the headers, the
independent expectation), and one negative case per rule with its full
message; both levels of each op round-trip."""
import pytest
from family_rules import check_c1_element_types, check_c1_tables, errors, level1, tile

from pto_mlir import families, ir

_A2A3 = ("i16", "i32", "f16", "f32")  # a2a3/TPart{Add,Mul,Max,Min}.hpp:74
_A5 = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")
EXPECTED = {
    "tpartadd": {"a2a3": _A2A3, "a5": _A5},  # a5/TPartAdd.hpp:33
    # a5/TPartMul.hpp:32: no 8-byte integers.
    "tpartmul": {"a2a3": _A2A3,
                 "a5": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")},
    "tpartmax": {"a2a3": _A2A3, "a5": _A5},  # a5/TPartMax.hpp:34
    "tpartmin": {"a2a3": _A2A3, "a5": _A5},  # a5/TPartMin.hpp:34
}
PART = [row.mnemonic for row in families.FAMILY_OPS if row.family == "part"]


def _level1(op, t0, t1, td, target=None):
    return level1(op, [t0, t1], td, target)


def test_the_family_is_the_expected_ops():
    assert sorted(PART) == sorted(EXPECTED)


@pytest.mark.parametrize("op", PART)
def test_c1_tables(op):
    check_c1_tables(op, EXPECTED[op])


@pytest.mark.parametrize("op", PART)
def test_every_allowed_type_round_trips_at_both_levels(op):
    for target, allowed in EXPECTED[op].items():
        for element in allowed:
            t, b = tile(element), tile(element, "tile_buf")
            small = tile(element, "tile_buf", ", valid=2x1")
            level2 = (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                      f"  func.func @k(%a: {b}, %b: {small}, %d: {b}) {{\n"
                      f"    pto.{op} ins(%a, %b : {b}, {small}) outs(%d : {b})\n"
                      f"    return\n  }}\n}}\n")
            with ir.Context():
                for text, line in ((_level1(op, t, t, t, target),
                                    f"%0 = pto.{op} %arg0, %arg1 : ({t}, {t}) -> {t}"),
                                   (level2, f"pto.{op} ins(%arg0, %arg1 : {b}, {small}) "
                                            f"outs(%arg2 : {b})")):
                    printed = str(ir.Module.parse(text))
                    assert line in printed
                    assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("op", PART)
def test_c1_element_types(op):
    check_c1_element_types(op, EXPECTED[op],
                           lambda e, target: _level1(op, tile(e), tile(e), tile(e), target))


@pytest.mark.parametrize("op", PART)
def test_c2_one_element_type(op):
    a, b = tile("i16"), tile("i32")
    assert errors(_level1(op, a, b, a)) == [
        f"'pto.{op}' op src1 element type i32 differs from dst element type i16"]


@pytest.mark.parametrize("op", PART)
def test_c3_row_major(op):
    a = "!pto.tile<vec, 32x32xi16, blayout=col_major>"
    b = "!pto.tile<vec, 32x32xi16>"
    assert errors(_level1(op, a, b, b)) == [
        f"'pto.{op}' op src0 must be row-major (blayout=row_major), got blayout=col_major"]


@pytest.mark.parametrize("op", PART)
def test_c4_valid_shapes(op):
    """One source of dst's valid shape, the other within it: both smaller
    in a dimension, or one larger than dst, is refused."""
    def shaped(valid):
        return tile("i16", extra=f", valid={valid}")
    for v0, v1 in (("2x32", "4x8"), ("4x32", "3x32")):
        text = _level1(op, shaped(v0), shaped(v1), shaped("3x32" if v0 == "4x32" else "4x32"))
        dst = "3x32" if v0 == "4x32" else "4x32"
        assert errors(text) == [
            f"'pto.{op}' op src0 valid shape {v0} and src1 valid shape {v1}: one must be "
            f"dst's {dst} and the other within it"]
