"""The tile-scalar family through the language: the operators on a tile
and a scalar (a Python number or a kernel scalar) on either side, and
pl.tadds ... pl.texpands, on both engines, against the model of pto-isa's
simulator (test/pytest/families/elementwise_model.py)."""
import os
import sys

import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same, where

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "families"))
from elementwise_model import inputs, model  # noqa: E402

F32 = pl.Tile[4, 16, pl.f32]


@pl.kernel
def with_numbers(a: F32):
    return a + 1.5, 2.0 * a, a - 0.25, a / 4.0, 3.0 / a, a * 3, pl.tmaxs(a, 0.0), pl.tmins(a, 1.0)


@pl.kernel
def with_a_kernel_scalar(a: F32, s: pl.f32):
    return s + a, a / s, s / a, pl.texpands(s, result=F32)


def _full(a, value):
    return np.full_like(a, np.float32(value))


def test_numbers_on_either_side(engine):
    a, _ = inputs(np.random.default_rng(8), np.float32, (4, 16))
    a[a == 0] = 1  # 3.0 / a fails on a zero divisor
    want = [model("add", a, _full(a, 1.5)), model("mul", a, _full(a, 2.0)),
            model("sub", a, _full(a, 0.25)), model("div", a, _full(a, 4.0)),
            model("div", _full(a, 3.0), a), model("mul", a, _full(a, 3)),
            model("max", a, _full(a, 0.0)), model("min", a, _full(a, 1.0))]
    for got, expected in zip(with_numbers(a, engine=engine), want):
        assert_same(got, expected)


def test_a_kernel_scalar(engine):
    a, _ = inputs(np.random.default_rng(9), np.float32, (4, 16))
    a[a == 0] = 1
    s = np.float32(-1.75)
    want = [model("add", a, _full(a, s)), model("div", a, _full(a, s)),
            model("div", _full(a, s), a), _full(a, s)]
    for got, expected in zip(with_a_kernel_scalar(a, s, engine=engine), want):
        assert_same(got, expected)


@pl.kernel
def scalar_minus_tile(a: F32):
    return 1.0 - a  # no reversed tsubs


def test_a_scalar_left_of_a_non_commutative_op_is_a_located_error():
    with pytest.raises(pl.CompileError) as error:
        scalar_minus_tile(np.zeros((4, 16), np.float32))
    assert str(error.value) == (f"{where(__file__, 'no reversed tsubs', '1.0 - a')}: a scalar "
                                "Sub a tile is not supported: pto.tsubs takes the scalar on "
                                "the right only")


@pl.kernel
def float_on_ints(a: pl.Tile[4, 16, pl.i32]):
    return a + 0.5  # a float on ints


def test_a_float_on_an_integer_tile_is_a_located_error():
    with pytest.raises(pl.CompileError) as error:
        float_on_ints(np.zeros((4, 16), np.int32))
    assert str(error.value) == (f"{where(__file__, 'a float on ints', 'a + 0.5')}: pl.tadds: "
                                "scalar is 0.5, expected an int for a tile of i32")


@pl.kernel
def int_scalar(a: pl.Tile[4, 32, pl.u16]):
    return a + 65535, pl.tmaxs(a, 7)


def test_an_int_on_an_unsigned_tile_wraps_as_the_element_type(engine):
    a, _ = inputs(np.random.default_rng(10), np.uint16, (4, 32))
    added, largest = int_scalar(a, engine=engine)
    assert_same(added, model("add", a, np.full_like(a, 65535)))
    assert_same(largest, model("max", a, np.full_like(a, 7)))
