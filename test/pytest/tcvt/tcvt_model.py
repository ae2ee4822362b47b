"""An element-by-element model of pto.tcvt written from pto-isa's
include/pto/cpu/TCvt.hpp (3186c381), independent of the interpreter's
numpy code: Python floats are the simulator's doubles, its roundings are
decimal's exact ones (CAST_ODD as the header computes it, in double)."""
import math
from decimal import (
    ROUND_CEILING,
    ROUND_DOWN,
    ROUND_FLOOR,
    ROUND_HALF_EVEN,
    ROUND_HALF_UP,
    Context,
    Decimal,
)

import ml_dtypes
import numpy as np

MODES = ["NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD", "CAST_RINT"]
UNDEFINED = object()
# Enough digits for any double as an integer.
_EXACT = Context(prec=400)
_DECIMAL = {"RINT": ROUND_HALF_EVEN, "CAST_RINT": ROUND_HALF_EVEN, "ROUND": ROUND_HALF_UP,
            "FLOOR": ROUND_FLOOR, "CEIL": ROUND_CEILING, "TRUNC": ROUND_DOWN}


def dtype(element):
    return np.dtype(ml_dtypes.bfloat16) if element == "bf16" else np.dtype(
        {"f16": np.float16, "f32": np.float32, "i8": np.int8, "ui8": np.uint8,
         "i16": np.int16, "ui16": np.uint16, "i32": np.int32, "ui32": np.uint32,
         "i64": np.int64}[element])


def is_float(element):
    return element.startswith(("f", "bf"))


def limits(element):
    """SafeLimits<T> (TCvt.hpp:103-118)."""
    if is_float(element):
        top = float(ml_dtypes.finfo(dtype(element)).max)
        return -top, top
    info = np.iinfo(dtype(element))
    return float(info.min), float(info.max)


def _round(d, mode):
    """applyRoundingToIntegral (TCvt.hpp:66-97) of a finite double."""
    if mode == "NONE":
        return d
    if mode == "ODD":
        f = math.floor(d)
        frac = d - f
        if frac > 0.5:
            return float(f + 1)
        if frac < 0.5:
            return float(f)
        return float(f) if f % 2 else float(f + 1)
    return float(Decimal(d).quantize(Decimal(1), rounding=_DECIMAL[mode], context=_EXACT))


def _in_range(d, bits, unsigned):
    t = math.trunc(d)
    return (0 if unsigned else -(1 << (bits - 1))) <= t < (1 << (bits if unsigned else bits - 1))


def convert(value, src, dst, mode, saturate):
    """dst's value for one src element (a numpy scalar), or UNDEFINED where
    the header's C++ cast is undefined behaviour."""
    s, d_type = dtype(src), dtype(dst)
    v = value
    if saturate:
        low = max(limits(src)[0], limits(dst)[0])
        high = min(limits(src)[1], limits(dst)[1])
        d = float(v)
        d = d if d < high else high     # std::min(high, d)
        d = d if low < d else low       # std::max(low, ...)
        if is_float(src):
            v = np.array(d).astype(s)[()]
        else:
            if not _in_range(d, s.itemsize * 8, s.kind == "u"):
                return UNDEFINED
            v = s.type(int(d))
    if is_float(src) and not is_float(dst):
        d = float(v)
        if math.isnan(d) or math.isinf(d):
            return UNDEFINED
        r = _round(d, mode)
        # TCvt.hpp:190: a uint8 is cast from int64.
        bits, unsigned = (64, False) if dst == "ui8" else (d_type.itemsize * 8, d_type.kind == "u")
        if not _in_range(r, bits, unsigned):
            return UNDEFINED
        return np.array(math.trunc(r) & 0xFF if dst == "ui8" else math.trunc(r)).astype(d_type)[()]
    if not is_float(src) and is_float(dst):
        with np.errstate(over="ignore"):
            return np.array(float(int(v))).astype(d_type)[()]
    if is_float(src):
        with np.errstate(over="ignore"):  # to inf, as the cast does
            return np.array(v).astype(d_type)[()]
    bits = d_type.itemsize * 8
    wrapped = int(v) % (1 << bits)
    if d_type.kind == "i" and wrapped >= 1 << (bits - 1):
        wrapped -= 1 << bits
    return d_type.type(wrapped)


def inputs(src, rng, count=64):
    """Values of src that tell the modes and the saturation apart: ties,
    near-ties, signed zeros, the limits of the integer types, inf, NaN, and
    random ones."""
    s = dtype(src)
    if is_float(src):
        special = [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 2.4, -2.6, 3.5, -3.5,
                   127.5, -128.5, 255.5, 256.0, -129.0, 32767.5, -32768.5, 40000.0, 65504.0,
                   2.0 ** 31, -2.0 ** 31, 2.0 ** 31 - 128, 2.0 ** 40, 2.0 ** 63, -2.0 ** 63,
                   1e30, -1e30, np.inf, -np.inf, np.nan]
        top = float(ml_dtypes.finfo(s).max)
        values = [x for x in special if math.isnan(x) or abs(x) <= top or math.isinf(x)]
        values += list(rng.standard_normal(count - len(values)) * 300)
        return np.array(values, dtype=np.float64).astype(s)
    info = np.iinfo(s)
    special = [0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, 65535,
               65536, 2 ** 31 - 1, -2 ** 31, 2 ** 24 + 1, 2 ** 53 + 1, 2 ** 63 - 1, -2 ** 63]
    values = [x for x in special if info.min <= x <= info.max]
    values += list(rng.integers(info.min, info.max, size=count - len(values), endpoint=True))
    return np.array(values, dtype=object).astype(s)
