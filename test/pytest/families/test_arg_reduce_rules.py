"""The rules of the arg-reduction families (`<mnemonic>_c1` ... `_c8`) for
each of their ops: src's element types each target allows, as pto-isa
3186c381's pages and NPU headers give them (written out here from the
headers, the independent expectation), dst's index types, and one negative
case per rule with its full message; both levels of each op round-trip."""
import pytest
from family_rules import check_c1_element_types, check_c1_tables, errors, level1, tile

from pto_mlir import families, ir, rules

# Row: a2a3 TRowReduceIdxCheck -> TRowReduceCheck (TRowReduceOps.hpp:197);
# a5 asserts no source type (TRowReduceIdx.hpp:49): the page's "any 2-/4-byte
# source". Column: a2a3 TColReduceIdx.hpp:26 (f16/u16/f32/u32); a5
# TColReduceIdx.hpp:65 (b8, b16, b32).
_ROW = {"a2a3": ("i16", "i32", "f16", "f32"),
        "a5": ("i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")}
_COL = {"a2a3": ("ui16", "ui32", "f16", "f32"),
        "a5": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")}
EXPECTED = {"trowargmax": _ROW, "trowargmin": _ROW, "tcolargmax": _COL, "tcolargmin": _COL}
ROW_OPS = [row.mnemonic for row in families.FAMILY_OPS if row.family == "row_arg_reduce"]
COL_OPS = [row.mnemonic for row in families.FAMILY_OPS if row.family == "col_arg_reduce"]
FAMILY = ROW_OPS + COL_OPS


def _src(element, rows=32, extra="", level="tile"):
    return tile(element, level=level, extra=extra).replace("<vec, 4x", f"<vec, {rows}x")


def _cols(element):
    """The columns of ``_src(element)``: 64-byte rows."""
    return _src(element).split("x")[1]


def _dst(op, element="i32", level="tile", extra=None, src="f32"):
    """A row form's DN column of 32 rows, a column form's ND row of
    ``_src(src)``'s columns."""
    if op in ROW_OPS:
        layout = ", blayout=col_major" if extra is None else extra
        return f"!pto.{level}<vec, 32x1x{element}{layout}>"
    return f"!pto.{level}<vec, 1x{_cols(src)}x{element}{extra or ''}>"


def _level1(op, ts, td, target=None, tmp=None):
    return level1(op, [ts, tmp or ts], td, target)


def test_the_families_are_the_expected_ops():
    assert sorted(FAMILY) == sorted(EXPECTED)
    assert sorted(ROW_OPS) == ["trowargmax", "trowargmin"]


@pytest.mark.parametrize("op", FAMILY)
def test_c1_tables_are_the_headers(op):
    check_c1_tables(op, EXPECTED[op])


@pytest.mark.parametrize("op", FAMILY)
def test_c2_tables_are_the_index_types(op):
    for target in ("a2a3", "a5", None):
        assert rules.allowed(f"{op}_c2", target=target) == ("i32", "ui32")


@pytest.mark.parametrize("op", FAMILY)
def test_every_allowed_type_round_trips_at_both_levels(op):
    for target, allowed in EXPECTED[op].items():
        for element in allowed:
            for index in ("i32", "ui32"):
                t, d = _src(element), _dst(op, index, src=element)
                b, e = (x.replace("!pto.tile<", "!pto.tile_buf<") for x in (t, d))
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
    """A source type outside the row, per target and without one."""
    def kernel(e, target):
        return _level1(op, _src(e), _dst(op, src=e), target)
    check_c1_element_types(op, EXPECTED[op], kernel, operand="src")


@pytest.mark.parametrize("op", FAMILY)
@pytest.mark.parametrize("target", ["a2a3", "a5", None])
def test_c2_dst_index_type(op, target):
    where = f"on {target}" if target else "on any target"
    assert errors(_level1(op, _src("f32"), _dst(op, "f32"), target)) == [
        f"'pto.{op}' op dst element type f32 is not supported {where} (allowed: i32, ui32)"]


@pytest.mark.parametrize("op", FAMILY)
def test_c3_tmp_of_src_element_type(op):
    assert errors(_level1(op, _src("f32"), _dst(op), tmp=_src("i32"))) == [
        f"'pto.{op}' op tmp element type i32 differs from src element type f32"]


@pytest.mark.parametrize("op", ROW_OPS)
def test_c4_row_src_nd(op):
    src = _src("f32", extra=", blayout=col_major")
    assert errors(_level1(op, src, _dst(op))) == [
        f"'pto.{op}' op src must be ND (blayout=row_major, slayout=none_box), got DN"]


@pytest.mark.parametrize("op", COL_OPS)
def test_c4_col_src_nd_or_dn(op):
    """DN is allowed (CheckColArgTiles: NoneBox only); a box is not."""
    dn = "!pto.tile<vec, 16x32xf32, blayout=col_major>"
    with ir.Context():
        ir.Module.parse(_level1(op, dn, "!pto.tile<vec, 1x32xi32>"))
    nz = "!pto.tile<vec, 16x32xf32, blayout=col_major, slayout=row_major>"
    assert errors(_level1(op, nz, "!pto.tile<vec, 1x32xi32>")) == [
        f"'pto.{op}' op src must be ND or DN (slayout=none_box), got NZ"]


@pytest.mark.parametrize("op", ROW_OPS)
def test_c5_row_dst_nd_or_dn_column(op):
    dst = "!pto.tile<vec, 32x8xi32, blayout=col_major, valid=32x1>"
    assert errors(_level1(op, _src("f32"), dst)) == [
        f"'pto.{op}' op dst must be ND, or DN with 1 column, got DN with 8 columns"]


@pytest.mark.parametrize("op", COL_OPS)
def test_c5_col_dst_nd(op):
    dst = "!pto.tile<vec, 8x16xi32, blayout=col_major, valid=1x16>"
    assert errors(_level1(op, _src("f32"), dst)) == [
        f"'pto.{op}' op dst must be ND (blayout=row_major, slayout=none_box), got DN"]


@pytest.mark.parametrize("op", ROW_OPS)
def test_c6_row_valid_rows(op):
    dst = "!pto.tile<vec, 32x1xi32, blayout=col_major, valid=16x1>"
    assert errors(_level1(op, _src("f32"), dst)) == [
        f"'pto.{op}' op dst has 16 valid rows, src has 32; they must be equal"]


@pytest.mark.parametrize("op", COL_OPS)
def test_c6_col_valid_cols(op):
    assert errors(_level1(op, _src("f32"), _dst(op, extra=", valid=1x8"))) == [
        f"'pto.{op}' op dst has 8 valid columns, src has 16; they must be equal"]


@pytest.mark.parametrize("op", ROW_OPS)
def test_c7_row_one_valid_column(op):
    dst = "!pto.tile<vec, 32x8xi32>"
    assert errors(_level1(op, _src("f32"), dst)) == [
        f"'pto.{op}' op dst has 8 valid columns; it must have 1"]


@pytest.mark.parametrize("op", COL_OPS)
def test_c7_col_one_valid_row(op):
    dst = "!pto.tile<vec, 4x16xi32>"
    assert errors(_level1(op, _src("f32"), dst)) == [
        f"'pto.{op}' op dst has 4 valid rows; it must have 1"]


@pytest.mark.parametrize("op", FAMILY)
@pytest.mark.parametrize("valid", ["0x16", "32x0"])
def test_c8_not_empty(op, valid):
    src = _src("f32", extra=f", valid={valid}")
    if op in ROW_OPS:
        dst = "!pto.tile<vec, 32x1xi32, blayout=col_major, valid=0x1>" if valid == "0x16" \
            else _dst(op)
    else:
        dst = _dst(op, extra=", valid=1x0") if valid == "32x0" else _dst(op)
    assert errors(_level1(op, src, dst)) == [
        f"'pto.{op}' op src valid shape is {valid}; it must not be empty"]
