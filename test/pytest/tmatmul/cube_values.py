"""Inputs for the cube unit's data-movement tests: values of an element
type whose products and sums stay mostly finite in f32 but cross f16's
range (overflow to infinity, f16 subnormals) once stored narrower, so that
the conversions on the way out are exercised (the matmul tests' _values
spreads magnitudes so widely that most f16 products overflow). With
``special``, one in 250 of them edge cases: infinities, signed zeros,
subnormals and the largest finite values of the type."""
import numpy as np
from test_tmatmul_engines import DTYPES


def values(element, shape, rng, special=False):
    dtype = DTYPES[element]
    if element == "i8":
        return rng.integers(-128, 128, shape).astype(dtype)
    v = rng.standard_normal(shape).astype(np.float32)
    v *= np.float32(2.0) ** rng.integers(-12, 10, shape).astype(np.float32)
    v = v.astype(dtype)
    if special:
        big = float(np.finfo(dtype).max)
        tiny = float(np.finfo(dtype).smallest_subnormal)
        edge = np.array([np.inf, -np.inf, 0.0, -0.0, tiny, -tiny, big, -big]).astype(dtype)
        where = rng.random(shape) < 0.004
        v[where] = rng.choice(edge, int(where.sum()))
    return v
