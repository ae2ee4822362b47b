"""pl.tinterleave and both forms of pl.tdeinterleave, on both engines."""
import numpy as np

import pto_mlir.language as pl
from language_checks import assert_same, random_ints


@pl.kernel
def interleave(a: pl.Tile[4, 32, pl.u8], b: pl.Tile[4, 32, pl.u8]):
    return pl.tinterleave(a, b)


@pl.kernel
def deinterleave_two(a: pl.Tile[8, 16, pl.f32], b: pl.Tile[8, 16, pl.f32]):
    return pl.tdeinterleave(a, b)


@pl.kernel
def deinterleave_one(s: pl.Tile[8, 32, pl.i16]):
    return pl.tdeinterleave(s)


@pl.kernel
def deinterleave_one_typed(s: pl.Tile[8, 32, pl.i16]):
    half = pl.Tile(8, 32, pl.i16, valid=(8, 16))
    return pl.tdeinterleave(s, result_types=[half, half])


def test_tinterleave(engine):
    rng = np.random.default_rng(4)
    a, b = (random_ints(rng, (4, 32), np.uint8) for _ in range(2))
    stream = np.stack([a, b], axis=-1).reshape(4, 64)
    low, high = interleave(a, b, engine=engine)
    assert_same(low, stream[:, :32])
    assert_same(high, stream[:, 32:])


def test_tdeinterleave_two_sources(engine):
    rng = np.random.default_rng(5)
    a, b = (rng.standard_normal((8, 16)).astype(np.float32) for _ in range(2))
    stream = np.concatenate([a, b], axis=1)
    even, odd = deinterleave_two(a, b, engine=engine)
    assert_same(even, stream[:, 0::2])
    assert_same(odd, stream[:, 1::2])


def test_tdeinterleave_one_source(engine):
    rng = np.random.default_rng(6)
    s = random_ints(rng, (8, 32), np.int16)
    even, odd = deinterleave_one(s, engine=engine)
    assert_same(even, s[:, 0::2])
    assert_same(odd, s[:, 1::2])


def test_tdeinterleave_one_source_with_result_types(engine):
    rng = np.random.default_rng(7)
    s = random_ints(rng, (8, 32), np.int16)
    even, odd = deinterleave_one_typed(s, engine=engine)
    for got, columns in ((even, s[:, 0::2]), (odd, s[:, 1::2])):
        expected = np.zeros((8, 32), np.int16)
        expected[:, :16] = columns
        assert_same(got, expected)
