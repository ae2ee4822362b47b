"""The JIT agrees with the interpreter bit for bit on the converting forms of
tinsert/textract (relu, scalar quant word, vector quant fp tile, saturate,
acc_to_vec, split) and on boxed (NZ, Zn, Zz) tiles: every (source, dest,
quant) pair the verifier admits per target, NaN/inf/-0.0 in the data and in
the quant scales, and the run-time failures (undefined quant pairs, fp too
narrow, window out of range)."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from agreement import agree
from pto_mlir import rules, runtime
from pto_mlir.runtime.dtypes import numpy_dtype
from pto_mlir.testing import dps_kernel, random_data

NZ = "blayout=col_major, slayout=row_major"
ACC = f"{NZ}, fractal=1024"

# Every (target, quant, acc element, dst element) the verifier admits on
# acc -> mat (tinsert_c9; acc -> vec has a5's rows of the same pairs).
CASES = [(target, quant, src, dst)
         for (target, path, quant, src), dsts in rules.table("tinsert_c9").rows.items()
         if target is not None and path == "acc -> mat" for dst in dsts]

PROPERTY = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def acc_buf(rows, cols, element, valid=None):
    valid_text = "" if valid is None else f", valid={valid[0]}x{valid[1]}"
    return f"!pto.tile_buf<acc, {rows}x{cols}x{element}{valid_text}, {ACC}>"


def dst_buf(location, rows, cols, element, layout=NZ):
    suffix = f", {layout}" if layout else ""
    return f"!pto.tile_buf<{location}, {rows}x{cols}x{element}{suffix}>"


def convert_kernel(target, op, src, dst, quant, attrs="", index_type="index",
                   quant_type=None):
    """`@k(src, ir, ic, [word | fp,] dst)` in a module of `target`; the
    quant operand's type is the mode's default unless `quant_type` is given."""
    quant_type = quant_type or {"none": None, "scalar": "i64",
                                "vector": "!pto.tile_buf<scaling, 1x64xui64>"}[quant]
    ins = [src, index_type, index_type] + ([quant_type] if quant_type else [])
    names = ["%s", "%ir", "%ic"] + (["%q"] if quant_type else [])
    params = ", ".join(f"{n}: {t}" for n, t in zip(names + ["%d"], ins + [dst]))
    attr_text = f" {{{attrs}}}" if attrs else ""
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"func.func @k({params}) {{\n"
            f"  {op} ins({', '.join(names)} : {', '.join(ins)}) outs(%d : {dst}){attr_text}\n"
            f"  return\n}}\n}}\n")


def quant_words(rng, count, scale_range=4.0):
    """Random quant words: an f32 scale (sometimes NaN, inf, 0, -0.0) in
    bits 31:0, shift, offset and sign bits from random bits."""
    scales = rng.uniform(-scale_range, scale_range, count).astype(np.float32)
    specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, 1e-3], np.float32)
    mask = rng.random(count) < 0.2
    scales[mask] = rng.choice(specials, int(mask.sum()))
    high = rng.integers(0, 1 << 32, count, dtype=np.uint64) << np.uint64(32)
    return high | scales.view(np.uint32).astype(np.uint64)


def source_data(rng, shape, element):
    if element == "i32":  # mostly values that stay in range after scaling
        small = rng.integers(-300, 300, shape, dtype=np.int32)
        return np.where(rng.random(shape) < 0.8, small, random_data(rng, shape, np.int32))
    data = random_data(rng, shape, np.float32)
    # random_data's f32 bit patterns are mostly huge; mix in scaled values.
    moderate = (rng.standard_normal(shape) * 200).astype(np.float32)
    return np.where(rng.random(shape) < 0.7, moderate, data).astype(np.float32)


def _args(rng, op, quant, src_element, dst_element, quant_word, ir, ic, big, small):
    """Arrays of a tinsert (small acc into big) or textract (big acc to small)."""
    acc_shape, dst_shape = (small, big) if op == "pto.tinsert" else (big, small)
    src = source_data(rng, acc_shape, src_element)
    dst = random_data(rng, dst_shape, numpy_dtype(dst_element))
    extra = []
    if quant == "scalar":
        extra = [int(quant_word)]
    elif quant == "vector":
        extra = [quant_words(rng, 64).reshape(1, 64)]
    return [src, ir, ic, *extra, dst]


@pytest.mark.parametrize("op", ["pto.tinsert", "pto.textract"])
@pytest.mark.parametrize("target, quant, src, dst", CASES)
def test_every_conversion_pair(op, target, quant, src, dst):
    rng = np.random.default_rng(11)
    small, big = (16, 32), (32, 64)
    acc_shape, dst_shape = (small, big) if op == "pto.tinsert" else (big, small)
    word = quant_words(rng, 1)[0]
    for relu in (False, True):
        attrs = "relu" if relu else ""
        kernel = convert_kernel(target, op, acc_buf(*acc_shape, src),
                                dst_buf("mat", *dst_shape, dst), quant, attrs)
        args = _args(rng, op, quant, src, dst, word, 16, 32, big, small)
        outcome = agree(kernel, args)
        defined = quant == "none" or dst in ("i8", "ui8", "i16") or (
            dst == "f16" and (src == "i32" or quant == "scalar")) or (
            dst == "bf16" and src == "f32" and quant == "scalar")
        assert outcome == ("ok" if defined else (
            f"'{op}' op at -:3:3: {quant} quantization from {src} to {dst} is not defined "
            "(the pairs are listed in docs/semantics.md, TINSERT)"))


@pytest.mark.parametrize("op", ["pto.tinsert", "pto.textract"])
def test_saturated_f32_to_f16_scalar_quant(op):
    rng = np.random.default_rng(12)
    acc, dst = ((16, 32), (32, 64)) if op == "pto.tinsert" else ((32, 64), (16, 32))
    for saturate in ("", "saturate", "relu, saturate"):
        kernel = convert_kernel("a5", op, acc_buf(*acc, "f32"), dst_buf("mat", *dst, "f16"),
                                "scalar", saturate)
        for scale in (np.float32(300.0), np.float32(np.inf), np.float32(np.nan)):
            word = int(scale.view(np.uint32))
            args = _args(rng, op, "scalar", "f32", "f16", word, 0, 0, (32, 64), (16, 32))
            assert agree(kernel, args) == "ok"


@pytest.mark.parametrize("layout", [NZ, None, "blayout=col_major"])
@pytest.mark.parametrize("mode", ["", "acc_to_vec = #pto.acc_to_vec<single_vec1>",
                                  "acc_to_vec = #pto.acc_to_vec<dual_split_m>"])
def test_acc_to_vec_destinations(layout, mode):
    """acc -> vec (a5) into NZ, ND and DN destinations, with and without
    an acc_to_vec mode (the host moves the same values)."""
    if "dual_split" in mode and layout == "blayout=col_major":
        return  # tinsert_c12: dual splits reject DN destinations
    rng = np.random.default_rng(13)
    kernel = convert_kernel("a5", "pto.tinsert", acc_buf(16, 32, "f32"),
                            dst_buf("vec", 32, 64, "f16", layout), "none", mode)
    src = source_data(rng, (16, 32), "f32")
    dst = random_data(rng, (32, 64), np.float16)
    if layout == "blayout=col_major":
        dst = np.asfortranarray(dst)
    assert agree(kernel, [src, 16, 16, dst]) == "ok"
    assert agree(kernel, [src, 17, 0, dst]) == (
        "'pto.tinsert' op at -:3:3: window [17:33, 0:32] exceeds dst's valid shape 32x64")


def test_vector_quant_fp_too_narrow_fails_in_both_engines():
    fp = "!pto.tile_buf<scaling, 1x64xui64, valid=1x?>"
    kernel = convert_kernel("a5", "pto.textract", acc_buf(32, 64, "i32"),
                            dst_buf("mat", 16, 32, "i8"), "vector",
                            quant_type=fp)
    rng = np.random.default_rng(14)
    src = source_data(rng, (32, 64), "i32")
    words = quant_words(rng, 64).reshape(1, 64)
    dst = np.zeros((16, 32), np.int8)
    assert agree(kernel, [src, 0, 16, runtime.Tile(words, (1, 48)), dst]) == "ok"
    assert agree(kernel, [src, 0, 17, runtime.Tile(words, (1, 48)), dst]) == (
        "'pto.textract' op at -:3:3: fp has 48 valid columns; columns 17..48 are needed")


def test_unsigned_quant_word_and_indices():
    """A ui64 word above 2**63 and ui16 indices (zero-extended: 65535 is in
    range for the uint16 check, then outside the window)."""
    src_t, dst_t = acc_buf(16, 32, "i32"), dst_buf("mat", 32, 64, "i16")
    kernel = convert_kernel("a2a3", "pto.tinsert", src_t, dst_t, "scalar",
                            index_type="ui16", quant_type="ui64")
    rng = np.random.default_rng(15)
    src = source_data(rng, (16, 32), "i32")
    dst = np.zeros((32, 64), np.int16)
    word = (1 << 63) | (5 << 32)
    assert agree(kernel, [src, 16, 32, word, dst]) == "ok"
    assert agree(kernel, [src, 65535, 0, word, dst]) == (
        "'pto.tinsert' op at -:3:3: window [65535:65551, 0:32] exceeds dst's valid shape "
        "32x64")


@pytest.mark.parametrize("element", ["f16", "f32", "i8"])
def test_nz_vec_to_vec_copies(element):
    rng = np.random.default_rng(16)
    src_t = f"!pto.tile_buf<vec, 32x64x{element}, valid=?x?, {NZ}>"
    dst_t = f"!pto.tile_buf<vec, 64x64x{element}, {NZ}>"
    kernel = convert_kernel("a5", "pto.tinsert", src_t, dst_t, "none")
    dtype = numpy_dtype(element)
    src = random_data(rng, (32, 64), dtype)
    dst = random_data(rng, (64, 64), dtype)
    assert agree(kernel, [runtime.Tile(src, (17, 23)), 5, 9, dst]) == "ok"
    assert agree(kernel, [runtime.Tile(src, (17, 23)), 48, 0, dst]) == (
        "'pto.tinsert' op at -:3:3: window [48:65, 0:23] exceeds dst's valid shape 64x64")


@pytest.mark.parametrize("slayout", ["row_major", "col_major"])   # Zz, Zn
@pytest.mark.parametrize("element, dtype", [("i8", np.int8), ("i16", np.int16),
                                            ("ui32", np.uint32)])
def test_tor_on_boxed_tiles(slayout, element, dtype):
    rng = np.random.default_rng(18)
    t = f"!pto.tile_buf<vec, 32x64x{element}, valid=?x?, slayout={slayout}>"
    kernel = dps_kernel("k", "pto.tor", [t, t], [t])
    a, b, d = (random_data(rng, (32, 64), dtype) for _ in range(3))
    tiles = [runtime.Tile(x, (19, 37)) for x in (a, b, d)]
    assert agree(kernel, tiles) == "ok"
    tiles[1] = runtime.Tile(b, (19, 36))
    assert agree(kernel, tiles) == (
        "'pto.tor' op at -:2:3: valid shape of src1 is 19x36, src0's is 19x37; "
        "they must be equal")


@pytest.mark.parametrize("src_layout", [NZ, "slayout=col_major"])     # NZ, Zn
@pytest.mark.parametrize("location", ["left", "right"])
def test_textract_mat_to_left_right(src_layout, location):
    rng = np.random.default_rng(19)
    src_t = f"!pto.tile_buf<mat, 64x64xf32, {src_layout}>"
    # The layouts A5's TExtractToLeft/Right write (textract_c27): left NZ,
    # right Zn (an NZ right dst is refused since the pto-isa 3186c381 audit).
    dst_layout = NZ if location == "left" else "slayout=col_major"
    dst_t = f"!pto.tile_buf<{location}, 32x32xf32, {dst_layout}>"
    kernel = convert_kernel("a5", "pto.textract", src_t, dst_t, "none", index_type="i32")
    src = random_data(rng, (64, 64), np.float32)
    dst = random_data(rng, (32, 32), np.float32)
    assert agree(kernel, [src, 32, 16, dst]) == "ok"
    assert agree(kernel, [src, 33, 0, dst]) == (
        "'pto.textract' op at -:3:3: window [33:65, 0:32] exceeds src's valid shape 64x64")


@pytest.mark.parametrize("split", ["", "split = #pto.split<split2>"])
def test_nz_vec_to_mat(split):
    """vec -> mat from an NZ source, with and without a split mode."""
    rng = np.random.default_rng(17)
    src_t = f"!pto.tile_buf<vec, 16x32xf16, {NZ}>"
    mat_t = f"!pto.tile_buf<mat, 32x32xf16, {NZ}>"
    kernel = convert_kernel("a5", "pto.tinsert", src_t, mat_t, "none", split)
    src = random_data(rng, (16, 32), np.float16)
    dst = random_data(rng, (32, 32), np.float16)
    assert agree(kernel, [src, 16, 0, dst]) == "ok"
    assert agree(kernel, [src, 16, 1, dst]) == (
        "'pto.tinsert' op at -:3:3: window [16:32, 1:33] exceeds dst's valid shape 32x32")


@given(case=st.sampled_from(CASES), op=st.sampled_from(["pto.tinsert", "pto.textract"]),
       relu=st.booleans(), data=st.data(), seed=st.integers(0, 2**32 - 1))
@PROPERTY
def test_property_conversions_agree(case, op, relu, data, seed):
    """Random legal conversion, valid region, window and words."""
    target, quant, src_element, dst_element = case
    rng = np.random.default_rng(seed)
    vr, vc = data.draw(st.integers(0, 16)), data.draw(st.integers(0, 32))
    big_vr, big_vc = data.draw(st.integers(0, 32)), data.draw(st.integers(0, 64))
    ir = data.draw(st.integers(0, 34))
    ic = data.draw(st.integers(0, 66))
    small_valid, big_valid = (vr, vc), (big_vr, big_vc)
    if op == "pto.tinsert":
        src_t = acc_buf(16, 32, src_element, ("?", "?"))
        dst_t = dst_buf("mat", 32, 64, dst_element).replace(
            "x" + dst_element, f"x{dst_element}, valid=?x?")
        valids = (small_valid, big_valid)
    else:
        src_t = acc_buf(32, 64, src_element, ("?", "?"))
        dst_t = dst_buf("mat", 16, 32, dst_element).replace(
            "x" + dst_element, f"x{dst_element}, valid=?x?")
        valids = (big_valid, small_valid)
    kernel = convert_kernel(target, op, src_t, dst_t, quant, "relu" if relu else "")
    args = _args(rng, op, quant, src_element, dst_element, quant_words(rng, 1)[0], ir, ic,
                 (32, 64), (16, 32))
    args[0] = runtime.Tile(args[0], valids[0])
    args[-1] = runtime.Tile(args[-1], valids[1])
    agree(kernel, args)


# Each conversion kind on boxed tiles (a5): (acc element, dst location, dst
# element, dst layout, quant, attrs). The region is 27x40 of a 32x64 tile:
# two whole 16-column runs and a partial one, rows across two box rows.
BOXED_KINDS = [
    ("f32", "mat", "f32", NZ, "none", "relu"),
    ("f32", "mat", "f16", NZ, "none", ""),
    ("f32", "mat", "bf16", NZ, "none", "relu"),
    ("f32", "vec", "f16", NZ, "none", ""),
    ("f32", "vec", "f32", None, "none", "relu"),
    ("f32", "mat", "i8", NZ, "scalar", "relu"),
    ("f32", "mat", "f16", NZ, "scalar", "saturate"),
    ("f32", "vec", "f16", NZ, "scalar", ""),
    ("i32", "mat", "i8", NZ, "vector", "relu"),
    ("f32", "mat", "ui8", NZ, "vector", ""),
    ("i32", "vec", "f16", NZ, "vector", ""),
]

# (index_row, index_col): at the origin, a row offset inside a box row with
# a column offset on a run boundary, the far corner, and a column offset off
# the runs (element by element).
BOXED_WINDOWS = [(0, 0), (5, 32), (37, 80), (3, 7)]


@pytest.mark.parametrize("op", ["pto.tinsert", "pto.textract"])
@pytest.mark.parametrize("kind", BOXED_KINDS, ids=lambda k: "-".join(str(p) for p in k))
def test_conversion_kinds_on_boxed_tiles(op, kind):
    """Partial valid regions (27x40, inside 32x64 and 64x128 tiles) at
    each window of BOXED_WINDOWS, so whole runs, the partial last run, row
    offsets inside a box and the element-by-element path all run."""
    src_element, location, dst_element, layout, quant, attrs = kind
    rng = np.random.default_rng(21)
    small, big = (32, 64), (64, 128)
    acc_shape, dst_shape = (small, big) if op == "pto.tinsert" else (big, small)
    src_t = acc_buf(*acc_shape, src_element, ("?", "?"))
    dst_t = dst_buf(location, *dst_shape, dst_element, layout)
    dst_t = dst_t.replace(f"x{dst_element}", f"x{dst_element}, valid=?x?", 1)
    fp_t = "!pto.tile_buf<scaling, 1x128xui64>"
    kernel = convert_kernel("a5", op, src_t, dst_t, quant, attrs,
                            quant_type=fp_t if quant == "vector" else None)
    for ir, ic in BOXED_WINDOWS:
        src = source_data(rng, acc_shape, src_element)
        dst = random_data(rng, dst_shape, numpy_dtype(dst_element))
        extra = {"none": [], "scalar": [int(quant_words(rng, 1)[0])],
                 "vector": [quant_words(rng, 128).reshape(1, 128)]}[quant]
        region, whole = (27, 40), big
        valids = (region, whole) if op == "pto.tinsert" else (whole, region)
        args = [runtime.Tile(src, valids[0]), ir, ic, *extra, runtime.Tile(dst, valids[1])]
        assert agree(kernel, args) == "ok", (ir, ic)


# A Zz left dst is A2/A3's (textract_c27: A5's TExtractToLeft writes NZ).
@pytest.mark.parametrize("target", ["a2a3"])
def test_textract_nz_mat_to_zz_left(target):
    """mat (NZ) -> left (Zz: boxes side by side, so the runs of one run
    column are not a constant stride apart) with a partial valid region
    (29x27: a whole run and a partial one) at aligned and unaligned windows."""
    rng = np.random.default_rng(22)
    src_t = f"!pto.tile_buf<mat, 64x64xf16, {NZ}>"
    dst_t = "!pto.tile_buf<left, 32x32xf16, valid=?x?, slayout=row_major>"
    kernel = convert_kernel(target, "pto.textract", src_t, dst_t, "none")
    src = random_data(rng, (64, 64), np.float16)
    dst = random_data(rng, (32, 32), np.float16)
    for ir, ic in [(0, 0), (7, 16), (35, 32), (1, 3)]:
        assert agree(kernel, [src, ir, ic, runtime.Tile(dst, (29, 27))]) == "ok", (ir, ic)
