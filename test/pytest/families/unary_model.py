"""A model of the unary elementwise ops, written from pto-isa's CPU simulator
(include/pto/cpu: ElementOp.h's ElementOpCal<.., OP_EXP> ..., which
ElementTileOp.h's instructions call, and TAbs.hpp, TSqrt.hpp, TRSqrt.hpp),
element by element on Python numbers, independently of both engines:

- TEXP: f16 ``half(expf(float(x)))`` (the simulator's aclFloat16 case),
  f32 ``float(exp(double(x)))``; TLOG, TSQRT: ``T(f(double(x)))``; TRSQRT
  ``T(1.0 / sqrt(double(x)))``; one rounding from double to T (a Python
  float to numpy's float16/float32, which round once, as GCC's conversions);
  Python's ``math`` calls the C library's ``exp``/``log``/``sqrt`` for finite
  arguments, the C library's results for the rest are written out here
  (overflow to inf, log(0) = -inf, log of a negative or sqrt of one NaN);
- TRECIP ``1 / x`` in T (f16 computed in f32 and rounded back, as GCC
  computes _Float16);
- TABS ``x < 0 ? -x : x`` (TAbs.hpp: NaN and -0 kept), TNEG ``-x``, TNOT
  ``~x``, TRELU ``std::max(x, 0)`` = ``(x < 0) ? 0 : x``; integers wrap
  (the most negative one is its own absolute value and negation);
- a NaN operand comes back quiet (its quiet bit set, sign and payload kept)
  from every formula that converts it (x86's conversions quiet a signalling
  NaN): all but TABS's and TRELU's comparisons and f32 TNEG, which flips the
  sign bit only; f16 TNEG converts (GCC computes ``-x`` of a _Float16 in
  float).

test_unary_elementwise_model.py checks this model against the simulator's own
instructions (a C++ driver compiled once) over every f16 input.
"""
import ctypes
import ctypes.util
import math

import numpy as np

_EXPF = ctypes.CDLL(ctypes.util.find_library("m")).expf
_EXPF.restype, _EXPF.argtypes = ctypes.c_float, [ctypes.c_float]


def _exp(x, dtype):
    if dtype == np.float16:
        return _EXPF(x)
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _log(x, _dtype):
    if x == 0:
        return -math.inf
    if x < 0:
        return -math.nan  # the C library's log of a negative number: -NaN
    return math.log(x)


def _sqrt(x, _dtype):
    return -math.nan if x < 0 else math.sqrt(x)


def _rsqrt(x, dtype):
    root = _sqrt(x, dtype)
    return 1.0 / root if root != 0 else math.copysign(math.inf, root)


_FLOAT = {"exp": _exp, "log": _log, "sqrt": _sqrt, "rsqrt": _rsqrt}


def _quiet(x):
    """The NaN ``x`` with its quiet bit (the top bit of the fraction) set."""
    bits = np.dtype(type(x)).itemsize * 8
    unsigned = np.dtype(f"u{bits // 8}").type
    quiet_bit = {16: 1 << 9, 32: 1 << 22}[bits]
    return (np.array(x).view(unsigned) | unsigned(quiet_bit)).view(type(x))[()]


def _element(element_op, x, dtype):
    """One element: a numpy scalar of ``dtype`` in, one out."""
    if element_op == "not":
        return ~x
    if element_op == "relu":
        return dtype(0) if x < 0 else x
    if np.issubdtype(dtype, np.integer):
        bits = np.dtype(dtype).itemsize * 8
        value = -int(x) if element_op == "neg" or x < 0 else int(x)
        return np.array(value % (1 << bits), f"u{bits // 8}").view(dtype)[()]
    if element_op == "neg":
        return -_quiet(x) if math.isnan(float(x)) and dtype != np.float32 else -x
    if element_op == "abs":
        return -x if x < 0 else x
    if math.isnan(float(x)):
        return _quiet(x)  # every other formula converts its NaN operand
    if element_op == "recip":
        with np.errstate(all="ignore"):
            return (np.float32(1) / np.float32(x)).astype(dtype)
    with np.errstate(over="ignore"):
        return np.float64(_FLOAT[element_op](float(x), dtype)).astype(dtype)


def model(element_op, a):
    """``element_op`` of array ``a``, as the simulator computes it."""
    out = np.empty_like(a)
    for index in np.ndindex(a.shape):
        out[index] = _element(element_op, a[index], a.dtype.type)
    return out


def every_f16():
    """All 2^16 f16 values, in bit order."""
    return np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)
