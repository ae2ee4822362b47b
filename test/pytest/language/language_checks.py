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


def where(path, fragment):
    """``path:line:col`` of the one line of ``path`` holding ``fragment``
    (col: where the fragment starts, 1-based), as CompileError reports it."""
    with open(path) as f:
        hits = [(n, line.index(fragment)) for n, line in enumerate(f, 1) if fragment in line]
    assert len(hits) == 1, f"{fragment!r} is on {len(hits)} lines of {path}"
    line, col = hits[0]
    return f"{path}:{line}:{col + 1}"
