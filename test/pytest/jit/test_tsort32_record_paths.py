"""pto.tsort32's hardware form through the compiled engine on blocks built to
take each of its two ways (docs/lowering.md, `pto.tsort32`): one sort on
keys holding the value, the idx's bits from the highest one in which the
block's ids differ (24 of them for f32, 11 for f16) and the column; or,
when two elements tie on value and on those bits while lower idx bits were
left out, the exact re-sort. Results bit for bit against the numpy oracle;
`_resorts` models the choice, so that each case checks it takes the way it
is meant to."""
import numpy as np
import pytest

from oracles import sort_edge_values, tsort32_hw_expected
from pto_mlir.testing import dps_kernel, host_types, tile_buf

jit = pytest.importorskip("pto_mlir.runtime.jit")

SORT_TYPES = host_types("tsort32_c1")
ID_BITS = {"f32": 24, "f16": 11}  # the idx bits the single sort's key holds


def _value_key(v):
    """Equal for values the sort ties: every NaN, -0.0 and +0.0."""
    v = float(v)
    return "nan" if np.isnan(v) else v + 0.0


def _resorts(values, ids, element):
    """Whether a block of len(values) <= 32 lanes takes the exact re-sort:
    its ids differ above the key's idx bits and two lanes (padding lanes
    included: NaN, idx 2**32 - 1) tie on value and on the bits kept."""
    spread = 0
    for i in ids:
        spread |= int(i) ^ int(ids[0])
    shift = max(0, spread.bit_length() - ID_BITS[element])
    kept = (1 << ID_BITS[element]) - 1
    keys = [(_value_key(v), (int(i) >> shift) & kept) for v, i in zip(values, ids)]
    keys += [("nan", kept)] * (32 - len(values))
    return shift > 0 and len(set(keys)) < len(keys)


def _block(rng, case, element, n):
    """Values and ids of one block of n lanes for `case`."""
    dtype = SORT_TYPES[element]
    bits = ID_BITS[element]
    ties = rng.choice(sort_edge_values(element), size=n)  # NaNs, +-0.0, +-inf, ...
    if case == "narrow ids":  # every idx bit in the key: ties by idx, then column
        return ties, rng.integers(0, 2**bits, n, dtype=np.uint32)
    if case == "equal ids":  # no bit differs: ties by column
        return ties, np.full(n, 2**32 - 1, np.uint32)
    if case == "wide ids, distinct high bits":  # ties ordered by the bits kept
        high = rng.permutation(2**bits)[:n].astype(np.uint32) << np.uint32(32 - bits)
        return ties, high | rng.integers(0, 2**(32 - bits), n, dtype=np.uint32)
    if case == "wide ids, lowest kept bit":
        # Lanes 2m and 2m + 1 hold the same value, with ids whose bits kept
        # are 2m and 2m + 1 (the top one set in half of the lanes, so all
        # 32 bits are spread): sorted neighbours with equal values differ in
        # the lowest bit kept only, which the tie check must tell apart.
        kept = np.arange(n, dtype=np.uint32) | np.where(
            np.arange(n) < n // 2, 0, 1 << (bits - 1)).astype(np.uint32)
        ids = (kept << np.uint32(32 - bits)) | rng.integers(0, 2**(32 - bits), n,
                                                            dtype=np.uint32)
        order = rng.permutation(n)
        return np.repeat(sort_edge_values(element), 2)[:n][order], ids[order]
    if case == "wide ids, shared high bits":  # ids 0 and 1 tie on the bits kept
        return ties, rng.choice(np.array([0, 1, 2**31, 2**31 + 1], np.uint32), size=n)
    assert case == "distinct values"  # no ties at all, any ids
    values = (rng.permutation(np.arange(-40, 60))[:n] * 0.75).astype(dtype)
    return values, rng.integers(0, 2**32, n, dtype=np.uint32)


def _run(element, src, ids, vc):
    rows, cols = src.shape
    slots = 8 // np.dtype(SORT_TYPES[element]).itemsize
    dst = np.full((rows, cols * slots), 3.0, SORT_TYPES[element])
    expected = tsort32_hw_expected(src, ids, dst, rows, vc)
    # A partial block needs the tmp tile (the NPU's scratch space).
    tmp = [tile_buf(1, cols, element)] if vc % 32 else []
    kernel = dps_kernel("k", "pto.tsort32",
                        [tile_buf(rows, cols, element, (rows, vc)),
                         tile_buf(rows, cols, "ui32", (rows, vc))] + tmp,
                        [tile_buf(rows, cols * slots, element)])
    jit.run(kernel, "k", src, ids, *[np.zeros((1, cols), src.dtype)] * len(tmp), dst)
    assert dst.view(np.uint8).tobytes() == expected.view(np.uint8).tobytes()


@pytest.mark.parametrize("element", sorted(SORT_TYPES))
@pytest.mark.parametrize("case, resort", [("narrow ids", False), ("equal ids", False),
                                          ("wide ids, distinct high bits", False),
                                          ("wide ids, lowest kept bit", False),
                                          ("wide ids, shared high bits", True),
                                          ("distinct values", False)])
@pytest.mark.parametrize("rows, cols", [(1, 32), (2, 64), (4, 128)])
def test_tsort32_records_each_way(element, case, resort, rows, cols):
    rng = np.random.default_rng(rows * cols + len(case))
    dtype = SORT_TYPES[element]
    src, ids = np.zeros((rows, cols), dtype), np.zeros((rows, cols), np.uint32)
    for r in range(rows):
        for j in range(0, cols, 32):
            src[r, j:j + 32], ids[r, j:j + 32] = _block(rng, case, element, 32)
            assert _resorts(src[r, j:j + 32], ids[r, j:j + 32], element) == resort
    _run(element, src, ids, cols)


@pytest.mark.parametrize("element", sorted(SORT_TYPES))
@pytest.mark.parametrize("case, resorts", [
    ("narrow ids", [False, False, False]),
    # The 13-lane block's padding lanes tie with each other.
    ("wide ids, distinct high bits", [False, False, True]),
    ("wide ids, shared high bits", [True, True, True])])
def test_tsort32_records_partial_block(element, case, resorts):
    """Rows of 77 valid columns: two whole blocks and one of 13 lanes."""
    rng = np.random.default_rng(7)
    dtype = SORT_TYPES[element]
    src, ids = np.zeros((2, 96), dtype), np.zeros((2, 96), np.uint32)
    for r in range(2):
        for b, j in enumerate(range(0, 77, 32)):
            n = min(32, 77 - j)
            src[r, j:j + n], ids[r, j:j + n] = _block(rng, case, element, n)
            assert _resorts(src[r, j:j + n], ids[r, j:j + n], element) == resorts[b]
    _run(element, src, ids, 77)
