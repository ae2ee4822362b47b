"""RMSNorm written in pto_mlir.language, as PTOAS's Qwen3 decode RMSNorm
samples compute it: the row sum of squares (tmul, trowsum), its mean plus
epsilon (tmuls, tadds, on the sums as one row: treshape), the reciprocal
square root (trsqrt), then x scaled per row (trowexpandmul) and per column
by gamma (tcolexpandmul).

The reference is numpy in pto-isa's simulator's order, bit for bit: f32
products, the sum left to right in f32 from 0, `float(1.0 / sqrt(double(v)))`
for the reciprocal square root.
Run: python examples/rmsnorm.py
"""
import numpy as np

import pto_mlir.language as pl

ROWS, COLS = 16, 128
EPS = 1e-6
X = pl.Tile[ROWS, COLS, pl.f32]
COLUMN = pl.Tile(ROWS, 1, pl.f32, layout="dn")
ROW = pl.Tile[1, COLS, pl.f32]


# The row sums as one row: a DN column's bytes are a 1 x ROWS row, where
# the tile-scalar and unary ops (row-major only) take them, as PTOAS's
# RMSNorm samples do.
SUMS = pl.Tile[1, ROWS, pl.f32]


@pl.kernel
def rmsnorm(x: X, gamma: ROW):
    total = pl.treshape(pl.trowsum(x * x, x, result=COLUMN), SUMS)
    inv_rms = pl.trsqrt(pl.tadds(pl.tmuls(total, 1.0 / COLS), EPS))
    return pl.tcolexpandmul(pl.trowexpandmul(x, pl.treshape(inv_rms, COLUMN)), gamma)


def reference(x, gamma):
    """The same in numpy, in the simulator's order and roundings."""
    squares = np.concatenate([np.zeros((ROWS, 1), np.float32), x * x], axis=1)
    total = np.add.accumulate(squares, axis=1, dtype=np.float32)[:, -1:]
    mean = total * np.float32(1.0 / COLS) + np.float32(EPS)
    inv = (1.0 / np.sqrt(mean.astype(np.float64))).astype(np.float32)
    return (x * inv) * gamma


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((ROWS, COLS)).astype(np.float32)
    gamma = rng.standard_normal((1, COLS)).astype(np.float32)
    out = rmsnorm(x, gamma)
    assert out.tobytes() == reference(x, gamma).tobytes()
    print("rmsnorm exact; row 0:", out[0, :4])


if __name__ == "__main__":
    main()
