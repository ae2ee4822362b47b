"""The row- and column-expand families through the language: RMSNorm's
shape (x * inv_rms per row, then * gamma per column) and softmax's
(x - max per row, exp of the difference in one expdif) on both engines,
against the model of pto-isa's simulator
(test/pytest/families/expand_model.py, row_reduce_model.py)."""
import os
import sys

import numpy as np

import pto_mlir.language as pl
from language_checks import assert_same

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "families"))
from expand_model import col_expand, row_expand  # noqa: E402
from row_reduce_model import model as row_reduce  # noqa: E402

X = pl.Tile[16, 64, pl.f32]
COLUMN = pl.Tile(16, 1, pl.f32, layout="dn")
ROW = pl.Tile[1, 64, pl.f32]


@pl.kernel
def norm(x: X, inv_rms: COLUMN, gamma: ROW):
    return pl.tcolexpandmul(pl.trowexpandmul(x, inv_rms), gamma)


@pl.kernel
def shifted_exp(x: X):
    m = pl.trowmax(x, x, result=COLUMN)
    return pl.trowexpandsub(x, m), pl.trowexpandexpdif(x, m, x)


def test_norm(engine):
    rng = np.random.default_rng(5)
    x = rng.standard_normal((16, 64)).astype(np.float32)
    inv_rms = rng.standard_normal((16, 1)).astype(np.float32)
    gamma = rng.standard_normal((1, 64)).astype(np.float32)
    want = col_expand("mul", row_expand("mul", x, inv_rms, 64), gamma)
    assert_same(np.asarray(norm(x, inv_rms, gamma, engine=engine)), want)


def test_shifted_exp(engine):
    x = np.random.default_rng(6).standard_normal((16, 64)).astype(np.float32)
    m = row_reduce("max", x)
    sub, expdif = shifted_exp(x, engine=engine)
    assert_same(np.asarray(sub), row_expand("sub", x, m, 64))
    assert_same(np.asarray(expdif), row_expand("expdif", x, m, 64))
