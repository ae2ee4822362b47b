"""The rules of the row-reduction family (`<mnemonic>_c1` ... `_c7`) for
each of its ops: the element types each target allows, as pto-isa
3186c381's NPU headers assert them (written out here from the headers, the
independent expectation), and one negative case per rule with its full
message; both levels of each op round-trip."""
import pytest
from family_rules import check_c1_element_types, check_c1_tables, errors, level1, tile

from pto_mlir import families, ir

# a2a3: TRowReduceCheck (TRowReduceOps.hpp:197) for all four (TRowProd.hpp:70
# as well); a5: TRowSum :393, TRowMax :365, TRowMin :420 (TRowReduce.hpp),
# TRowProd.hpp:27 (their 64-bit integer branches left out).
_A2A3 = ("i16", "i32", "f16", "f32")
_A5_MINMAX = ("i8", "ui8", "i16", "i32", "f16", "f32")
EXPECTED = {
    "trowsum": {"a2a3": _A2A3, "a5": _A2A3},
    "trowmax": {"a2a3": _A2A3, "a5": _A5_MINMAX},
    "trowmin": {"a2a3": _A2A3, "a5": _A5_MINMAX},
    "trowprod": {"a2a3": _A2A3, "a5": _A2A3},
}
FAMILY = [row.mnemonic for row in families.FAMILY_OPS if row.family == "row_reduce"]


def _src(element, rows=32, extra=""):
    return tile(element, extra=extra).replace("<vec, 4x", f"<vec, {rows}x")


def _dst(element, rows=32, cols=1, layout=", blayout=col_major", level="tile"):
    return f"!pto.{level}<vec, {rows}x{cols}x{element}{layout}>"


def _level1(op, ts, td, target=None, tmp=None):
    return level1(op, [ts, tmp or ts], td, target)


def test_the_family_is_the_expected_ops():
    assert sorted(FAMILY) == sorted(EXPECTED)


@pytest.mark.parametrize("op", FAMILY)
def test_c1_tables_are_the_headers(op):
    check_c1_tables(op, EXPECTED[op])


@pytest.mark.parametrize("op", FAMILY)
def test_every_allowed_type_round_trips_at_both_levels(op):
    for target, allowed in EXPECTED[op].items():
        for element in allowed:
            t, d = _src(element), _dst(element)
            b = _src(element).replace("!pto.tile<", "!pto.tile_buf<")
            e = _dst(element, level="tile_buf")
            level2 = (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                      f"  func.func @k(%a: {b}, %t: {b}, %d: {e}) {{\n"
                      f"    pto.{op} ins(%a, %t : {b}, {b}) outs(%d : {e})\n"
                      f"    return\n  }}\n}}\n")
            with ir.Context():
                for text, line in (
                        (_level1(op, t, d, target),
                         f"%0 = pto.{op} %arg0, %arg1 : ({t}, {t}) -> {d}"),
                        (level2, f"pto.{op} ins(%arg0, %arg1 : {b}, {b}) outs(%arg2 : {e})")):
                    printed = str(ir.Module.parse(text))
                    assert line in printed
                    assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("op", FAMILY)
def test_c1_element_types(op):
    """A type outside the row, per target and without one."""
    check_c1_element_types(op, EXPECTED[op],
                           lambda e, target: _level1(op, _src(e), _dst(e), target))


@pytest.mark.parametrize("op", FAMILY)
@pytest.mark.parametrize("operand", ["src", "tmp"])
def test_c2_one_element_type(op, operand):
    other = _src("f16")
    src, tmp = (other, _src("f32")) if operand == "src" else (_src("f32"), other)
    assert errors(_level1(op, src, _dst("f32"), tmp=tmp)) == [
        f"'pto.{op}' op {operand} element type f16 differs from dst element type f32"]


@pytest.mark.parametrize("op", FAMILY)
def test_c3_src_nd(op):
    src = _src("f32", extra=", blayout=col_major")
    assert errors(_level1(op, src, _dst("f32"), tmp=_src("f32"))) == [
        f"'pto.{op}' op src must be ND (blayout=row_major, slayout=none_box), got DN"]


@pytest.mark.parametrize("op", FAMILY)
def test_c4_dst_nd_or_one_column_dn(op):
    assert errors(_level1(op, _src("f32"), _dst("f32", cols=8))) == [
        f"'pto.{op}' op dst must be ND, or DN with 1 column, got DN with 8 columns"]


@pytest.mark.parametrize("op", FAMILY)
def test_c5_valid_rows(op):
    assert errors(_level1(op, _src("f32"), _dst("f32", rows=64))) == [
        f"'pto.{op}' op dst has 64 valid rows, src has 32; they must be equal"]


@pytest.mark.parametrize("op", FAMILY)
def test_c6_one_valid_column(op):
    assert errors(_level1(op, _src("f32"), _dst("f32", cols=8, layout=""))) == [
        f"'pto.{op}' op dst has 8 valid columns; it must have 1"]


@pytest.mark.parametrize("op", FAMILY)
def test_c7_not_empty(op):
    src = _src("f32", extra=", valid=32x0")
    assert errors(_level1(op, src, _dst("f32"), tmp=_src("f32"))) == [
        f"'pto.{op}' op src valid shape is 32x0; it must not be empty"]
