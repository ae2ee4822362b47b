"""A tile's methods in a kernel (issue 34, item 5): x.astype(...) and the row
reductions x.sum/max/min/prod(axis=1), on both host engines, against
independent models: numpy's round-to-nearest-even cast, and the simulator's
left-to-right folds (test/pytest/families/row_reduce_model.py); their
errors, located at the caller's line."""
import os
import sys

import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same, where

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "families"))
from row_reduce_model import inputs, model  # noqa: E402

F32 = pl.Tile[16, 64, pl.f32]
I16 = pl.Tile[16, 32, pl.i16]


@pl.kernel
def narrowed(a: F32):
    return a.astype(pl.f16)


def test_astype_rounds_to_nearest_even(engine):
    a = np.random.default_rng(0).standard_normal((16, 64)).astype(np.float32) * 1000
    a[0, :4] = [65520.0, 1e-8, -0.0, 2049.0]   # overflow to inf, underflow, sign, a tie
    with np.errstate(over="ignore"):
        expected = a.astype(np.float16)
    assert_same(narrowed(a, engine=engine), expected)


@pl.kernel
def f32_rows(a: F32):
    # 16 f32 rows fill whole 32-byte blocks as a DN column.
    return a.sum(axis=1), a.max(axis=1), a.min(axis=1), a.prod(axis=1)


@pl.kernel
def i16_rows(a: I16):
    # 16 i16 rows are half a block: column 0 of an ND tile 16 wide.
    return a.sum(axis=1), a.max(axis=1)


def test_row_reductions_fold_left_to_right(engine):
    a = inputs(np.random.default_rng(1), np.float32, (16, 64))
    for result, op in zip(f32_rows(a, engine=engine), ("add", "max", "min", "mul")):
        assert np.asarray(result).shape == (16, 1)
        assert_same(np.asarray(result), model(op, a))
    b = inputs(np.random.default_rng(2), np.int16, (16, 32))
    for result, op in zip(i16_rows(b, engine=engine), ("add", "max")):
        assert np.asarray(result).shape == (16, 1)   # the valid region
        assert_same(np.asarray(result), model(op, b))


@pl.kernel
def row_sum_with_tmp(a: F32, t: F32):
    return a.sum(axis=1, tmp=t)


def test_a_given_scratch_tile_is_used_and_the_source_kept(engine):
    a = inputs(np.random.default_rng(4), np.float32, (16, 64))
    assert_same(np.asarray(row_sum_with_tmp(a, np.zeros_like(a), engine=engine)),
                model("add", a))


def test_a_column_reduction_is_refused_at_its_line():
    @pl.kernel
    def columns(a: F32):
        return a.sum(axis=0)  # column sum

    with pytest.raises(pl.CompileError) as error:
        columns(np.zeros((16, 64), np.float32))
    assert str(error.value) == (f"{where(__file__, 'column sum', 'a.sum')}: x.sum(axis=0): "
                                "pto-mlir reduces rows (axis=1, pl.trowsum) only")


def test_astype_of_something_else_is_refused():
    @pl.kernel
    def bad(a: F32):
        return a.astype(np.float16)  # numpy dtype

    with pytest.raises(pl.CompileError) as error:
        bad(np.zeros((16, 64), np.float32))
    assert str(error.value) == (f"{where(__file__, 'numpy dtype', 'a.astype')}: astype takes "
                                "an element type (pl.f16, ...), got <class 'numpy.float16'>")
