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


def _sources(op):
    return len(ins_of(families.op(op)))


def _types(op, for_ptoas=False):
    """A tile type and a buffer type the op allows on a5 (for PTOAS, f32
    for the tile-scalar ops that take it: its tmaxs and tmins take float
    scalars only, docs/ptoas.md's Refusals)."""
    ptoas_floats = (for_ptoas and families.op(op).family == "tile_scalar"
                    and "f32" in rules.allowed(f"{op}_c1", target="a5"))
    if "i16" in rules.allowed(f"{op}_c1", target="a5") and not ptoas_floats:
        return T, B, "i16"
    return T_F32, B_F32, "f32"


def _in_types(op, tile, scalar):
    """The types of the op's ins, the tile first: a tile-scalar op's last in
    is its scalar (texpands' only one)."""
    count = _sources(op)
    if families.op(op).family != "tile_scalar":
        return [tile] * count
    return [tile] * (count - 1) + [scalar]


def _pto_as_types(op, t, element):
    """A PTO-AS statement's types: `: T`, or the list when a scalar is among
    the sources."""
    types = _in_types(op, t, element)
    if all(ty == t for ty in types):
        return t
    return f"{types[0]} -> {t}" if len(types) == 1 else f"({', '.join(types)}) -> {t}"


@pytest.mark.parametrize("op", OPS)
def test_pto_as_round_trip(op):
    t, _, element = _types(op)
    types = _pto_as_types(op, t, element)
    srcs = [f"%src{k}" for k in range(_sources(op))]
    args = [f"%arg{k}" for k in range(_sources(op) + 1)]
    for text, exported in ((f"%dst = {op} {', '.join(srcs)} : {types}",
                            f"%0 = {op} {', '.join(args[:-1])} : {types}"),
                           (f"{op} %dst, {', '.join(srcs)} : {types}",
                            f"{op} {', '.join(args)} : {types}")):
        with ir.Context():
            module = asm.parse(text)
            assert exported in asm.emit(module)
            again = asm.parse(asm.emit(module))
            assert str(again) == str(module)


@pytest.mark.parametrize("op", OPS)
def test_ptoas_export_is_ptoas_spelling(op):
    _, b, element = _types(op, for_ptoas=True)
    types = _in_types(op, b, element)
    srcs = ["%a" if ty == b else "%s" for ty in types][:-1] + [
        "%b" if types[-1] == b else "%s"]
    tiles = [n for n in srcs if n != "%s"] + ["%d"]
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%s: {element}) {{\n"
            + "".join(f"    {n} = pto.alloc_tile : {b}\n" for n in tiles)
            + f"    pto.{op} ins({', '.join(srcs)} : {', '.join(types)}) outs(%d : {b})\n"
            "    return\n  }\n}\n")
    with ir.Context():
        exported = ptoas.emit(ir.Module.parse(text))
    # PTOAS's keyed type spelling, as its PTOOps.td's `ins(...) outs(...)`.
    p = re.escape(f"!pto.tile_buf<loc=vec, dtype={element}, rows=16, cols=32, v_row=16, "
                  "v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>")
    operands = ", ".join([r"%\w+"] * len(srcs))
    spelled = ", ".join(p if ty == b else element for ty in types)
    assert re.search(rf"pto\.{op} ins\({operands} : {spelled}\) "
                     rf"outs\(%\d+ : {p}\)", exported), exported
