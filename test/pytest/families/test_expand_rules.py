"""The rules of the row-expand (`<mnemonic>_c1` ... `_c6`) and
column-expand (`_c1` ... `_c5`) families for each of their ops: the element
types each target allows, as pto-isa 3186c381's NPU headers assert them
(written out here from the headers, the independent expectation), and one
negative case per rule with its full message; both levels of each op
round-trip."""
import pytest
from family_rules import BYTES, check_c1_element_types, check_c1_tables, errors, level1

from pto_mlir import families, ir

# Row expands: a2a3/TRowExpand<Op>.hpp:40 (Sub :54, Div :55; Expdif is
# TROWEXPANDSUB then TEXP, :22), a5/TRowExpand<Op>.hpp:55 (Sub :71, Div :84,
# Expdif :81). Column expands: a2a3/TColExpandBinOp.hpp:89 (Div
# TColExpandDiv.hpp:52, Expdif TColExpandExpdif.hpp:59),
# a5/TColExpandBinOp.hpp:197 (Expdif TColExpandExpdif.hpp:54). Division:
# floats only (the simulator's integer OP_DIV of MIN by -1 is undefined).
_A2A3 = ("i16", "i32", "f16", "f32")
_A5 = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")
_DIV = {"a2a3": ("f16", "f32"), "a5": ("f16", "bf16", "f32")}
_EXPDIF = {"a2a3": ("f16", "f32"), "a5": ("f16", "f32")}
EXPECTED = {
    f"t{axis}expand{op}": (_DIV if op == "div" else _EXPDIF if op == "expdif"
                          else {"a2a3": _A2A3, "a5": _A5})
    for axis in ("row", "col") for op in ("add", "sub", "mul", "div", "max", "min", "expdif")}
ROW = [row.mnemonic for row in families.FAMILY_OPS if row.family == "row_expand"]
COL = [row.mnemonic for row in families.FAMILY_OPS if row.family == "col_expand"]


def _t(rows, cols, element="f32", extra="", level="tile"):
    return f"!pto.{level}<vec, {rows}x{cols}x{element}{extra}>"


def _full(element):
    """32 rows of 64 bytes (a DN column of 1-byte elements fills a 32-byte
    block)."""
    return _t(32, 64 // BYTES[element], element)


def _column(element, rows=32):
    return _t(rows, 1, element, ", blayout=col_major")


def _kernel(op, element, target=None):
    """A Level 1 op of ``element`` tiles: a row expand of a column, a
    column expand of a row."""
    full = _full(element)
    if op in ROW:
        return level1(op, [full, _column(element)], full, target)
    cols = full.split("x")[1]
    return level1(op, [full, _t(1, cols, element)], full, target)


def test_the_families_are_the_expected_ops():
    assert sorted(ROW + COL) == sorted(EXPECTED)


@pytest.mark.parametrize("op", ROW + COL)
def test_c1_tables_are_the_headers(op):
    check_c1_tables(op, EXPECTED[op])


def _level2(op, element, target):
    full = _full(element).replace("!pto.tile<", "!pto.tile_buf<")
    other = (_column(element) if op in ROW else _t(1, full.split("x")[1], element))
    other = other.replace("!pto.tile<", "!pto.tile_buf<")
    line = f"pto.{op} ins(%arg0, %arg1 : {full}, {other}) outs(%arg2 : {full})"
    return line, (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                  f"  func.func @k(%arg0: {full}, %arg1: {other}, %arg2: {full}) {{\n"
                  f"    {line}\n    return\n  }}\n}}\n")


@pytest.mark.parametrize("op", ROW + COL)
def test_every_allowed_type_round_trips_at_both_levels(op):
    for target, allowed in EXPECTED[op].items():
        for element in allowed:
            line, level2 = _level2(op, element, target)
            with ir.Context():
                for text, want in ((_kernel(op, element, target), f"pto.{op} %arg0, %arg1 :"),
                                   (level2, line)):
                    printed = str(ir.Module.parse(text))
                    assert want in printed
                    assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("op", ROW + COL)
def test_c1_element_types(op):
    check_c1_element_types(op, EXPECTED[op], lambda e, target: _kernel(op, e, target))


@pytest.mark.parametrize("op", ROW + COL)
@pytest.mark.parametrize("operand", ["src0", "src1"])
def test_c2_one_element_type(op, operand):
    full, other = _t(16, 16), _t(16, 16, "f16")
    second = _column("f32", 16) if op in ROW else _t(1, 16)
    second_other = _column("f16", 16) if op in ROW else _t(1, 16, "f16")
    types = [other, second] if operand == "src0" else [full, second_other]
    assert errors(level1(op, types, full)) == [
        f"'pto.{op}' op {operand} element type f16 differs from dst element type f32"]


@pytest.mark.parametrize("op", ROW)
def test_row_c3_dst_row_major(op):
    dst = _t(16, 16, extra=", blayout=col_major")
    assert errors(level1(op, [_t(16, 16), _column("f32", 16)], dst)) == [
        f"'pto.{op}' op dst must be row-major (blayout=row_major), got blayout=col_major"]


@pytest.mark.parametrize("op", ROW)
def test_row_c4_a_full_operand(op):
    assert errors(level1(op, [_t(16, 32), _column("f32", 16)], _t(16, 64))) == [
        f"'pto.{op}' op neither src0 nor src1 is a row-major tile of dst's valid shape 16x64 "
        "(src0 16x32 ND, src1 16x1 DN)"]


@pytest.mark.parametrize("op", ROW)
@pytest.mark.parametrize("expanded", ["src0", "src1"])
def test_row_c5_the_expanded_operand(op, expanded):
    full, bad = _t(16, 64), _t(16, 16)
    types = [full, bad] if expanded == "src1" else [bad, full]
    assert errors(level1(op, types, full)) == [
        f"'pto.{op}' op {expanded} (the expanded operand) has valid shape 16x16 ND; it must be "
        "16x1 col_major or 16x8 row_major (dst's valid rows by 1, or by a 32-byte block)"]


@pytest.mark.parametrize("op", ROW)
def test_row_c5_rows(op):
    assert errors(level1(op, [_t(16, 64), _t(8, 1, extra=", blayout=col_major")],
                         _t(16, 64))) == [
        f"'pto.{op}' op src1 (the expanded operand) has valid shape 8x1 DN; it must be "
        "16x1 col_major or 16x8 row_major (dst's valid rows by 1, or by a 32-byte block)"]


@pytest.mark.parametrize("op", ROW)
def test_row_c6_tmp_with_a_column(op):
    full = _t(16, 64)
    assert errors(level1(op, [full, _t(16, 8), full], full)) == [
        f"'pto.{op}' op tmp is given with a row_major expanded operand (src1); the tmp form "
        "takes a col_major one (one value per row)"]
    with ir.Context():
        ir.Module.parse(level1(op, [full, _column("f32", 16), full], full))


@pytest.mark.parametrize("op", COL)
@pytest.mark.parametrize("operand", ["src0", "src1", "dst"])
def test_col_c3_row_major(op, operand):
    dn = ", blayout=col_major"
    types = [_t(16, 16, extra=dn if operand == "src0" else ""),
             _t(1 if operand != "src1" else 8, 16, extra=dn if operand == "src1" else "")]
    dst = _t(16, 16, extra=dn if operand == "dst" else "")
    assert errors(level1(op, types, dst)) == [
        f"'pto.{op}' op {operand} must be row-major (blayout=row_major), got blayout=col_major"]


@pytest.mark.parametrize("op", COL)
def test_col_c4_src0_is_dst_shaped(op):
    src0 = _t(16, 64, extra=", valid=8x64")
    assert errors(level1(op, [src0, _t(1, 64)], _t(16, 64))) == [
        f"'pto.{op}' op src0 valid shape 8x64 does not match dst valid shape 16x64"]


@pytest.mark.parametrize("op", COL)
@pytest.mark.parametrize("src1", ["1x32", "1x64, valid=0x64"])
def test_col_c5_src1_columns_and_a_row(op, src1):
    shape, _, valid = src1.partition(", valid=")
    rows, cols = shape.split("x")
    extra = f", valid={valid}" if valid else ""
    shown = valid or shape
    assert errors(level1(op, [_t(16, 64), _t(rows, cols, extra=extra)], _t(16, 64))) == [
        f"'pto.{op}' op src1 has valid shape {shown}; it must have at least 1 valid row and "
        "dst's 64 valid columns"]
