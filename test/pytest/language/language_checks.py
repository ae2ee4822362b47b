"""Shared checks of the language tests."""
import numpy as np


def assert_same(got, expected):
    """Bit-exact equality of a result with its numpy expression: dtype,
    shape and every byte."""
    expected = np.asarray(expected)
    assert isinstance(got, np.ndarray)
    assert got.dtype == expected.dtype
    assert got.shape == expected.shape
    assert np.ascontiguousarray(got).tobytes() == np.ascontiguousarray(expected).tobytes()


def random_ints(rng, shape, dtype):
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
