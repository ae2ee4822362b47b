"""pl.treshape, on both engines."""
import numpy as np

import pto_mlir.language as pl
from language_checks import assert_same, random_ints


@pl.kernel
def flatten(s: pl.Tile[16, 16, pl.f32]):
    return pl.treshape(s, pl.Tile[8, 32, pl.f32])


@pl.kernel
def as_column_major(s: pl.Tile[8, 16, pl.i16]):
    return pl.treshape(s, pl.Tile(16, 8, pl.i16, layout="dn"))


@pl.kernel
def reshape_then_or(a: pl.Tile[4, 64, pl.i8], b: pl.Tile[8, 32, pl.i8]):
    return pl.treshape(b, pl.Tile[4, 64, pl.i8]) | a


def test_treshape_row_major(engine):
    s = np.random.default_rng(11).standard_normal((16, 16)).astype(np.float32)
    assert_same(flatten(s, engine=engine), s.reshape(8, 32))


def test_treshape_into_column_major_transposes_the_view(engine):
    s = random_ints(np.random.default_rng(12), (8, 16), np.int16)
    # The bytes stay; the 16x8 DN tile reads them column by column, so
    # element (r, c) is byte-element c * 16 + r of s: s[c, r].
    assert_same(as_column_major(s, engine=engine), s.T)


def test_treshape_feeds_another_op(engine):
    rng = np.random.default_rng(13)
    a = random_ints(rng, (4, 64), np.int8)
    b = random_ints(rng, (8, 32), np.int8)
    assert_same(reshape_then_or(a, b, engine=engine), b.reshape(4, 64) | a)
