"""A model of the binary elementwise ops, written from pto-isa's CPU simulator
(include/pto/cpu/ElementOp.h, TAdd.hpp, TMax.hpp, ...), element by element on
Python numbers, independently of both engines:

- integers: C++ arithmetic on the promoted values, truncated to the element
  type (``dst = src0 + src1`` wraps);
- floats: the operation on the exact values (a Python float holds the exact
  sum, difference or product of two f16 or bf16 values, and rounding a
  double result of f32 operands once more to f32 gives the correctly
  rounded f32 result: 53 >= 2 * 24 + 2), rounded to nearest even in the
  element type, as one IEEE operation of that type;
- ``a / b``: the double quotient rounded once more to f32 (or f16) is the
  correctly rounded one for the same reason (division rounds as the other
  three); a division by zero as x86 computes it (_by_zero);
- ``std::max(a, b)`` is ``(a < b) ? b : a`` and ``std::min(a, b)`` is
  ``(b < a) ? b : a``: the first operand where either is NaN and for zeros
  of either sign;
- ``rem`` (OP_REM, OP_REMS: ElementOp.h:199, :444): libm's ``fmod`` in
  double, the simulator's call (exact; its NaN's bits), then ``+ b`` (one
  operation of the element type, rounded as the others) where ``(a >= 0)
  != (b >= 0)`` and the remainder is not 0; ``b`` is never 0 (asserted);
- ``fmod`` (OP_FMOD, OP_FMODS: ElementOp.h:307, :522): libm's ``fmod`` in
  double for floats, C++'s ``%`` for integers (truncated toward zero, of
  the dividend's sign, on the promoted values: a 2-byte ``-32768 % -1`` is
  0); ``b`` is never 0 (asserted);
- ``subrelu`` (OP_SUBRELU, ElementOp.h:120): ``ReLU(a - b)``, the
  difference rounded to the element type, then cpu/common.hpp:100's ``(d >
  0) ? d : 0`` (NaN and -0 give +0);
- ``lrelu`` (OP_LRELU, ElementOp.h:514): ``(a > 0) ? a : a * b``, the
  product rounded to the element type; ``prelu`` (OP_PRELU, ElementOp.h:284)
  is the same of a tile of slopes ``b``.
"""
import ctypes
import math

import ml_dtypes
import numpy as np

DTYPES = {"i8": np.int8, "ui8": np.uint8, "i16": np.int16, "ui16": np.uint16,
          "i32": np.int32, "ui32": np.uint32, "i64": np.int64, "ui64": np.uint64,
          "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32}

def _by_zero(a, b):
    """``a / +-0`` as x86 divides: a NaN ``a`` itself, 0 / 0 the default
    NaN (its sign bit set), else an infinity of the quotient's sign."""
    if math.isnan(a):
        return a
    if a == 0:
        return -math.nan
    return math.copysign(math.inf, math.copysign(1, a) * math.copysign(1, b))


_FMOD = ctypes.CDLL(None).fmod
_FMOD.restype, _FMOD.argtypes = ctypes.c_double, [ctypes.c_double, ctypes.c_double]


def _rem(a, b):
    r = _FMOD(a, b)
    return r + b if ((a >= 0) != (b >= 0)) and r != 0 else r


def _fmod(a, b):
    if isinstance(a, int):
        r = abs(a) % abs(b)
        return r if a >= 0 else -r
    return _FMOD(a, b)


_SCALAR = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / b if b != 0 else _by_zero(a, b),
    "max": lambda a, b: b if a < b else a,
    "min": lambda a, b: b if b < a else a,
    "and": lambda a, b: a & b,
    "or": lambda a, b: a | b,
    "xor": lambda a, b: a ^ b,
    "fmod": _fmod,
    # The exact difference is positive exactly when its rounding is.
    "subrelu": lambda a, b: a - b if a - b > 0 else 0,
    "lrelu": lambda a, b: a if a > 0 else a * b,
    "prelu": lambda a, b: a if a > 0 else a * b,
    # Python's shifts of the exact values (>> of a negative one rounds
    # down: C++20's arithmetic shift), truncated to the element type.
    "shl": lambda a, b: a << b,
    "shr": lambda a, b: a >> b,
    "rem": _rem,
}
# The element ops whose second operand is a shift count, in [0, the
# element's bits) (the engines fail on another: shift_count_out_of_range).
SHIFTS = ("shl", "shr")
# The element ops whose second operand the simulator asserts nonzero.
NONZERO_DIVISOR = ("rem", "fmod")


def shift_counts(rng, dtype, shape):
    """Shift counts of ``dtype``: every one in [0, its bits) first, then
    random ones."""
    bits = np.dtype(dtype).itemsize * 8
    counts = rng.integers(0, bits, shape).astype(dtype)
    flat = counts.reshape(-1)
    flat[:min(bits, flat.size)] = np.arange(min(bits, flat.size))
    return counts


def _to_element(value, dtype):
    if np.issubdtype(dtype, np.integer):
        bits = np.dtype(dtype).itemsize * 8
        unsigned = np.dtype(f"u{bits // 8}")
        return np.array(value % (1 << bits), dtype=unsigned).view(dtype)[()]
    with np.errstate(over="ignore"):  # beyond the largest finite value: inf
        return np.array(value, dtype=np.float64).astype(dtype)[()]


def model(element_op, a, b):
    """``element_op`` of arrays ``a`` and ``b`` (one dtype), as the simulator
    computes it."""
    dtype = a.dtype
    is_int = np.issubdtype(dtype, np.integer)
    scalar = _SCALAR[element_op]
    out = np.empty_like(a)
    for index in np.ndindex(a.shape):
        x, y = (int(a[index]), int(b[index])) if is_int else (float(a[index]), float(b[index]))
        result = scalar(x, y)
        # max/min pick an operand: keep its bits (its sign of zero, its NaN).
        if element_op in ("max", "min") and not is_int:
            out[index] = a[index] if result is x else b[index]
        else:
            out[index] = _to_element(result, dtype)
    return out


def inputs(rng, dtype, shape):
    """Random operands: every bit pattern for integers; for floats normal
    values, then the pairs that tell orders and roundings apart (NaN on
    either side, zeros of both signs, infinities, the largest finite value,
    subnormals)."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        draw = lambda: rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)  # noqa: E731
        return draw(), draw()
    a = (rng.standard_normal(shape) * 4).astype(dtype)
    b = (rng.standard_normal(shape) * 4).astype(dtype)
    finfo = ml_dtypes.finfo(dtype) if dtype == ml_dtypes.bfloat16 else np.finfo(dtype)
    special = [(np.nan, 1.0), (1.0, np.nan), (-0.0, 0.0), (0.0, -0.0), (np.inf, -np.inf),
               (np.inf, 1.0), (float(finfo.max), float(finfo.max)),
               (float(finfo.smallest_subnormal), float(finfo.smallest_subnormal)),
               (float(finfo.tiny), -float(finfo.smallest_subnormal))]
    flat_a, flat_b = a.reshape(-1), b.reshape(-1)
    for k, (x, y) in enumerate(special):
        flat_a[k], flat_b[k] = dtype(x), dtype(y)
    return a, b
