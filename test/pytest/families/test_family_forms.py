"""Every family op in PTO-AS (import and export, both shapes) and in the
PTOAS export (`pto.<m> ins(...) outs(...)`, as PTOAS's PTOOps.td spells it):
the translators are generic over TileOpInterface, and this checks that the
rows go through them."""
import re

import pytest

from pto_mlir import asm, families, ir, ptoas

T = "!pto.tile<vec, 16x32xi16>"
B = "!pto.tile_buf<vec, 16x32xi16>"
OPS = [row.mnemonic for row in families.FAMILY_OPS]


@pytest.mark.parametrize("op", OPS)
def test_pto_as_round_trip(op):
    for text, exported in ((f"%dst = {op} %src0, %src1 : {T}", f"%0 = {op} %arg0, %arg1 : {T}"),
                           (f"{op} %dst, %src0, %src1 : {T}", f"{op} %arg0, %arg1, %arg2 : {T}")):
        with ir.Context():
            module = asm.parse(text)
            assert exported in asm.emit(module)
            again = asm.parse(asm.emit(module))
            assert str(again) == str(module)


@pytest.mark.parametrize("op", OPS)
def test_ptoas_export_is_ptoas_spelling(op):
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            "  func.func @k() {\n"
            + "".join(f"    %{n} = pto.alloc_tile : {B}\n" for n in "abd")
            + f"    pto.{op} ins(%a, %b : {B}, {B}) outs(%d : {B})\n    return\n  }}\n}}\n")
    with ir.Context():
        exported = ptoas.emit(ir.Module.parse(text))
    # PTOAS's keyed type spelling, as its PTOOps.td's `ins(...) outs(...)`.
    p = ("!pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=32, v_row=16, v_col=32, "
         "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
    assert re.search(rf"pto\.{op} ins\(%\d+, %\d+ : {re.escape(p)}, {re.escape(p)}\) "
                     rf"outs\(%\d+ : {re.escape(p)}\)", exported), exported
