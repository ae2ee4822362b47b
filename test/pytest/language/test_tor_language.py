"""pl.tor and the | operator through the language, on both engines."""
import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same, random_ints


@pl.kernel
def or_call(a: pl.Tile[16, 32, pl.i16], b: pl.Tile[16, 32, pl.i16]):
    return pl.tor(a, b)


@pl.kernel
def or_operators(a: pl.Tile[16, 32, pl.i16], b: pl.Tile[16, 32, pl.i16]):
    c = a | b
    c |= a
    return c


@pl.kernel(target="a5")
def or_generic(a: pl.Tile, b: pl.Tile):
    return a | b


HALF = pl.Tile(16, 32, pl.i16, valid=(8, 32))


@pl.kernel
def or_valid_rows(a: HALF, b: HALF):
    return pl.tor(a, b, result=HALF)


def test_tor_call_and_operator(engine):
    rng = np.random.default_rng(1)
    a, b = (random_ints(rng, (16, 32), np.int16) for _ in range(2))
    assert_same(or_call(a, b, engine=engine), a | b)
    assert_same(or_operators(a, b, engine=engine), a | b)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32,
                                   np.uint32])
def test_tor_every_a5_element_type(engine, dtype):
    rng = np.random.default_rng(2)
    a, b = (random_ints(rng, (4, 64), dtype) for _ in range(2))
    assert_same(or_generic(a, b, engine=engine), a | b)


def test_tor_on_valid_rows_only(engine):
    rng = np.random.default_rng(3)
    a, b = (random_ints(rng, (16, 32), np.int16) for _ in range(2))
    expected = np.zeros((16, 32), np.int16)
    expected[:8] = (a | b)[:8]
    assert_same(or_valid_rows(a, b, engine=engine), expected)


def test_tor_mlir():
    assert or_operators.mlir == """\
module {
  func.func @or_operators(%arg0: !pto.tile<vec, 16x32xi16>, %arg1: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
    %0 = pto.tor %arg0, %arg1 : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    %1 = pto.tor %0, %arg0 : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    return %1 : !pto.tile<vec, 16x32xi16>
  }
}
"""  # noqa: E501
