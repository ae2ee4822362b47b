"""pto.tsort32 (page form and hardware form) through the compiled engine,
against numpy oracles written from docs/ops/tsort32.md."""
import numpy as np
import pytest

from agreement import agree
from oracles import sort_edge_values, tsort32_hw_expected, tsort32_page_expected
from pto_mlir import runtime
from pto_mlir.testing import dps_kernel, host_types, random_data, tile_buf

jit = pytest.importorskip("pto_mlir.runtime.jit")

SORT_TYPES = host_types("tsort32_c1")


def _same_bits(actual, expected):
    assert actual.view(np.uint8).tobytes() == expected.view(np.uint8).tobytes()


def test_tsort32_page_form_small_example():
    """Descending, ties by column, -0.0 ties +0.0, NaN last."""
    src = np.zeros((1, 16), np.float32)
    src[0, :8] = [1.0, np.nan, -0.0, 3.0, 0.0, 1.0, -np.inf, np.inf]
    t, ti = tile_buf(1, 16, "f32", (1, 8)), tile_buf(1, 16, "ui32", (1, 8))
    dst, idx = np.full((1, 16), 7.0, np.float32), np.full((1, 16), 99, np.uint32)
    jit.run(dps_kernel("k", "pto.tsort32", [t], [t, ti]), "k", src, dst, idx)
    assert idx[0].tolist() == [7, 3, 0, 5, 2, 4, 6, 1] + [99] * 8
    assert (dst[0, :8].view(np.uint32).tolist()
            == src[0, [7, 3, 0, 5, 2, 4, 6, 1]].view(np.uint32).tolist())
    assert dst[0, 8:].tolist() == [7.0] * 8


@pytest.mark.parametrize("element", sorted(SORT_TYPES))
@pytest.mark.parametrize("valid", [(3, 32), (2, 45), (3, 1)])
def test_tsort32_page_form(element, valid):
    dtype = SORT_TYPES[element]
    rng = np.random.default_rng(11)
    src, dst = (random_data(rng, (3, 64), dtype) for _ in range(2))
    src[:, 10:20] = src[:, 0:10]  # equal values
    idx = rng.integers(0, 2**32, (3, 64), dtype=np.uint32)
    expected = tsort32_page_expected(src, dst, idx, valid)
    t, ti = tile_buf(3, 64, element, valid), tile_buf(3, 64, "ui32", valid)
    jit.run(dps_kernel("k", "pto.tsort32", [t], [t, ti]), "k", src, dst, idx)
    _same_bits(dst, expected[0])
    _same_bits(idx, expected[1])


@pytest.mark.parametrize("element", sorted(SORT_TYPES))
@pytest.mark.parametrize("vc, dst_rows", [(64, 2), (40, 2), (40, 1), (7, 2)])
def test_tsort32_hardware_form(element, vc, dst_rows):
    dtype = SORT_TYPES[element]
    rng = np.random.default_rng(12)
    slots = 8 // np.dtype(dtype).itemsize
    src = random_data(rng, (2, 64), dtype)
    src[:, 32:40] = src[:, 0:8]
    idx = rng.integers(0, 4, (2, 64), dtype=np.uint32)  # duplicate ids too
    dst = random_data(rng, (2, 64 * slots), dtype)
    expected = tsort32_hw_expected(src, idx, dst, dst_rows, vc)
    ts, ti = tile_buf(2, 64, element, (2, vc)), tile_buf(2, 64, "ui32", (2, vc))
    td = tile_buf(2, 64 * slots, element, (dst_rows, 64 * slots))
    tmp = tile_buf(2, 64, element)
    jit.run(dps_kernel("k", "pto.tsort32", [ts, ti, tmp], [td]), "k",
            src, idx, np.zeros((2, 64), dtype), dst)
    _same_bits(dst, expected)


@pytest.mark.parametrize("element", sorted(SORT_TYPES))
def test_tsort32_edge_values_both_forms(element):
    """NaNs of several payloads and both signs, infinities, -0.0/+0.0 and
    subnormals in every block (2 whole blocks and one of 13 lanes), ids
    0, 1 and 2**32 - 1 so that equal values tie by idx, then by column."""
    dtype = SORT_TYPES[element]
    slots = 8 // np.dtype(dtype).itemsize
    rng = np.random.default_rng(13)
    src = rng.choice(sort_edge_values(element), size=(3, 96))
    ids = rng.choice(np.array([0, 1, 2**32 - 1], np.uint32), size=(3, 96))
    t, ti = tile_buf(3, 96, element, (3, 77)), tile_buf(3, 96, "ui32", (3, 77))
    dst, idx = random_data(rng, (3, 96), dtype), np.zeros((3, 96), np.uint32)
    expected = tsort32_page_expected(src, dst, idx, (3, 77))
    jit.run(dps_kernel("k", "pto.tsort32", [t], [t, ti]), "k", src, dst, idx)
    _same_bits(dst, expected[0])
    _same_bits(idx, expected[1])
    records = random_data(rng, (3, 96 * slots), dtype)
    expected = tsort32_hw_expected(src, ids, records, 3, 77)
    kernel = dps_kernel("k", "pto.tsort32", [t, ti, tile_buf(1, 96, element)],
                        [tile_buf(3, 96 * slots, element)])
    jit.run(kernel, "k", src, ids, np.zeros((1, 96), dtype), records)
    _same_bits(records, expected)

def test_tsort32_dynamic_errors_name_the_op():
    t, ti = tile_buf(1, 32, "f32", (1, None)), tile_buf(1, 32, "ui32", (1, None))
    src, dst = np.zeros((1, 32), np.float32), np.ones((1, 32), np.float32)
    idx = np.zeros((1, 32), np.uint32)
    with pytest.raises(jit.KernelError) as info:
        jit.run(dps_kernel("k", "pto.tsort32", [t], [t, ti]), "k",
                (src, (1, 8)), (dst, (1, 9)), (idx, (1, 8)))
    assert str(info.value) == ("'pto.tsort32' op at -:2:3: valid shape of dst is 1x9, src's "
                               "is 1x8; they must be equal")
    assert dst.tolist() == [[1.0] * 32]


# The 1 x C idx of pto-isa 3186c381's TSORT32 page: every row sorts with the
# one row of ids (the snapshot page had idx of src's shape only).
@pytest.mark.parametrize("element", sorted(SORT_TYPES))
@pytest.mark.parametrize("dynamic", [False, True])
def test_tsort32_hardware_form_broadcast_idx(element, dynamic):
    dtype = SORT_TYPES[element]
    rng = np.random.default_rng(13)
    slots = 8 // np.dtype(dtype).itemsize
    src = random_data(rng, (3, 64), dtype)
    src[1, 32:48] = src[1, 0:16]  # equal values: their ids decide
    idx = rng.integers(0, 8, (1, 64), dtype=np.uint32)
    dst = random_data(rng, (3, 64 * slots), dtype)
    expected = tsort32_hw_expected(src, np.broadcast_to(idx, (3, 64)), dst, 3, 48)
    valids = [(3, 48), (1, 48), (1, 64), (3, 64 * slots)]
    types = [(3, 64, element), (1, 64, "ui32"), (1, 64, element), (3, 64 * slots, element)]
    ts, ti, tmp, td = (tile_buf(r, c, e, (None, None) if dynamic and i != 2 else v)
                       for i, ((r, c, e), v) in enumerate(zip(types, valids)))
    kernel = dps_kernel("k", "pto.tsort32", [ts, ti, tmp], [td])
    args = [src, idx, np.zeros((1, 64), dtype), dst]
    args = [runtime.Tile(a, v) if dynamic and i != 2 else a
            for i, (a, v) in enumerate(zip(args, valids))]
    assert agree(kernel, args) == "ok"  # both engines, the same bytes
    runtime.run(kernel, "k", *args, engine="jit")
    _same_bits(dst, expected)
