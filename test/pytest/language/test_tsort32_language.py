"""Both forms of pl.tsort32, on both engines."""
import numpy as np

import pto_mlir.language as pl
from language_checks import assert_same


@pl.kernel
def sort_page(s: pl.Tile[2, 64, pl.f32]):
    return pl.tsort32(s)


@pl.kernel
def sort_records(s: pl.Tile[2, 32, pl.f16], idx: pl.Tile[2, 32, pl.u32]):
    return pl.tsort32(s, idx)


@pl.kernel
def sort_records_tmp(s: pl.Tile[2, 32, pl.f32], idx: pl.Tile[2, 32, pl.u32],
                     tmp: pl.Tile[1, 64, pl.u8]):
    return pl.tsort32(s, idx, tmp)


def _block_order(values):
    """Per 32-column block: the stable descending order (distinct values)."""
    rows, cols = values.shape
    blocks = values.reshape(rows, cols // 32, 32)
    return np.argsort(-blocks.astype(np.float64), axis=-1, kind="stable")


def _distinct(rng, shape, dtype):
    return (rng.permutation(shape[0] * shape[1]).reshape(shape) - 40).astype(dtype)


def test_tsort32_page_form(engine):
    s = _distinct(np.random.default_rng(8), (2, 64), np.float32)
    order = _block_order(s)
    blocks = s.reshape(2, 2, 32)
    values, columns = sort_page(s, engine=engine)
    assert_same(values, np.take_along_axis(blocks, order, -1).reshape(2, 64))
    assert_same(columns, (order + np.array([0, 32])[:, None]).astype(np.uint32).reshape(2, 64))


def test_tsort32_records_form_16_bit(engine):
    rng = np.random.default_rng(9)
    s = _distinct(rng, (2, 32), np.float16)
    idx = rng.integers(0, 2**32, (2, 32), dtype=np.uint32)
    order = _block_order(s)[:, 0, :]
    records = np.zeros((2, 32, 4), np.uint16)   # [value, 0, idx low, idx high]
    records[..., 0] = np.take_along_axis(s, order, -1).view(np.uint16)
    sorted_idx = np.take_along_axis(idx, order, -1)
    records[..., 2] = sorted_idx & 0xFFFF
    records[..., 3] = sorted_idx >> 16
    assert_same(sort_records(s, idx, engine=engine), records.reshape(2, 128).view(np.float16))


def test_tsort32_records_form_with_tmp(engine):
    rng = np.random.default_rng(10)
    s = _distinct(rng, (2, 32), np.float32)
    idx = rng.integers(0, 2**32, (2, 32), dtype=np.uint32)
    tmp = np.zeros((1, 64), np.uint8)
    order = _block_order(s)[:, 0, :]
    records = np.zeros((2, 32, 2), np.uint32)   # [value, idx]
    records[..., 0] = np.take_along_axis(s, order, -1).view(np.uint32)
    records[..., 1] = np.take_along_axis(idx, order, -1)
    assert_same(sort_records_tmp(s, idx, tmp, engine=engine),
                records.reshape(2, 64).view(np.float32))
