"""pto.tsort32 in the reference interpreter: descending, stable, ties by idx,
-0.0 ties +0.0, partial 32-blocks, the 8-byte records of the hardware form."""
import numpy as np
import pytest

from pto_mlir import runtime

INF = float("inf")


def _page_l1(rows, cols, element, valid=""):
    s = f"!pto.tile<vec, {rows}x{cols}x{element}{valid}>"
    i = f"!pto.tile<vec, {rows}x{cols}xui32{valid}>"
    return f"""func.func @k(%s: {s}) -> ({s}, {i}) {{
  %d, %i = pto.tsort32 %s : {s} -> ({s}, {i})
  return %d, %i : {s}, {i}
}}"""


def _hardware_l1(rows, cols, element, dst_cols, valid="", tmp=None):
    """`tmp`: the scratch tile's type (a partial last block needs one)."""
    s = f"!pto.tile<vec, {rows}x{cols}x{element}{valid}>"
    i = f"!pto.tile<vec, {rows}x{cols}xui32{valid}>"
    d = f"!pto.tile<vec, {rows}x{dst_cols}x{element}>"
    if tmp is None:
        return f"""func.func @k(%s: {s}, %i: {i}) -> {d} {{
  %d = pto.tsort32 %s, %i : ({s}, {i}) -> {d}
  return %d : {d}
}}"""
    return f"""func.func @k(%s: {s}, %i: {i}, %t: {tmp}) -> {d} {{
  %d = pto.tsort32 %s, %i, %t : ({s}, {i}, {tmp}) -> {d}
  return %d : {d}
}}"""


def test_page_form_literal_with_ties_signed_zeros_and_infinities():
    src = np.zeros((1, 8), dtype=np.float32)
    src[0] = [3, -0.0, 5, 0.0, 3, INF, -INF, 1]
    dst, idx = runtime.run(_page_l1(1, 8, "f32"), "k", src)
    assert dst.tolist() == [[INF, 5, 3, 3, 1, 0.0, 0.0, -INF]]
    assert idx.tolist() == [[5, 2, 0, 4, 7, 1, 3, 6]]
    assert np.signbit(dst[0, 5]) and not np.signbit(dst[0, 6])   # -0.0 came first


def _model(values, ids):
    """docs/semantics.md, TSORT32 on one row: 32-blocks sorted descending by value,
    ties by idx ascending; returns (values, ids) per block, concatenated."""
    out_v, out_i = [], []
    for j in range(0, len(values), 32):
        block = [(float(v), int(i)) for v, i in zip(values[j:j + 32], ids[j:j + 32])]
        block.sort(key=lambda e: (-e[0], e[1]))
        out_v += [v for v, _ in block]
        out_i += [i for _, i in block]
    return out_v, out_i


def test_page_form_partial_block_against_model():
    rng = np.random.default_rng(7)
    src = rng.integers(-4, 4, (2, 48)).astype(np.float16)   # many ties
    dst, idx = runtime.run(_page_l1(2, 48, "f16", ", valid=2x40"), "k", src)
    for r in range(2):
        want_v, want_i = _model(src[r, :40], range(40))
        assert dst[r, :40].tolist() == want_v and idx[r, :40].tolist() == want_i
    assert not dst[:, 40:].any() and not idx[:, 40:].any()


def test_hardware_form_32_bit_records_and_ties_by_idx_value():
    src = np.array([[2, 7, 2, 2] + [0] * 28], dtype=np.float32)
    ids = np.array([[9, 1, 3, 5] + list(range(100, 128))], dtype=np.uint32)
    dst = runtime.run(_hardware_l1(1, 32, "f32", 64), "k", src, ids)
    values, records_idx = dst[0, 0::2], dst.view(np.uint32)[0, 1::2]
    assert values[:4].tolist() == [7, 2, 2, 2]
    assert records_idx[:4].tolist() == [1, 3, 5, 9]     # equal values: idx ascending
    assert records_idx[4:].tolist() == list(range(100, 128))


def test_hardware_form_16_bit_records_and_partial_block_base():
    rng = np.random.default_rng(8)
    src = rng.standard_normal((1, 48)).astype(np.float16)
    ids = np.arange(1000, 1048, dtype=np.uint32).reshape(1, 48)
    # 40 valid cols: a partial second block, so a tmp of 64 f16.
    kernel = _hardware_l1(1, 48, "f16", 160, ", valid=1x40", tmp="!pto.tile<vec, 1x64xf16>")
    dst = runtime.run(kernel, "k", src, ids, np.zeros((1, 64), np.float16))
    words = dst.view(np.uint16)[0]
    want_v, want_i = _model(src[0, :40], ids[0, :40])
    for k in range(40):
        # record k at column 4k: [value, 0x0000, idx low, idx high]
        record = words[4 * k:4 * k + 4]
        assert np.array([record[0]], np.uint16).view(np.float16)[0] == want_v[k]
        assert record[1] == 0
        assert int(record[2]) | int(record[3]) << 16 == want_i[k]


def test_nan_gives_a_permutation():
    src = np.array([[np.nan, 1, np.nan, -1] + list(range(28))], dtype=np.float32)
    dst, idx = runtime.run(_page_l1(1, 32, "f32"), "k", src)
    assert sorted(idx[0].tolist()) == list(range(32))
    assert dst[0].tobytes() == src[0, idx[0]].tobytes()


def test_level2_keeps_cells_outside_and_checks_the_record_width():
    s = "!pto.tile_buf<vec, 2x32xf32, valid=?x?>"
    i = "!pto.tile_buf<vec, 2x32xui32, valid=?x?>"
    d = "!pto.tile_buf<vec, 2x32xf32, valid=?x?>"
    t = "!pto.tile_buf<vec, 1x32xf32>"
    kernel = f"""func.func @k(%s: {s}, %i: {i}, %t: {t}, %d: {d}) {{
  pto.tsort32 ins(%s, %i, %t : {s}, {i}, {t}) outs(%d : {d})
  return
}}"""
    src = np.arange(64, dtype=np.float32).reshape(2, 32)
    ids = np.arange(64, dtype=np.uint32).reshape(2, 32)
    out = np.full((2, 32), -5, dtype=np.float32)
    tmp = np.zeros((1, 32), np.float32)
    runtime.run(kernel, "k", runtime.Tile(src, (1, 3)), runtime.Tile(ids, (1, 3)), tmp,
                runtime.Tile(out, (1, 6)))
    assert out[0, :6].tolist() == [2, float(np.uint32(2).view(np.float32)), 1,
                                   float(np.uint32(1).view(np.float32)), 0, 0.0]
    assert (out[0, 6:] == -5).all() and (out[1] == -5).all()
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", runtime.Tile(src, (1, 17)), runtime.Tile(ids, (1, 17)), tmp,
                    runtime.Tile(out, (1, 32)))
    assert str(info.value) == ("'pto.tsort32' op at -:2:3: dst has 32 columns; 17 records of "
                               "2 columns need 34")
