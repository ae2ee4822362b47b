"""Kernel scalars in expressions: index arithmetic feeding op indices,
comparisons combined with and/or/not as scf.if conditions."""
import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same


@pl.kernel(target="a5")
def place(src: pl.Tile[4, 16, pl.f16], dst: pl.Tile[16, 64, pl.f16], r: pl.index, c: pl.index):
    return pl.tinsert(src, (r + 1) * 2 - 2, c // 2 + c % 2, into=dst)


@pl.kernel(target="a5")
def gate(a: pl.Tile[4, 32, pl.i32], b: pl.Tile[4, 32, pl.i32], lo: pl.index, hi: pl.index):
    out = a
    if lo < hi and not hi == 7 or lo == 0:
        out = a | b
    return out


@pytest.mark.parametrize("r, c", [(0, 0), (3, 5), (5, 70)])
def test_index_arithmetic(engine, r, c):
    rng = np.random.default_rng(80)
    src = rng.standard_normal((4, 16)).astype(np.float16)
    dst = rng.standard_normal((16, 64)).astype(np.float16)
    row, col = (r + 1) * 2 - 2, c // 2 + c % 2
    expected = dst.copy()
    expected[row:row + 4, col:col + 16] = src
    assert_same(place(src, dst, r, c, engine=engine), expected)


@pytest.mark.parametrize("lo, hi", [(1, 2), (2, 1), (1, 7), (0, 7), (0, 0)])
def test_boolean_conditions(engine, lo, hi):
    rng = np.random.default_rng(81)
    a, b = (rng.integers(-99, 99, (4, 32), dtype=np.int32) for _ in range(2))
    taken = lo < hi and not hi == 7 or lo == 0
    assert_same(gate(a, b, lo, hi, engine=engine), a | b if taken else a)
