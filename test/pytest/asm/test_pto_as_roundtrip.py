"""PTO-AS import -> export -> import is the identity, for every op and form.

Each case is PTO-AS text and the text the exporter writes for it; the test
also imports that text again and compares the two modules.
"""
import pytest

from pto_mlir import asm, ir

I16 = "!pto.tile<vec, 16x32xi16>"
F32 = "!pto.tile<vec, 16x64xf32>"
F32H = "!pto.tile<vec, 16x32xf32>"
S = "!pto.tile<vec, 1x32xf32>"
IDX = "!pto.tile<vec, 1x32xui32>"
REC = "!pto.tile<vec, 1x64xf32>"
TMP = "!pto.tile<vec, 1x256xui8>"
NZ16 = "!pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>"
MAT16 = "!pto.tile<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>"
V16 = "!pto.tile<vec, 16x32xf16>"
V16BIG = "!pto.tile<vec, 32x64xf16>"
ACCF = "!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>"
ACCI = "!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>"
MATI16 = "!pto.tile<mat, 16x16xi16, blayout=col_major, slayout=row_major>"
MATF16 = "!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>"
MATBF = "!pto.tile<mat, 32x32xbf16, blayout=col_major, slayout=row_major>"
SCALE = "!pto.tile<scaling, 1x16xui64>"
VECF16 = "!pto.tile<vec, 16x16xf16>"
NZF32 = "!pto.tile<vec, 16x32xf32, blayout=col_major, slayout=row_major>"
MATF32 = "!pto.tile<mat, 16x32xf32, blayout=col_major, slayout=row_major>"
MAT32 = "!pto.tile<mat, 32x32xf32, slayout=col_major>"
LEFT = "!pto.tile<left, 16x16xf32, blayout=col_major, slayout=row_major>"
R16 = "!pto.tile<vec, 16x16xf32>"
R8 = "!pto.tile<vec, 8x32xf32>"
B16 = "!pto.tile_buf<vec, 16x16xf32>"
B8 = "!pto.tile_buf<vec, 8x32xf32>"
LIST = "!pto.tile<vec, 1x64xf32>"
MERGED = "!pto.tile<vec, 1x128xf32>"
RECS = "!pto.tile<vec, 1x256xf32>"

CASES = {
    # -- tor
    "tor": (f"%dst = tor %src0, %src1 : {I16}",
            f"%0 = tor %arg0, %arg1 : {I16}"),
    "tor_dst_first": (f"tor %dst, %src0, %src1 : {I16}",
                      f"tor %arg0, %arg1, %arg2 : {I16}"),
    "tor_chain": (f"%t = tor %a, %b : {I16}\n%u = pto.tor %t, %a : {I16}",
                  f"%0 = tor %arg0, %arg1 : {I16}\n%1 = tor %0, %arg0 : {I16}"),
    "tor_in_place": (f"tor %a, %a, %b : {I16}\ntor %b, %a, %b : {I16}",
                     f"tor %arg0, %arg0, %arg1 : {I16}\ntor %arg1, %arg0, %arg1 : {I16}"),
    # -- tinterleave, tdeinterleave
    "tinterleave": (f"%dst0, %dst1 = tinterleave %src0, %src1 : {F32}",
                    f"%0, %1 = tinterleave %arg0, %arg1 : {F32}"),
    "tinterleave_dst_first": (f"tinterleave %d0, %d1, %s0, %s1 : {F32}",
                              f"tinterleave %arg0, %arg1, %arg2, %arg3 : {F32}"),
    "tdeinterleave_two_sources": (f"%d0, %d1 = tdeinterleave %s0, %s1 : {F32}",
                                  f"%0, %1 = tdeinterleave %arg0, %arg1 : {F32}"),
    "tdeinterleave_one_source": (f"%d0, %d1 = tdeinterleave %s : {F32} -> {F32H}",
                                 f"%0, %1 = tdeinterleave %arg0 : {F32} -> {F32H}"),
    "tdeinterleave_one_source_dst_first": (
        f"tdeinterleave %d0, %d1, %s : {F32} -> {F32H}",
        f"tdeinterleave %arg0, %arg1, %arg2 : {F32} -> {F32H}"),
    # -- treshape: Level 1 view, buffer view, copy
    "treshape": (f"%dst = treshape %src : {R16} -> {R8}",
                 f"%0 = treshape %arg0 : {R16} -> {R8}"),
    "treshape_buffer_view": (
        f"%v = treshape %s : {B16} -> {B8}\ntreshape %d, %v : {R8} -> {R16}",
        f"%0 = treshape %arg0 : {B16} -> {B8}\ntreshape %arg1, %0 : {R8} -> {R16}"),
    "treshape_copy": (f"treshape %d, %s : {R16} -> {R8}",
                      f"treshape %arg0, %arg1 : {R16} -> {R8}"),
    # -- tsort32: page form and hardware form, both shapes
    "tsort32_page": (f"%dst, %idx = tsort32 %src : {S} -> ({S}, {IDX})",
                     f"%0, %1 = tsort32 %arg0 : {S} -> ({S}, {IDX})"),
    "tsort32_hardware": (f"%dst = tsort32 %src, %idx : ({S}, {IDX}) -> {REC}",
                         f"%0 = tsort32 %arg0, %arg1 : ({S}, {IDX}) -> {REC}"),
    "tsort32_page_dst_first": (f"tsort32 %dst, %idx, %src : {S} -> ({S}, {IDX})",
                               f"tsort32 %arg0, %arg1, %arg2 : {S} -> ({S}, {IDX})"),
    "tsort32_hardware_dst_first": (f"tsort32 %dst, %src, %idx : ({S}, {IDX}) -> ({REC})",
                                   f"tsort32 %arg0, %arg1, %arg2 : ({S}, {IDX}) -> ({REC})"),
    "tsort32_hardware_tmp_dst_first": (
        f"tsort32 %dst, %src, %idx, %tmp : ({S}, {IDX}, {TMP}) -> {REC}",
        f"tsort32 %arg0, %arg1, %arg2, %arg3 : ({S}, {IDX}, {TMP}) -> {REC}"),
    # -- tmrgsort: lists (exhausted or not) and single list
    "tmrgsort_lists": (
        f"%d = tmrgsort %a, %b, %t : ({LIST}, {LIST}, {MERGED}) -> {MERGED} #exhausted=true",
        f"%0 = tmrgsort %arg0, %arg1, %arg2 : ({LIST}, {LIST}, {MERGED}) -> {MERGED} "
        "#exhausted=true"),
    "tmrgsort_lists_dst_first": (
        f"tmrgsort %d, %a, %b, %t : ({LIST}, {LIST}, {MERGED}) -> {MERGED}",
        f"tmrgsort %arg0, %arg1, %arg2, %arg3 : ({LIST}, {LIST}, {MERGED}) -> {MERGED}"),
    "tmrgsort_single": (f"%d = tmrgsort %s, %n : ({RECS}, i32) -> {RECS}",
                        f"%0 = tmrgsort %arg0, %arg1 : ({RECS}, i32) -> {RECS}"),
    # -- tinsert, textract
    "tinsert": (f"%dst = tinsert %src[%r0, %r1] : {NZ16} -> {MAT16}",
                f"%0 = tinsert %arg0[%arg1, %arg2] : {NZ16} -> {MAT16}"),
    "tinsert_dst_first": (f"tinsert %dst, %src[%r0, %r1] : {NZ16} -> {MAT16}",
                          f"tinsert %arg0, %arg1[%arg2, %arg3] : {NZ16} -> {MAT16}"),
    "tinsert_into_immediates": (
        f"%r = tinsert %src[16, 0x20] into %dst : {V16} -> {V16BIG}\n"
        f"%s = tinsert %src[0, %c] into %r : {V16} -> {V16BIG}",
        f"%0 = tinsert %arg0[16, 32] into %arg1 : {V16} -> {V16BIG}\n"
        f"%1 = tinsert %arg0[0, %arg2] into %0 : {V16} -> {V16BIG}"),
    "tinsert_typed_indices": (
        f"%r = tinsert %src[%i, 0] into %dst : ({V16}, i16, i32) -> {V16BIG}",
        f"%0 = tinsert %arg0[%arg1, 0] into %arg2 : ({V16}, i16, i32) -> {V16BIG}"),
    "tinsert_quant_word": (f"%b = tinsert %acc[%r, %c], %word : {ACCI} -> {MATI16}",
                           f"%0 = tinsert %arg0[%arg1, %arg2], %arg3 : {ACCI} -> {MATI16}"),
    "tinsert_quant_word_ui64": (
        f"%b = tinsert %acc[0, 16], %word : ({ACCF}, index, index, ui64) -> "
        "!pto.tile<mat, 32x32xi8, blayout=col_major, slayout=row_major> #relu",
        f"%0 = tinsert %arg0[0, 16], %arg1 : ({ACCF}, index, index, ui64) -> "
        "!pto.tile<mat, 32x32xi8, blayout=col_major, slayout=row_major> #relu"),
    "tinsert_vector_quant": (
        f"%d = tinsert %acc[0, 16], %fp : ({ACCI}, index, index, {SCALE}) -> {MATF16}",
        f"%0 = tinsert %arg0[0, 16], %arg1 : ({ACCI}, index, index, {SCALE}) -> {MATF16}"),
    "tinsert_relu": (f"%a = tinsert %f[0, 16] : {ACCF} -> {MATBF} #relu",
                     f"%0 = tinsert %arg0[0, 16] : {ACCF} -> {MATBF} #relu"),
    "tinsert_modes": (
        f"%a = tinsert %f[0, 0] : {ACCF} -> {VECF16} #saturate #acc_to_vec=dual_split_m #relu",
        f"%0 = tinsert %arg0[0, 0] : {ACCF} -> {VECF16} #acc_to_vec=dual_split_m #relu #saturate"),
    "tinsert_split": (f"%d = tinsert %nz[0, 0] : {NZF32} -> {MATF32} #split=split4",
                      f"%0 = tinsert %arg0[0, 0] : {NZF32} -> {MATF32} #split=split4"),
    "textract": (f"%d = textract %src[%r, %c] : {MAT32} -> {LEFT}",
                 f"%0 = textract %arg0[%arg1, %arg2] : {MAT32} -> {LEFT}"),
    "textract_dst_first": (f"textract %d, %src[%r, 16] : {MAT32} -> {LEFT}",
                           f"textract %arg0, %arg1[%arg2, 16] : {MAT32} -> {LEFT}"),
    # -- tassign (manual mode): placed before the statement that first
    # uses the tile, in the order that statement reads its registers
    "tassign_dst_first": (
        "# pto.tassign %src0, @tile(0x1000) as the pages' manual mode writes it\n"
        "pto.tassign %src0, @tile(0x1000)\ntassign %src1, @tile(0x2000)\n"
        "tassign %dst0, @tile(12288)\ntassign %dst1, @tile(0x4000)\n"
        f"tinterleave %dst0, %dst1, %src0, %src1 : {F32}",
        "tassign %arg0, @tile(0x3000)\ntassign %arg1, @tile(0x4000)\n"
        "tassign %arg2, @tile(0x1000)\ntassign %arg3, @tile(0x2000)\n"
        f"tinterleave %arg0, %arg1, %arg2, %arg3 : {F32}"),
    "tassign_level1": (
        f"%d = tor %a, %b : {I16}\ntassign %d, @tile(0x100)\ntassign %a, @tile(64)",
        f"%0 = tor %arg0, %arg1 : {I16}\ntassign %0, @tile(0x100)\ntassign %arg0, @tile(0x40)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_round_trip(name):
    text, exported = CASES[name]
    with ir.Context():
        first = asm.parse(text + "\n")
        assert asm.emit(first) == exported + "\n"
        again = asm.parse(asm.emit(first))
        assert str(again) == str(first)
