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


def where(path, marker, fragment=None):
    """``path:line:col`` as CompileError reports it, of the one line of
    ``path`` that ends with the comment ``# marker``; col is where
    ``fragment`` starts on it (1-based), or the line's first character."""
    with open(path) as f:
        hits = [(n, line) for n, line in enumerate(f, 1)
                if line.rstrip().endswith(f"# {marker}")]
    assert len(hits) == 1, f"'# {marker}' ends {len(hits)} lines of {path}"
    line, text = hits[0]
    col = text.index(fragment) if fragment else len(text) - len(text.lstrip())
    return f"{path}:{line}:{col + 1}"
