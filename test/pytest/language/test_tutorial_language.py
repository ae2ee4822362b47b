"""The kernels of docs/language.md's tutorial and of the README, against
numpy, on both engines."""
import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same, random_ints


@pl.kernel
def sort_pairs(a: pl.Tile[16, 64, pl.f32], b: pl.Tile[16, 64, pl.f32]):
    lo, hi = pl.tinterleave(a, b)
    vals, idx = pl.tsort32(hi)
    return lo, vals, idx


@pl.kernel(target="a5")
def or_rows(x: pl.Tile[16, 32, pl.i8], y: pl.Tile[8, 32, pl.i8], n: pl.index):
    acc = x
    for _ in range(n):
        acc = acc | x
    if n > 4:
        acc = pl.tinsert(y, 8, 0, into=acc)
    return acc


@pl.kernel
def window(s: pl.Tile[32, 64, pl.f16], r: pl.index, c: pl.index):
    return pl.textract(s, r, c, pl.Tile[16, 32, pl.f16])


@pl.kernel
def or_pair(x: pl.Tile, y: pl.Tile):
    return x | y


@pl.kernel
def or_three(a: pl.Tile[4, 32, pl.i16], b: pl.Tile[4, 32, pl.i16], c: pl.Tile[4, 32, pl.i16]):
    return or_pair(or_pair(a, b), c)


@pl.kernel
def or_blocks(x: pl.Tensor[64, 32, pl.i16], y: pl.Tensor[64, 32, pl.i16],
              out: pl.Tensor[64, 32, pl.i16]):
    for r in range(0, x.shape[0], 16):
        a = pl.tload(pl.partition_view(x, [r, 0], [16, 32]))
        b = pl.tload(pl.partition_view(y, [r, 0], [16, 32]))
        pl.tstore(a | b, pl.partition_view(out, [r, 0], [16, 32]))


@pl.kernel
def transpose_load(src: pl.Ptr[pl.f32], rows: pl.index, cols: pl.index):
    # src's C-ordered (cols, rows) array, seen column-major as (rows, cols)
    view = pl.make_tensor_view(src, [rows, cols], [1, rows], layout="dn")
    return pl.tload(pl.partition_view(view, [0, 0], [16, 8]),
                    pl.Tile(16, 8, pl.f32, layout="dn"))


def test_sort_pairs(engine):
    rng = np.random.default_rng(70)
    a, b = (rng.permutation(1024).reshape(16, 64).astype(np.float32) for _ in range(2))
    lo, vals, idx = sort_pairs(a, b, engine=engine)
    stream = np.stack([a, b], axis=-1).reshape(16, 128)
    hi = stream[:, 64:]
    order = np.argsort(-hi.reshape(16, 2, 32), axis=-1, kind="stable")
    assert_same(lo, stream[:, :64])
    assert_same(vals, np.take_along_axis(hi.reshape(16, 2, 32), order, -1).reshape(16, 64))
    assert_same(idx, (order + np.array([0, 32])[:, None]).astype(np.uint32).reshape(16, 64))


@pytest.mark.parametrize("n", [0, 3, 5])
def test_or_rows(engine, n):
    rng = np.random.default_rng(71)
    x, y = random_ints(rng, (16, 32), np.int8), random_ints(rng, (8, 32), np.int8)
    expected = x.copy()
    if n > 4:
        expected[8:] = y
    assert_same(or_rows(x, y, n, engine=engine), expected)


def test_window(engine):
    s = np.random.default_rng(72).standard_normal((32, 64)).astype(np.float16)
    assert_same(window(s, 7, 30, engine=engine), s[7:23, 30:62])


def test_or_three():
    rng = np.random.default_rng(73)
    a, b, c = (random_ints(rng, (4, 32), np.int16) for _ in range(3))
    assert_same(or_three(a, b, c, engine="interp"), a | b | c)


def test_or_blocks(engine):
    rng = np.random.default_rng(74)
    x, y = (random_ints(rng, (64, 32), np.int16) for _ in range(2))
    out = np.zeros((64, 32), np.int16)
    assert or_blocks(x, y, out, engine=engine) is None
    assert_same(out, x | y)


def test_transpose_load(engine):
    src = np.random.default_rng(75).standard_normal((10, 20)).astype(np.float32)
    assert_same(transpose_load(src, 20, 10, engine=engine), src.T[:16, :8])
