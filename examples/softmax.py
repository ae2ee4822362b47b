"""Row softmax written in pto_mlir.language, as PTOAS's softmax samples
compute it: the row max (trowmax into a DN column), exp(x - max) in one
row expand (trowexpandexpdif), the row sum (trowsum), and the division by
it (trowexpanddiv).

The reference is numpy in pto-isa's simulator's order, bit for bit: the
max of each row, `float(exp(double(x - max)))` through the C library's exp
(Python's math.exp), the sum left to right in f32 from 0, one f32 division.
Run: python examples/softmax.py
"""
import math

import numpy as np

import pto_mlir.language as pl

ROWS, COLS = 16, 64
X = pl.Tile[ROWS, COLS, pl.f32]
COLUMN = pl.Tile(ROWS, 1, pl.f32, layout="dn")


@pl.kernel
def softmax(x: X):
    row_max = pl.trowmax(x, x, result=COLUMN)
    e = pl.trowexpandexpdif(x, row_max)
    total = pl.trowsum(e, e, result=COLUMN)
    return pl.trowexpanddiv(e, total)


def reference(x):
    """The same in numpy, in the simulator's order and roundings."""
    row_max = np.maximum.reduce(x, axis=1, keepdims=True)
    shifted = (x - row_max).astype(np.float64)
    e = np.vectorize(math.exp)(shifted).astype(np.float32)
    total = np.add.accumulate(np.concatenate([np.zeros((ROWS, 1), np.float32), e], axis=1),
                              axis=1, dtype=np.float32)[:, -1:]
    return e / total


def main():
    x = np.random.default_rng(0).standard_normal((ROWS, COLS)).astype(np.float32)
    out = softmax(x)
    assert out.tobytes() == reference(x).tobytes()
    print("softmax exact; row 0:", out[0, :4])


if __name__ == "__main__":
    main()
