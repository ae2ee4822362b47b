"""pl.tmrgsort, both forms, on both engines: tsort32's records of 32-blocks
merged into one sorted row (the first steps of a top-k)."""
import numpy as np

import pto_mlir.language as pl
from language_checks import assert_same


@pl.kernel
def sort_row(s: pl.Tile[1, 128, pl.f32], idx: pl.Tile[1, 128, pl.u32]):
    """TSORT32's 4 sorted blocks of 32, merged by the single-list form."""
    records = pl.tsort32(s, idx)
    return pl.tmrgsort(records, block_len=64)


@pl.kernel
def merge_lists(a: pl.Tile[1, 64, pl.f32], b: pl.Tile[1, 64, pl.f32],
                tmp: pl.Tile[1, 128, pl.f32]):
    return pl.tmrgsort(a, b, tmp=tmp, exhausted=True)


def test_single_list_sorts_the_row(engine):
    rng = np.random.default_rng(1)
    s = (rng.permutation(128) - 60).astype(np.float32).reshape(1, 128)
    idx = np.arange(128, dtype=np.uint32).reshape(1, 128)
    out = sort_row(s, idx, engine=engine)
    order = np.argsort(-s[0], kind="stable")
    assert_same(out[0, 0::2], s[0, order])
    assert_same(out.view(np.uint32)[0, 1::2], order.astype(np.uint32))


def test_lists_exhausted(engine):
    a = np.zeros((1, 64), np.float32)
    b = np.zeros((1, 64), np.float32)
    a[0, 0::2] = np.arange(32, 0, -1) * 2.0      # even values 64 .. 2
    b[0, 0::2] = np.arange(32, 0, -1) * 2.0 + 1  # odd values 65 .. 3
    a.view(np.uint32)[0, 1::2] = np.arange(32)
    b.view(np.uint32)[0, 1::2] = np.arange(100, 132)
    out = merge_lists(a, b, np.zeros((1, 128), np.float32), engine=engine)
    # b is used up at its 32nd record (3), with a's 2 left: 63 records.
    values = out[0, 0::2]
    assert_same(values[:63], np.arange(65, 2, -1).astype(np.float32))
    assert not values[63:].any()
