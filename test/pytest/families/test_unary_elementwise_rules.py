"""The rules of the unary elementwise family (`<mnemonic>_c1` ... `_c4`) for
each of its ops: the element types each target allows, as pto-isa
3186c381's NPU headers assert them (written out here from the headers, the
independent expectation), and one negative case per rule with its full
message; both levels of each op round-trip."""
import pytest
from family_rules import check_c1_element_types, check_c1_tables, errors, level1, tile

from pto_mlir import families, ir

# include/pto/npu/<target>/TUnaryOp.hpp: TunaryCheck (a2a3 :265) and
# TUnaryCheck (a5 :149) allow f16 and f32 unless the op asserts its own
# types: TABS on a5 (:316), TNOT (a5 :212; a2a3 computes 1- and 4-byte
# integers as 2-byte ones, :390), TRELU (a2a3 :408, a5 :247); TNEG is
# TMULS by -1 (a2a3/TMulS.hpp:52, a5/TMulS.hpp:57); TRSQRT on a5 asserts in
# a5/TRsqrt.hpp:194; TRECIP is TDIVS(dst, 1, src), its integers refused.
_FLOATS = ("f16", "f32")
_BITWISE = ("i8", "ui8", "i16", "ui16", "i32", "ui32")
EXPECTED = {
    "tabs": {"a2a3": _FLOATS, "a5": ("i8", "i16", "i32", "f16", "f32")},
    "tneg": {"a2a3": ("i16", "i32", "f16", "f32"),
             "a5": ("i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")},
    "tnot": {"a2a3": _BITWISE, "a5": _BITWISE},
    "trelu": {"a2a3": ("i32", "f16", "f32"), "a5": ("i32", "f16", "f32")},
    "texp": {"a2a3": _FLOATS, "a5": _FLOATS},
    "tlog": {"a2a3": _FLOATS, "a5": _FLOATS},
    "tsqrt": {"a2a3": _FLOATS, "a5": _FLOATS},
    "trsqrt": {"a2a3": _FLOATS, "a5": _FLOATS},
    "trecip": {"a2a3": _FLOATS, "a5": _FLOATS},
}
UNARY = [row.mnemonic for row in families.FAMILY_OPS if row.family == "unary_elementwise"]


def _level1(op, ts, td, target=None):
    return level1(op, [ts], td, target)


def test_the_family_is_the_expected_ops():
    assert sorted(UNARY) == sorted(EXPECTED)


@pytest.mark.parametrize("op", UNARY)
def test_c1_tables_are_the_headers(op):
    check_c1_tables(op, EXPECTED[op])


@pytest.mark.parametrize("op", UNARY)
def test_every_allowed_type_round_trips_at_both_levels(op):
    for target, allowed in EXPECTED[op].items():
        for element in allowed:
            t, b = tile(element), tile(element, "tile_buf")
            level2 = (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                      f"  func.func @k(%a: {b}, %d: {b}) {{\n"
                      f"    pto.{op} ins(%a : {b}) outs(%d : {b})\n"
                      f"    return\n  }}\n}}\n")
            with ir.Context():
                for text, line in ((_level1(op, t, t, target), f"%0 = pto.{op} %arg0 : {t} -> {t}"),
                                   (level2, f"pto.{op} ins(%arg0 : {b}) outs(%arg1 : {b})")):
                    printed = str(ir.Module.parse(text))
                    assert line in printed
                    assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("op", UNARY)
def test_c1_element_types(op):
    """A type outside the row, per target and without one."""
    check_c1_element_types(op, EXPECTED[op],
                           lambda e, target: _level1(op, tile(e), tile(e), target))


@pytest.mark.parametrize("op", UNARY)
def test_c2_one_element_type(op):
    element = EXPECTED[op]["a5"][-1]
    other = "f16" if element == "f32" else "i32"
    assert errors(_level1(op, tile(other), tile(element))) == [
        f"'pto.{op}' op src element type {other} differs from dst element type {element}"]


@pytest.mark.parametrize("op", UNARY)
def test_c3_row_major(op):
    element = EXPECTED[op]["a5"][-1]
    a = f"!pto.tile<vec, 32x16x{element}, blayout=col_major>"
    b = f"!pto.tile<vec, 32x16x{element}>"
    assert errors(_level1(op, a, b)) == [
        f"'pto.{op}' op src must be row-major (blayout=row_major), got blayout=col_major"]


@pytest.mark.parametrize("op", UNARY)
def test_c4_valid_shapes(op):
    element = EXPECTED[op]["a5"][-1]
    a, b = tile(element, extra=", valid=2x16"), tile(element)
    assert errors(_level1(op, a, b)) == [
        f"'pto.{op}' op src valid shape 2x16 does not match dst valid shape 4x16"]


def test_trsqrt_tmp_round_trips_at_both_levels():
    """trsqrt's optional tmp (docs/isa/TRSQRT.md:68, PTOAS's
    `ins(%src, %tmp)`), at both levels, with and without it."""
    t, b = tile("f16"), tile("f16", "tile_buf")
    level2 = (f"func.func @k(%a: {b}, %t: {b}, %d: {b}) {{\n"
              f"  pto.trsqrt ins(%a, %t : {b}, {b}) outs(%d : {b})\n"
              f"  pto.trsqrt ins(%a : {b}) outs(%d : {b})\n  return\n}}\n")
    forms = [(level1("trsqrt", [t, t], t), f"%0 = pto.trsqrt %arg0, %arg1 : ({t}, {t}) -> {t}"),
             (level2, f"pto.trsqrt ins(%arg0, %arg1 : {b}, {b}) outs(%arg2 : {b})"),
             (level2, f"pto.trsqrt ins(%arg0 : {b}) outs(%arg2 : {b})")]
    with ir.Context():
        for text, line in forms:
            printed = str(ir.Module.parse(text))
            assert line in printed
            assert str(ir.Module.parse(printed)) == printed


def test_trsqrt_tmp_rules():
    """tmp is of dst's element type (c2) and row-major (c3), its shape its
    own (not c4)."""
    t = tile("f16")
    assert errors(level1("trsqrt", [t, tile("f32")], t)) == [
        "'pto.trsqrt' op tmp element type f32 differs from dst element type f16"]
    assert errors(level1("trsqrt", [t, "!pto.tile<vec, 16x16xf16, blayout=col_major>"], t)) == [
        "'pto.trsqrt' op tmp must be row-major (blayout=row_major), got blayout=col_major"]
    with ir.Context():
        ir.Module.parse(level1("trsqrt", [t, "!pto.tile<vec, 1x16xf16>"], t))
