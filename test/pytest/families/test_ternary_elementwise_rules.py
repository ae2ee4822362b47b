"""The rules of the ternary elementwise family (`<mnemonic>_c1` ... `_c5`)
for each of its ops: the element types each target allows (no NPU header
has TADDC or TSUBC code and their pages list none: TADD's and TSUB's,
written out here from a2a3/TAdd.hpp:62, a5/TAdd.hpp:60, a2a3/TSub.hpp:61,
a5/TSub.hpp:59; TADDSC and TSUBSC have no NPU code either, and their pages
list i32 i16 f16 f32, docs/isa/TADDSC.md:50, :53), and one negative case per
rule with its full message; both levels of each op round-trip. taddsc and
tsubsc take a scalar as their middle operand (PTOAS's `ins(%src0, %scalar,
%src1)`)."""
import pytest
from family_rules import check_c1_element_types, check_c1_tables, errors, level1, tile

from pto_mlir import families, ir
from pto_mlir.dialects._pto_families import ins_of

_A2A3 = ("i16", "i32", "f16", "f32")
_A5 = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")
_PAGES = ("i16", "i32", "f16", "f32")
EXPECTED = {"taddc": {"a2a3": _A2A3, "a5": _A5}, "tsubc": {"a2a3": _A2A3, "a5": _A5},
            "taddsc": {"a2a3": _PAGES, "a5": _PAGES}, "tsubsc": {"a2a3": _PAGES, "a5": _PAGES}}
TERNARY = [row.mnemonic for row in families.FAMILY_OPS if row.family == "ternary_elementwise"]


def _ins(op):
    return ins_of(families.op(op))


def _tiles(op):
    """The names of the op's tile ins (all but a scalar)."""
    return [name for name in _ins(op) if name != "scalar"]


def _operands(op, element, level="tile", scalar=None, **tiles):
    """The op's operand types: a tile of ``element`` for each tile in (or
    ``tiles[name]``), the scalar of ``element`` (or ``scalar``)."""
    default = tile(element, level)
    return [(scalar or element.replace("ui", "i")) if name == "scalar" else
            tiles.get(name, default) for name in _ins(op)]


def _level1(op, element, td=None, target=None, scalar=None, **tiles):
    return level1(op, _operands(op, element, scalar=scalar, **tiles), td or tile(element), target)


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
            types1 = ", ".join(_operands(op, element))
            types2 = ", ".join(_operands(op, element, "tile_buf"))
            params = ", ".join(f"%x{k}: {ty}" for k, ty in
                               enumerate(_operands(op, element, "tile_buf")))
            level2 = (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                      f"  func.func @k({params}, %d: {b}) {{\n"
                      f"    pto.{op} ins(%x0, %x1, %x2 : {types2}) outs(%d : {b})\n"
                      f"    return\n  }}\n}}\n")
            with ir.Context():
                for text, line in ((_level1(op, element, target=target),
                                    f"%0 = pto.{op} %arg0, %arg1, %arg2 : ({types1}) -> {t}"),
                                   (level2, f"pto.{op} ins(%arg0, %arg1, %arg2 : {types2}) "
                                            f"outs(%arg3 : {b})")):
                    printed = str(ir.Module.parse(text))
                    assert line in printed
                    assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("op", TERNARY)
def test_c1_element_types(op):
    check_c1_element_types(op, EXPECTED[op], lambda e, target: _level1(op, e, target=target))


@pytest.mark.parametrize("op", TERNARY)
def test_c2_one_element_type(op):
    last = _tiles(op)[-1]
    assert errors(_level1(op, "i16", **{last: tile("i32")})) == [
        f"'pto.{op}' op {last} element type i32 differs from dst element type i16"]


@pytest.mark.parametrize("op", [op for op in TERNARY if "scalar" in _ins(op)])
def test_c2_scalar_of_the_element_type(op):
    """taddsc's scalar is of the tiles' DType (docs/isa/TADDSC.md: "Scalar
    type must match the Tile data type"), signless for integers."""
    assert errors(_level1(op, "i16", scalar="f32")) == [
        f"'pto.{op}' op scalar is f32, expected i16 (dst element type i16)"]
    assert errors(_level1(op, "f16", scalar="f32")) == [
        f"'pto.{op}' op scalar is f32, expected f16 (dst element type f16)"]


@pytest.mark.parametrize("op", TERNARY)
def test_c3_row_major(op):
    second = _tiles(op)[1]
    a = "!pto.tile<vec, 32x32xi16, blayout=col_major>"
    b = "!pto.tile<vec, 32x32xi16>"
    tiles = {name: b for name in _tiles(op)}
    tiles[second] = a
    assert errors(_level1(op, "i16", b, **tiles)) == [
        f"'pto.{op}' op {second} must be row-major (blayout=row_major), got blayout=col_major"]


@pytest.mark.parametrize("op", TERNARY)
def test_c4_valid_shapes(op):
    last = _tiles(op)[-1]
    assert errors(_level1(op, "i16", **{last: tile("i16", extra=", valid=2x32")})) == [
        f"'pto.{op}' op {last} valid shape 2x32 does not match dst valid shape 4x32"]


@pytest.mark.parametrize("op", TERNARY)
def test_c5_one_shape(op):
    """The tiles are of one TileData type on the simulator
    (include/pto/common/pto_instr.hpp:554, :2099): one shape, valid shapes
    aside."""
    count = {3: "four", 2: "three"}[len(_tiles(op))]
    assert errors(_level1(op, "i16", src0="!pto.tile<vec, 8x32xi16, valid=4x32>")) == [
        f"'pto.{op}' op src0 is 8x32 ND, dst 4x32 ND: the {count} tiles must have one shape "
        "and layout"]
