"""Every family op in PTO-AS (import and export, both shapes) and in the
PTOAS export (`pto.<m> ins(...) outs(...)`, as PTOAS's PTOOps.td spells it):
the translators are generic over TileOpInterface, and this checks that the
rows go through them."""
import re

import pytest

from pto_mlir import asm, families, ir, ptoas, rules
from pto_mlir.dialects._pto_families import ins_of

T = "!pto.tile<vec, 16x32xi16>"
B = "!pto.tile_buf<vec, 16x32xi16>"
T_F32 = "!pto.tile<vec, 16x32xf32>"
B_F32 = "!pto.tile_buf<vec, 16x32xf32>"
OPS = [row.mnemonic for row in families.FAMILY_OPS]


def _types(op, for_ptoas=False):
    """A tile type and a buffer type the op allows on a5 (for PTOAS, f32
    for the tile-scalar ops that take it: its tmaxs and tmins take float
    scalars only, docs/ptoas.md's Refusals)."""
    family = families.op(op).family
    ptoas_floats = for_ptoas and (family == "col_arg_reduce" or (
        family == "tile_scalar" and "f32" in rules.allowed(f"{op}_c1", target="a5")))
    if "i16" in rules.allowed(f"{op}_c1", target="a5") and not ptoas_floats:
        return T, B, "i16"
    return T_F32, B_F32, "f32"


def _column(tile):
    """A DN column of the tile's rows."""
    return tile.replace("x32x", "x1x").replace(">", ", blayout=col_major>")


def _dst_type(op, tile):
    """The destination's type: the tile's, or for a row reduction a DN
    column of its rows (row_reduce rules c4, c6), for a column reduction
    one row of its columns (col_reduce rules c5, c6); an arg reduction's of
    i32."""
    family = families.op(op).family
    if family in ("row_arg_reduce", "col_arg_reduce"):  # i32 indices (rule c2)
        tile = re.sub(r"x([a-z]\w*)>", "xi32>", tile)
    if family in ("col_reduce", "col_arg_reduce"):
        return tile.replace("16x", "1x")
    if family not in ("row_reduce", "row_arg_reduce"):
        return tile
    return _column(tile)


def _in_types(op, tile, scalar):
    """The types of the op's ins, the tile first: a tile-scalar op's scalar
    where its ins name it (tlrelu's `slope`; a tmp a tile); a row expand's src1 a DN column, a
    column expand's a row (expand rules c5; its tmp left out)."""
    family = families.op(op).family
    if family == "row_expand":
        return [tile, _column(tile)]
    if family == "col_expand":
        return [tile, tile.replace("16x", "1x")]
    names = ins_of(families.op(op))
    if family not in ("tile_scalar", "ternary_elementwise"):  # taddsc's scalar
        return [tile] * len(names)
    if names == ("src0", "src1"):  # tdivs: the tile first
        return [tile, scalar]
    return [scalar if name in ("scalar", "slope") else tile for name in names]


def _pto_as_types(op, t, element):
    """A PTO-AS statement's types: `: T`, or the list when a scalar is among
    the sources."""
    types, d = _in_types(op, t, element), _dst_type(op, t)
    if all(ty == t for ty in types):  # PTO-AS's compact form: `T` or `T -> D`
        return t if d == t else f"{t} -> {d}"
    return f"{types[0]} -> {d}" if len(types) == 1 else f"({', '.join(types)}) -> {d}"


@pytest.mark.parametrize("op", OPS)
def test_pto_as_round_trip(op):
    t, _, element = _types(op)
    types = _pto_as_types(op, t, element)
    count = len(_in_types(op, t, element))
    srcs = [f"%src{k}" for k in range(count)]
    args = [f"%arg{k}" for k in range(count + 1)]
    for text, exported in ((f"%dst = {op} {', '.join(srcs)} : {types}",
                            f"%0 = {op} {', '.join(args[:-1])} : {types}"),
                           (f"{op} %dst, {', '.join(srcs)} : {types}",
                            f"{op} {', '.join(args)} : {types}")):
        with ir.Context():
            module = asm.parse(text)
            assert exported in asm.emit(module)
            again = asm.parse(asm.emit(module))
            assert str(again) == str(module)


def _keyed(element, ty):
    """PTOAS's keyed spelling of our buffer type ``ty`` (16 or 1 rows, 32
    or 1 columns, ND or DN), as its PTOOps.td's `ins(...) outs(...)`."""
    rows, cols = ty.split(", ")[1].split("x")[:2]
    blayout = "col_major" if "col_major" in ty else "row_major"
    return re.escape(f"!pto.tile_buf<loc=vec, dtype={element}, rows={rows}, cols={cols}, "
                     f"v_row={rows}, v_col={cols}, blayout={blayout}, slayout=none_box, "
                     "fractal=512, pad=0>")


# The family ops PTOAS a56b18c3 defines no op for: the export refuses them
# (test_ptoas_export_refuses_an_op_ptoas_lacks).
NO_PTOAS_OP = ("tsubrelu",)


def test_ptoas_export_refuses_an_op_ptoas_lacks():
    for op in NO_PTOAS_OP:
        text = ('module attributes {pto.target_arch = "a5"} {\n  func.func @k() {\n'
                f"    %a = pto.alloc_tile : {B_F32}\n"
                f"    pto.{op} ins(%a, %a : {B_F32}, {B_F32}) outs(%a : {B_F32})\n"
                "    return\n  }\n}\n")
        with ir.Context():
            with pytest.raises(Exception) as info:
                ptoas.emit(ir.Module.parse(text))
        assert f"'pto.{op}' has no PTOAS form: PTOAS defines no {op} op" in str(info.value)


@pytest.mark.parametrize("op", [op for op in OPS if op not in NO_PTOAS_OP])
def test_ptoas_export_is_ptoas_spelling(op):
    _, b, element = _types(op, for_ptoas=True)
    types = _in_types(op, b, element)
    srcs = [f"%t{k}" if ty.startswith("!pto.") else "%s" for k, ty in enumerate(types)]
    d = _dst_type(op, b)
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%s: {element}) {{\n"
            + "".join(f"    {n} = pto.alloc_tile : {ty}\n" for n, ty in zip(srcs, types)
                      if n != "%s")
            + f"    %d = pto.alloc_tile : {d}\n"
            + f"    pto.{op} ins({', '.join(srcs)} : {', '.join(types)}) outs(%d : {d})\n"
            "    return\n  }\n}\n")
    with ir.Context():
        exported = ptoas.emit(ir.Module.parse(text))
    operands = ", ".join([r"%\w+"] * len(srcs))
    spelled = ", ".join(_keyed(element, ty) if ty.startswith("!pto.") else element
                        for ty in types)
    dst_element = "i32" if "arg_reduce" in families.op(op).family else element
    assert re.search(rf"pto\.{op} ins\({operands} : {spelled}\) "
                     rf"outs\(%\d+ : {_keyed(dst_element, d)}\)", exported), exported
