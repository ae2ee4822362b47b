"""Every family op in PTO-AS (import and export, both shapes) and in the
PTOAS export (`pto.<m> ins(...) outs(...)`, as PTOAS's PTOOps.td spells it):
the translators are generic over TileOpInterface, and this checks that the
rows go through them."""
import re

import pytest

from pto_mlir import asm, families, ir, ptoas, rules

T = "!pto.tile<vec, 16x32xi16>"
B = "!pto.tile_buf<vec, 16x32xi16>"
T_F32 = "!pto.tile<vec, 16x32xf32>"
B_F32 = "!pto.tile_buf<vec, 16x32xf32>"
OPS = [row.mnemonic for row in families.FAMILY_OPS]
# The sources of each family's ops.
SOURCES = {"binary_elementwise": 2, "unary_elementwise": 1}


def _sources(op):
    return SOURCES[families.op(op).family]


def _types(op):
    """A tile type and a buffer type the op allows on a5."""
    if "i16" in rules.allowed(f"{op}_c1", target="a5"):
        return T, B, "i16"
    return T_F32, B_F32, "f32"


@pytest.mark.parametrize("op", OPS)
def test_pto_as_round_trip(op):
    t, _, _ = _types(op)
    srcs = [f"%src{k}" for k in range(_sources(op))]
    args = [f"%arg{k}" for k in range(_sources(op) + 1)]
    for text, exported in ((f"%dst = {op} {', '.join(srcs)} : {t}",
                            f"%0 = {op} {', '.join(args[:-1])} : {t}"),
                           (f"{op} %dst, {', '.join(srcs)} : {t}",
                            f"{op} {', '.join(args)} : {t}")):
        with ir.Context():
            module = asm.parse(text)
            assert exported in asm.emit(module)
            again = asm.parse(asm.emit(module))
            assert str(again) == str(module)


@pytest.mark.parametrize("op", OPS)
def test_ptoas_export_is_ptoas_spelling(op):
    _, b, element = _types(op)
    srcs = "ab"[:_sources(op)]
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            "  func.func @k() {\n"
            + "".join(f"    %{n} = pto.alloc_tile : {b}\n" for n in srcs + "d")
            + f"    pto.{op} ins({', '.join('%' + n for n in srcs)} : "
            f"{', '.join([b] * len(srcs))}) outs(%d : {b})\n    return\n  }}\n}}\n")
    with ir.Context():
        exported = ptoas.emit(ir.Module.parse(text))
    # PTOAS's keyed type spelling, as its PTOOps.td's `ins(...) outs(...)`.
    p = re.escape(f"!pto.tile_buf<loc=vec, dtype={element}, rows=16, cols=32, v_row=16, "
                  "v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>")
    operands = ", ".join([r"%\d+"] * len(srcs))
    assert re.search(rf"pto\.{op} ins\({operands} : {', '.join([p] * len(srcs))}\) "
                     rf"outs\(%\d+ : {p}\)", exported), exported
