"""Scalar runtime values: how index, integer and float values are held.

Integers are Python ints in the signed range of their width (index: 64
bits); ``i1`` is a Python bool. Unsigned operations reinterpret with
``unsigned``. Floats are numpy scalars of their type, so arithmetic rounds
as the type does.
"""
import numpy as np

from .. import ir
from .dtypes import numpy_dtype

__all__ = ["integer_width", "wrap", "unsigned", "float_dtype"]

INDEX_WIDTH = 64


def integer_width(t):
    """Bit width of an index or integer type, else None."""
    if isinstance(t, ir.IndexType):
        return INDEX_WIDTH
    if isinstance(t, ir.IntegerType):
        return t.width
    return None


def wrap(value, width):
    """``value`` modulo 2**width, in the signed range (bool for width 1)."""
    if width == 1:
        return bool(value & 1)
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def unsigned(value, width):
    return int(value) & ((1 << width) - 1)


def float_dtype(t):
    """The numpy dtype of a float type, else None."""
    if isinstance(t, ir.F64Type):
        return np.dtype(np.float64)
    return numpy_dtype(t) if isinstance(t, ir.FloatType) else None
