"""The rules of the column-reduction family (`<mnemonic>_c1` ... `_c7`,
tcolsum's `_c8` ... `_c10`) for each of its ops: the element types each
target allows, as pto-isa 3186c381's NPU headers assert them (written out
here from the headers, the independent expectation), and one negative case
per rule with its full message; both levels of each op round-trip."""
import pytest
from family_rules import check_c1_element_types, check_c1_tables, errors, level1, tile

from pto_mlir import families, ir

# a2a3: TColReduceCheck (TColReduceOps.hpp:87) for tcolmax, tcolmin and
# tcolprod, TColSumCheck (TColSum.hpp:102) for tcolsum; a5: TColReduceCheck
# (TColReduceOps.hpp:31) for all four, tcolprod's own (TColProd.hpp:42).
_A2A3 = ("i16", "i32", "f16", "f32")
_A5 = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")
EXPECTED = {
    "tcolsum": {"a2a3": _A2A3, "a5": _A5},
    "tcolmax": {"a2a3": _A2A3, "a5": _A5},
    "tcolmin": {"a2a3": _A2A3, "a5": _A5},
    "tcolprod": {"a2a3": _A2A3, "a5": ("i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")},
}
FAMILY = [row.mnemonic for row in families.FAMILY_OPS if row.family == "col_reduce"]


def _src(element, extra="", level="tile"):
    return tile(element, level=level, extra=extra).replace("<vec, 4x", "<vec, 32x")


def _dst(element, rows=1, extra="", level="tile"):
    return tile(element, level=level, extra=extra).replace("<vec, 4x", f"<vec, {rows}x")


def _level1(op, ts, td, target=None, tmp=None):
    return level1(op, [ts] + ([tmp] if tmp else []), td, target)


def _tcolsum(operand_types, td, attributes):
    """A Level 1 tcolsum of ``operand_types`` with ``attributes`` ("{isBinary
    = true}") after its operands."""
    text = level1("tcolsum", operand_types, td)
    names = ", ".join(f"%x{k}" for k in range(len(operand_types)))
    return text.replace(f"pto.tcolsum {names} :", f"pto.tcolsum {names} {attributes} :")


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
            b, e = _src(element, level="tile_buf"), _dst(element, level="tile_buf")
            level2 = (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                      f"  func.func @k(%a: {b}, %d: {e}) {{\n"
                      f"    pto.{op} ins(%a : {b}) outs(%d : {e})\n"
                      f"    return\n  }}\n}}\n")
            with ir.Context():
                for text, line in ((_level1(op, t, d, target), f"%0 = pto.{op} %arg0 : {t} -> {d}"),
                                   (level2, f"pto.{op} ins(%arg0 : {b}) outs(%arg1 : {e})")):
                    printed = str(ir.Module.parse(text))
                    assert line in printed
                    assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("is_binary", ["true", "false"])
def test_tcolsum_tmp_round_trips_at_both_levels(is_binary):
    """PTOAS's `ins(%src, %tmp {isBinary = ...} : S, T)`, printed with the
    attribute at both values (PTOAS's own printer drops `false`, which its
    verifier then refuses: ours keeps it)."""
    b, t, e = _src("f32", level="tile_buf"), _dst("f32", rows=16, level="tile_buf"), \
        _dst("f32", level="tile_buf")
    text = (f"func.func @k(%a: {b}, %t: {t}, %d: {e}) {{\n"
            f"  pto.tcolsum ins(%a, %t {{isBinary = {is_binary}}} : {b}, {t}) outs(%d : {e})\n"
            "  return\n}\n")
    with ir.Context():
        printed = str(ir.Module.parse(text))
        assert (f"pto.tcolsum ins(%arg0, %arg1 : {b}, {t}) outs(%arg2 : {e}) "
                f"{{isBinary = {is_binary}}}") in printed
        assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("op", FAMILY)
def test_c1_element_types(op):
    """A type outside the row, per target and without one."""
    check_c1_element_types(op, EXPECTED[op],
                           lambda e, target: _level1(op, _src(e), _dst(e), target))


@pytest.mark.parametrize("op", FAMILY)
def test_c2_one_element_type(op):
    assert errors(_level1(op, _src("f16"), _dst("f32"))) == [
        f"'pto.{op}' op src element type f16 differs from dst element type f32"]


def test_c2_tmp_of_the_element_type():
    tmp = _dst("f16", rows=16)
    assert errors(_tcolsum([_src("f32"), tmp], _dst("f32"), "{isBinary = false}")) == [
        "'pto.tcolsum' op tmp element type f16 differs from dst element type f32"]


@pytest.mark.parametrize("op", FAMILY)
def test_c3_src_nd(op):
    src = _src("f32", extra=", blayout=col_major")
    assert errors(_level1(op, src, _dst("f32"))) == [
        f"'pto.{op}' op src must be ND (blayout=row_major, slayout=none_box), got DN"]


@pytest.mark.parametrize("op", FAMILY)
def test_c4_dst_nd(op):
    dst = _dst("f32", rows=8, extra=", blayout=col_major, valid=1x16")
    assert errors(_level1(op, _src("f32"), dst)) == [
        f"'pto.{op}' op dst must be ND (blayout=row_major, slayout=none_box), got DN"]


@pytest.mark.parametrize("op", FAMILY)
def test_c5_valid_cols(op):
    assert errors(_level1(op, _src("f32"), _dst("f32", extra=", valid=1x8"))) == [
        f"'pto.{op}' op dst has 8 valid columns, src has 16; they must be equal"]


@pytest.mark.parametrize("op", FAMILY)
def test_c6_one_valid_row(op):
    assert errors(_level1(op, _src("f32"), _dst("f32", rows=4))) == [
        f"'pto.{op}' op dst has 4 valid rows; it must have 1"]


@pytest.mark.parametrize("op", FAMILY)
@pytest.mark.parametrize("valid", ["0x16", "32x0"])
def test_c7_not_empty(op, valid):
    src = _src("f32", extra=f", valid={valid}")
    dst = _dst("f32", extra=", valid=1x0") if valid == "32x0" else _dst("f32")
    assert errors(_level1(op, src, dst)) == [
        f"'pto.{op}' op src valid shape is {valid}; it must not be empty"]


def test_c8_tmp_and_is_binary_together():
    assert errors(level1("tcolsum", [_src("f32"), _dst("f32", rows=16)], _dst("f32"))) == [
        "'pto.tcolsum' op has a tmp without isBinary; tmp and isBinary are given together"]
    assert errors(_tcolsum([_src("f32")], _dst("f32"), "{isBinary = true}")) == [
        "'pto.tcolsum' op has isBinary without a tmp; tmp and isBinary are given together"]


@pytest.mark.parametrize("op", [op for op in FAMILY if op != "tcolsum"])
def test_only_tcolsum_takes_a_tmp(op):
    """PTOAS's tcolmax, tcolmin and tcolprod take `ins(%src)` only."""
    with ir.Context():
        with pytest.raises(ir.MLIRError):
            ir.Module.parse(_level1(op, _src("f32"), _dst("f32"), tmp=_dst("f32", rows=16)))


def test_c9_tmp_nd():
    tmp = _dst("f32", rows=16, extra=", blayout=col_major")
    assert errors(_tcolsum([_src("f32"), tmp], _dst("f32"), "{isBinary = false}")) == [
        "'pto.tcolsum' op tmp must be ND (blayout=row_major, slayout=none_box), got DN"]


def test_c10_binary_tmp_holds_the_columns():
    """isBinary = true only: the sequential sum reads no tmp."""
    tmp = "!pto.tile<vec, 16x8xf32>"
    assert errors(_tcolsum([_src("f32"), tmp], _dst("f32"), "{isBinary = true}")) == [
        "'pto.tcolsum' op tmp has 8 columns, src 16 valid columns; a binary sum "
        "(isBinary = true) needs tmp columns >= src's valid columns"]
    with ir.Context():
        ir.Module.parse(_tcolsum([_src("f32"), tmp], _dst("f32"), "{isBinary = false}"))
