"""The two engines of pto_mlir.runtime.run agree bit for bit: every op and
form the host lowering supports, run with engine="interp" (the oracle) and
engine="jit" on copies of the same inputs, leaves the same bytes in every
buffer and returns the same results, or both fail with the same KernelError
message. Example cases first (valid < static regions, NaN, inf, -0.0,
ties), then one hypothesis property per op."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from agreement import agree
from oracles import sort_edge_values
from pto_mlir import runtime
from pto_mlir.testing import (
    dps_kernel,
    host_types,
    random_data,
    tile_buf,
    tor_kernel,
    window_kernel,
)

TOR_TYPES = host_types("tor_c1")
INTERLEAVE_TYPES = host_types("tinterleave_c1")
WINDOW_TYPES = host_types("tinsert_c14", "vec -> vec")
SORT_TYPES = host_types("tsort32_c1")


pytest.importorskip("pto_mlir.runtime.jit")

PROPERTY = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# --- pto.tor -----------------------------------------------------------------

@pytest.mark.parametrize("element", sorted(TOR_TYPES))
@pytest.mark.parametrize("valid", [None, (3, 5), (None, None)])
def test_tor(element, valid):
    dtype = TOR_TYPES[element]
    rows, cols = 4, 64 // np.dtype(dtype).itemsize
    rng = np.random.default_rng(1)
    tiles = [random_data(rng, (rows, cols), dtype) for _ in range(3)]
    if valid == (None, None):
        tiles = [runtime.Tile(t, (2, 7)) for t in tiles]
    assert agree(tor_kernel(rows, cols, element, valid), tiles, "tor") == "ok"


def test_tor_mismatched_dynamic_shapes_fail_in_both():
    rng = np.random.default_rng(2)
    a, b, d = (random_data(rng, (4, 16), np.int16) for _ in range(3))
    args = [runtime.Tile(a, (2, 3)), runtime.Tile(b, (2, 4)), runtime.Tile(d, (2, 3))]
    assert agree(tor_kernel(4, 16, "i16", (None, None)), args, "tor") == (
        "'pto.tor' op at -:2:3: valid shape of src1 is 2x4, src0's is 2x3; they must be equal")


# --- pto.tinterleave / pto.tdeinterleave ---------------------------------------

def _interleave(op, n_in, element, shape, valid, dynamic=False, src_valid=None):
    vt = (None, None) if dynamic else valid
    t = tile_buf(*shape, element, vt)
    src = t if src_valid is None else tile_buf(shape[0], shape[1], element,
                                               (None, None) if dynamic else src_valid)
    return dps_kernel("k", op, [src] * n_in, [t, t])


@pytest.mark.parametrize("element", sorted(INTERLEAVE_TYPES))
@pytest.mark.parametrize("op,n_in", [("pto.tinterleave", 2), ("pto.tdeinterleave", 2)])
def test_interleave_two_sources(element, op, n_in):
    dtype = INTERLEAVE_TYPES[element]
    shape, valid = (3, 128 // np.dtype(dtype).itemsize), (2, 6)
    rng = np.random.default_rng(3)
    tiles = [random_data(rng, shape, dtype) for _ in range(4)]
    assert agree(_interleave(op, n_in, element, shape, valid), tiles) == "ok"
    dyn = [runtime.Tile(t, valid) for t in tiles]
    assert agree(_interleave(op, n_in, element, shape, valid, True), dyn) == "ok"


def test_deinterleave_single_source_and_odd_columns():
    rng = np.random.default_rng(4)
    tiles = [random_data(rng, (2, 16), np.float32) for _ in range(3)]
    kernel = _interleave("pto.tdeinterleave", 1, "f32", (2, 16), (2, 4), src_valid=(2, 8))
    assert agree(kernel, tiles) == "ok"
    # One source: src valid cols 6 give each dst 3 (pto-isa 3186c381's page);
    # two sources still need even columns.
    dyn = [runtime.Tile(tiles[0], (2, 6)), runtime.Tile(tiles[1], (2, 3)),
           runtime.Tile(tiles[2], (2, 3))]
    kernel = _interleave("pto.tdeinterleave", 1, "f32", (2, 16), (2, 4), dynamic=True)
    assert agree(kernel, dyn) == "ok"
    tiles.append(random_data(rng, (2, 16), np.float32))
    kernel = _interleave("pto.tdeinterleave", 2, "f32", (2, 16), (2, 4), dynamic=True)
    assert agree(kernel, [runtime.Tile(t, (2, 3)) for t in tiles]) == (
        "'pto.tdeinterleave' op at -:2:3: dst0 has 3 valid columns; it must be even")


# --- pto.treshape --------------------------------------------------------------

def test_treshape_copy_and_views():
    rng = np.random.default_rng(5)
    src = random_data(rng, (4, 16), np.float32)
    copy = dps_kernel("k", "pto.treshape", [tile_buf(4, 16, "f32", (1, 3))],
                      [tile_buf(8, 8, "f32", (2, 2))])
    assert agree(copy, [src, random_data(rng, (8, 8), np.float32)]) == "ok"
    s, v = "!pto.tile<vec, 4x16xf32>", "!pto.tile<vec, 16x4xf32, blayout=col_major>"
    view = f"""func.func @k(%s: {s}) -> {v} {{
  %d = pto.treshape %s : {s} -> {v}
  return %d : {v}
}}"""
    assert agree(view, [src]) == "ok"


# --- pto.tsort32 ---------------------------------------------------------------

_TIES = np.array([3, -0.0, 0.0, 3, np.inf, -np.inf, 1, 3, np.nan, 0.0])


@pytest.mark.parametrize("element", sorted(SORT_TYPES))
def test_tsort32_page_form_with_ties_and_specials(element):
    dtype = SORT_TYPES[element]
    rng = np.random.default_rng(6)
    src = random_data(rng, (2, 64), dtype)
    src[0, :10] = _TIES
    src[1, 32:42] = _TIES
    idx = np.zeros((2, 64), np.uint32)
    kernel = dps_kernel("k", "pto.tsort32", [tile_buf(2, 64, element, (2, 45))],
                        [tile_buf(2, 64, element, (2, 45)), tile_buf(2, 64, "ui32", (2, 45))])
    assert agree(kernel, [src, src.copy(), idx]) == "ok"


@pytest.mark.parametrize("element", sorted(SORT_TYPES))
def test_tsort32_hardware_form_ties_by_idx(element):
    dtype = SORT_TYPES[element]
    slots = 8 // dtype.itemsize  # columns of one 8-byte record
    rng = np.random.default_rng(7)
    src = np.repeat(_TIES[:8], 6).astype(dtype).reshape(1, 48)
    idx = rng.permutation(48).astype(np.uint32).reshape(1, 48)
    dst = random_data(rng, (1, 48 * slots), dtype)
    tmp = np.zeros((1, 64), dtype)   # the partial block (40 cols) needs tmp
    kernel = dps_kernel("k", "pto.tsort32", [tile_buf(1, 48, element, (1, 40)),
                                             tile_buf(1, 48, "ui32", (1, 40)),
                                             tile_buf(1, 64, element)],
                        [tile_buf(1, 48 * slots, element)])
    assert agree(kernel, [src, idx, tmp, dst]) == "ok"



@pytest.mark.parametrize("element", sorted(SORT_TYPES))
@pytest.mark.parametrize("form", ["page", "record"])
def test_tsort32_nan_payloads_signs_and_edges(element, form):
    """Both forms over 3 rows of 96 columns (valid 77: two whole blocks and
    a partial one) drawn from sort_edge_values: every NaN must keep its bits
    and place, ties by idx (drawn from 0, 1 and 2**32 - 1) then column."""
    dtype = SORT_TYPES[element]
    rng = np.random.default_rng(9)
    src = rng.choice(sort_edge_values(element), size=(3, 96))
    t = tile_buf(3, 96, element, (3, 77))
    ti = tile_buf(3, 96, "ui32", (3, 77))
    if form == "page":
        kernel = dps_kernel("k", "pto.tsort32", [t], [t, ti])
        args = [src, random_data(rng, (3, 96), dtype), np.zeros((3, 96), np.uint32)]
    else:
        slots = 8 // np.dtype(dtype).itemsize
        ids = rng.choice(np.array([0, 1, 2**32 - 1], np.uint32), size=(3, 96))
        kernel = dps_kernel("k", "pto.tsort32", [t, ti, tile_buf(1, 96, element)],
                            [tile_buf(3, 96 * slots, element)])
        args = [src, ids, np.zeros((1, 96), dtype), random_data(rng, (3, 96 * slots), dtype)]
    assert agree(kernel, args) == "ok"


@pytest.mark.parametrize("slayout", ["row_major", "col_major"])   # Zz, Zn
@pytest.mark.parametrize("element", sorted(SORT_TYPES))
def test_tsort32_on_boxed_tiles(slayout, element):
    """Boxed tiles are read and written lane by lane (no vector load or
    scatter): both forms, a partial last block, ties and NaN."""
    dtype = SORT_TYPES[element]
    slots = 8 // dtype.itemsize
    rng = np.random.default_rng(8)
    src = rng.choice(_TIES, size=(32, 64)).astype(dtype)
    t = f"!pto.tile_buf<vec, 32x64x{element}, valid=?x?, slayout={slayout}>"
    ti = f"!pto.tile_buf<vec, 32x64xui32, valid=?x?, slayout={slayout}>"
    td = f"!pto.tile_buf<vec, 32x{64 * slots}x{element}, slayout={slayout}>"
    page = dps_kernel("k", "pto.tsort32", [t], [t, ti])
    assert agree(page, [runtime.Tile(src, (32, 45)),
                        runtime.Tile(random_data(rng, (32, 64), dtype), (32, 45)),
                        runtime.Tile(np.zeros((32, 64), np.uint32), (32, 45))]) == "ok"
    ids = rng.integers(0, 3, (32, 64), dtype=np.uint32)
    # A partial last block needs a tmp on the hardware form (tsort32_c10).
    tmp = tile_buf(1, 64, element)
    records = dps_kernel("k", "pto.tsort32", [t, ti, tmp], [td])
    assert agree(records, [runtime.Tile(src, (32, 45)), runtime.Tile(ids, (32, 45)),
                           np.zeros((1, 64), dtype),
                           random_data(rng, (32, 64 * slots), dtype)]) == "ok"

# --- pto.tinsert / pto.textract ------------------------------------------------

def _window_case(op, element, window, whole, index_type="index", big_rows=8, mat_dn=False):
    """Kernel and arrays of a copy between a 4-row tile with valid shape
    `window` and a `big_rows`-row one with `whole` (None: static, (None,
    None): dynamic), in argument order; `mat_dn`: the big tile is a DN mat."""
    dtype = WINDOW_TYPES[element]
    cols = 64 // np.dtype(dtype).itemsize
    small = tile_buf(4, cols, element, window)
    big = tile_buf(big_rows, 2 * cols, element, whole)
    rng = np.random.default_rng(8)
    arrays = [random_data(rng, (4, cols), dtype), random_data(rng, (big_rows, 2 * cols), dtype)]
    if mat_dn:
        big = big.replace("<vec, ", "<mat, ").replace(">", ", blayout=col_major>")
        arrays[1] = np.asfortranarray(arrays[1])
    if op == "pto.textract":
        return window_kernel(op, big, small, index_type), arrays[::-1]
    return window_kernel(op, small, big, index_type), arrays


@pytest.mark.parametrize("element", sorted(WINDOW_TYPES))
@pytest.mark.parametrize("op", ["pto.tinsert", "pto.textract"])
def test_window_copy_every_type(element, op):
    kernel, (a, b) = _window_case(op, element, (3, 5), None)
    assert agree(kernel, [a, 2, 7, b]) == "ok"
    assert agree(kernel, [a, 5, 7, b]) == "ok"               # last rows
    big, big_cols = ("dst", b.shape[1]) if op == "pto.tinsert" else ("src", a.shape[1])
    assert agree(kernel, [a, 6, 0, b]) == (                  # 6 + 3 > 8 rows
        f"'{op}' op at -:2:3: window [6:9, 0:5] exceeds {big}'s valid shape 8x{big_cols}")


# pto-isa 3186c381 copies vec -> vec on A2/A3 too (its TEXTRACT page, both
# A2/A3 headers), with the 1-, 2- and 4-byte types A5 lacks: both engines run
# them under that target, against the numpy model of the window copy.
@pytest.mark.parametrize("element", ["ui8", "i16", "ui16", "ui32"])
@pytest.mark.parametrize("op", ["pto.tinsert", "pto.textract"])
def test_a2a3_window_copy_types_a5_lacks(element, op):
    kernel, (a, b) = _window_case(op, element, (3, 6), None)
    kernel = f'module attributes {{pto.target_arch = "a2a3"}} {{\n{kernel}}}\n'
    expected = b.copy()
    if op == "pto.tinsert":
        expected[2:5, 7:13] = a[:3, :6]
    else:
        expected[:3, :6] = a[2:5, 7:13]
    assert agree(kernel, [a, 2, 7, b]) == "ok"  # both engines, the same bytes
    runtime.run(kernel, "k", a, 2, 7, b, engine="jit")
    assert b.tobytes() == expected.tobytes()


@pytest.mark.parametrize("op", ["pto.tinsert", "pto.textract"])
@pytest.mark.parametrize("index_type", ["index", "i16", "i32", "i64"])
def test_window_indices_dynamic_shapes_and_failures(op, index_type):
    kernel, (first, second) = _window_case(op, "f32", (None, None), (None, None), index_type)

    def args(ir, ic, small, big):
        valids = (small, big) if op == "pto.tinsert" else (big, small)
        return [runtime.Tile(first, valids[0]), ir, ic, runtime.Tile(second, valids[1])]
    assert agree(kernel, args(1, 3, (2, 5), (5, 9))) == "ok"
    assert agree(kernel, args(3, 4, (2, 5), (5, 9))) == "ok"        # touches both bounds
    assert agree(kernel, args(0, 0, (0, 0), (0, 0))) == "ok"        # empty window
    where = f"'{op}' op at -:2:3:"
    big = "dst" if op == "pto.tinsert" else "src"
    assert agree(kernel, args(4, 4, (2, 5), (5, 9))) == (            # one row too far
        f"{where} window [4:6, 4:9] exceeds {big}'s valid shape 5x9")
    assert agree(kernel, args(3, 5, (2, 5), (5, 9))) == (            # one column too far
        f"{where} window [3:5, 5:10] exceeds {big}'s valid shape 5x9")
    assert agree(kernel, args(-1, 0, (1, 1), (5, 9))) == (
        f"{where} index_row is -1, allowed 0..65535")
    if index_type in ("index", "i32", "i64"):
        assert agree(kernel, args(0, 70000, (1, 1), (5, 9))) == (
            f"{where} index_col is 70000, allowed 0..65535")


def test_tinsert_vec_to_mat_dn_destination():
    kernel, (a, b) = _window_case("pto.tinsert", "f16", (3, 16), None, big_rows=16, mat_dn=True)
    assert agree(kernel, [a, 13, 16, b]) == "ok"
    assert agree(kernel, [a, 14, 16, b]) == (
        "'pto.tinsert' op at -:2:3: window [14:17, 16:32] exceeds dst's valid shape 16x64")


def test_tinsert_level1_fresh_and_into():
    s, d = "!pto.tile<vec, 2x8xf32, valid=2x5>", "!pto.tile<vec, 4x16xf32>"
    kernel = f"""func.func @k(%s: {s}, %into: {d}, %i: index) -> ({d}, {d}) {{
  %c3 = arith.constant 3 : index
  %a = pto.tinsert %s, %i, %c3 : ({s}, index, index) -> {d}
  %b = pto.tinsert %s, %i, %c3 into %into : ({s}, index, index) -> {d}
  return %a, %b : {d}, {d}
}}"""
    rng = np.random.default_rng(10)
    src, into = random_data(rng, (2, 8), np.float32), random_data(rng, (4, 16), np.float32)
    assert agree(kernel, [src, into, 2]) == "ok"
    assert agree(kernel, [src, into, 3]) == (
        "'pto.tinsert' op at -:3:8: window [3:5, 3:8] exceeds dst's valid shape 4x16")


# --- properties ---------------------------------------------------------------

@st.composite
def _valid(draw, rows, cols):
    return draw(st.integers(0, rows)), draw(st.integers(0, cols))


@PROPERTY
@given(element=st.sampled_from(sorted(TOR_TYPES)), rows=st.integers(1, 5),
       blocks=st.integers(1, 3), data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_property_tor(element, rows, blocks, data, seed):
    dtype = TOR_TYPES[element]
    cols = blocks * 32 // np.dtype(dtype).itemsize
    valid = data.draw(_valid(rows, cols))
    rng = np.random.default_rng(seed)
    tiles = [runtime.Tile(random_data(rng, (rows, cols), dtype), valid) for _ in range(3)]
    assert agree(tor_kernel(rows, cols, element, (None, None)), tiles, "tor") == "ok"


def _interleave_property(op, element, rows, blocks, data, seed):
    dtype = INTERLEAVE_TYPES[element]
    cols = blocks * 32 // np.dtype(dtype).itemsize
    vr = data.draw(st.integers(0, rows))
    vc = 2 * data.draw(st.integers(0, cols // 2))
    rng = np.random.default_rng(seed)
    tiles = [runtime.Tile(random_data(rng, (rows, cols), dtype), (vr, vc)) for _ in range(4)]
    kernel = _interleave(op, 2, element, (rows, cols), None, dynamic=True)
    assert agree(kernel, tiles) == "ok"


@PROPERTY
@given(element=st.sampled_from(sorted(INTERLEAVE_TYPES)), rows=st.integers(1, 4),
       blocks=st.integers(1, 3), data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_property_tinterleave(element, rows, blocks, data, seed):
    _interleave_property("pto.tinterleave", element, rows, blocks, data, seed)


@PROPERTY
@given(element=st.sampled_from(sorted(INTERLEAVE_TYPES)), rows=st.integers(1, 4),
       blocks=st.integers(1, 3), data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_property_tdeinterleave(element, rows, blocks, data, seed):
    _interleave_property("pto.tdeinterleave", element, rows, blocks, data, seed)


@PROPERTY
@given(pair=st.sampled_from([("i32", "ui32"), ("f16", "bf16"), ("i8", "ui8"), ("ui16", "i16"),
                             ("f32", "f32")]),
       rows=st.integers(1, 4), data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_property_treshape_copy(pair, rows, data, seed):
    """The DPS copy moves every byte, whatever the valid shapes."""
    src_t, dst_t = (np.dtype(INTERLEAVE_TYPES[e]) for e in pair)
    cols = 64 // src_t.itemsize
    dst_cols = rows * cols // 2
    rng = np.random.default_rng(seed)
    kernel = dps_kernel("k", "pto.treshape", [tile_buf(rows, cols, pair[0], (None, None))],
                        [tile_buf(2, dst_cols, pair[1])])
    src = runtime.Tile(random_data(rng, (rows, cols), src_t), data.draw(_valid(rows, cols)))
    assert agree(kernel, [src, random_data(rng, (2, dst_cols), dst_t)]) == "ok"


@PROPERTY
@given(element=st.sampled_from(["f16", "f32"]), rows=st.integers(1, 3), blocks=st.integers(1, 3),
       data=st.data(), seed=st.integers(0, 2**32 - 1), ties=st.booleans())
def test_property_tsort32(element, rows, blocks, data, seed, ties):
    dtype = np.dtype(element.replace("f", "float"))
    cols = blocks * 32
    valid = data.draw(_valid(rows, cols))
    rng = np.random.default_rng(seed)
    src = random_data(rng, (rows, cols), dtype)
    if ties:                       # few distinct values: ties everywhere
        src = rng.choice(_TIES, size=(rows, cols)).astype(dtype)
    page = dps_kernel("k", "pto.tsort32", [tile_buf(rows, cols, element, (None, None))],
                      [tile_buf(rows, cols, element, (None, None)),
                       tile_buf(rows, cols, "ui32", (None, None))])
    outs = [random_data(rng, (rows, cols), dtype), np.zeros((rows, cols), np.uint32)]
    assert agree(page, [runtime.Tile(a, valid) for a in [src, *outs]]) == "ok"



@PROPERTY
@given(element=st.sampled_from(["f16", "f32"]), rows=st.integers(1, 3), blocks=st.integers(1, 3),
       data=st.data(), seed=st.integers(0, 2**32 - 1), distinct_ids=st.integers(1, 40))
def test_property_tsort32_hardware_form(element, rows, blocks, data, seed, distinct_ids):
    """Records of values with ties everywhere (-0.0, +0.0, NaN, infinities)
    and idx drawn from few values, so equal values tie by idx and equal
    (value, idx) pairs by column."""
    dtype = np.dtype(element.replace("f", "float"))
    slots = 8 // dtype.itemsize
    cols = blocks * 32
    valid = data.draw(_valid(rows, cols))
    dst_rows = data.draw(st.integers(0, valid[0]))
    rng = np.random.default_rng(seed)
    src = rng.choice(_TIES, size=(rows, cols)).astype(dtype)
    ids = rng.integers(2**32 - distinct_ids, 2**32, (rows, cols), dtype=np.uint64)
    ids = (ids if data.draw(st.booleans()) else ids - (2**32 - distinct_ids)).astype(np.uint32)
    # tmp lets any valid cols through, a partial last block too (tsort32_c10).
    kernel = dps_kernel("k", "pto.tsort32",
                        [tile_buf(rows, cols, element, (None, None)),
                         tile_buf(rows, cols, "ui32", (None, None)), tile_buf(1, cols, element)],
                        [tile_buf(rows, cols * slots, element, (None, cols * slots))])
    dst = runtime.Tile(random_data(rng, (rows, cols * slots), dtype), (dst_rows, cols * slots))
    assert agree(kernel, [runtime.Tile(src, valid), runtime.Tile(ids, valid),
                          np.zeros((1, cols), dtype), dst]) == "ok"

def _window_property(op, element, data, seed):
    dtype = WINDOW_TYPES[element]
    cols = 32 // np.dtype(dtype).itemsize
    small_rows, big_rows = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 6))
    small_cols, big_cols = cols * data.draw(st.integers(1, 2)), cols * data.draw(st.integers(1, 3))
    small_valid = data.draw(_valid(small_rows, small_cols))
    big_valid = data.draw(_valid(big_rows, big_cols))
    # Mostly windows that fit, sometimes one past the bound.
    ir = data.draw(st.integers(0, max(0, big_valid[0] - small_valid[0]) + 1))
    ic = data.draw(st.integers(0, max(0, big_valid[1] - small_valid[1]) + 1))
    small = tile_buf(small_rows, small_cols, element, (None, None))
    big = tile_buf(big_rows, big_cols, element, (None, None))
    rng = np.random.default_rng(seed)
    s = runtime.Tile(random_data(rng, (small_rows, small_cols), dtype), small_valid)
    b = runtime.Tile(random_data(rng, (big_rows, big_cols), dtype), big_valid)
    if op == "pto.tinsert":
        agree(window_kernel(op, small, big), [s, ir, ic, b])
    else:
        agree(window_kernel(op, big, small), [b, ir, ic, s])


@PROPERTY
@given(element=st.sampled_from(sorted(WINDOW_TYPES)), data=st.data(),
       seed=st.integers(0, 2**32 - 1))
def test_property_tinsert(element, data, seed):
    _window_property("pto.tinsert", element, data, seed)


@PROPERTY
@given(element=st.sampled_from(sorted(WINDOW_TYPES)), data=st.data(),
       seed=st.integers(0, 2**32 - 1))
def test_property_textract(element, data, seed):
    _window_property("pto.textract", element, data, seed)
