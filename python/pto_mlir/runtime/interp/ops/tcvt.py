"""pto.tcvt, the element type conversion (docs/ops/tcvt.md), as pto-isa's
CPU simulator converts (include/pto/cpu/TCvt.hpp): in double, the rounding
mode applied to float -> integer conversions only, saturation a clamp of
the source value before it is converted."""
import numpy as np

from ....dialects import pto
from ...failures import failure
from ..registry import tile_op
from .elementwise import same_valid


def _limits(dtype):
    """SafeLimits<T> (TCvt.hpp:103-118): the type's lowest and max as
    doubles (f16's F16_MAX; an int64's max rounds to 2^63, as
    static_cast<double> does)."""
    if dtype.kind == "f" or dtype.name == "bfloat16":
        import ml_dtypes
        top = float(ml_dtypes.finfo(dtype).max)
        return -top, top
    info = np.iinfo(dtype)
    return float(info.min), float(info.max)


def _is_float(dtype):
    return dtype.kind == "f" or dtype.name == "bfloat16"


def _clamp(d, low, high):
    """clamp_value (TCvt.hpp:61): std::max(low, std::min(high, d)), whose
    comparisons make a NaN `high`."""
    d = np.where(d < high, d, high)
    return np.where(low < d, d, low)


def _round_odd(d):
    """CAST_ODD (TCvt.hpp:81-92): the nearer of floor and floor + 1, a tie
    to the odd one."""
    f = np.floor(d)
    frac = d - f
    tie = np.where(np.fmod(f, 2) != 0, f, f + 1)
    return np.where(frac > 0.5, f + 1, np.where(frac < 0.5, f, tie))


def _round_away(d):
    """std::round: to nearest, a tie away from zero (d - trunc(d) is exact)."""
    t = np.trunc(d)
    return t + np.where(np.abs(d - t) >= 0.5, np.sign(d), 0.0)


# applyRoundingToIntegral (TCvt.hpp:66-97), by the mode's spelling; NONE
# leaves the value to the cast, which truncates.
_ROUNDINGS = {"NONE": lambda d: d, "RINT": np.rint, "CAST_RINT": np.rint,
              "ROUND": _round_away, "FLOOR": np.floor, "CEIL": np.ceil,
              "TRUNC": np.trunc, "ODD": _round_odd}


def _fits(d, dtype, through_int64=False):
    """Whether static_cast<T>(d) of a double is defined: its truncation
    lies in T's range (an int64's where the cast goes through int64)."""
    bits = 64 if through_int64 else dtype.itemsize * 8
    low, high = ((0.0, 2.0 ** bits) if dtype.kind == "u" and not through_int64
                 else (-2.0 ** (bits - 1), 2.0 ** (bits - 1)))
    t = np.trunc(d)
    return (t >= low) & (t < high)


def _first_undefined(ok):
    bad = np.argwhere(~ok)
    if len(bad):
        row, col = (int(k) for k in bad[0])
        raise failure("conversion_undefined", tile="src", row=row, col=col)


def convert(values, dtype, rmode, saturate):
    """TCvt_Impl's element computation (TCvt.hpp:205-225) over ``values``
    into ``dtype``; raises conversion_undefined at the first element whose
    C++ cast is undefined."""
    source = values.dtype
    with np.errstate(all="ignore"):
        if saturate:
            (s_low, s_high), (d_low, d_high) = _limits(source), _limits(dtype)
            d = _clamp(values.astype(np.float64), max(s_low, d_low), min(s_high, d_high))
            if not _is_float(source):
                _first_undefined(_fits(d, source))
            values = d.astype(source)
        if _is_float(source) and not _is_float(dtype):
            d = _ROUNDINGS[rmode](values.astype(np.float64))
            # TCvt.hpp:190: a uint8 is cast from int64.
            _first_undefined(_fits(d, dtype, through_int64=dtype == np.uint8))
            return np.trunc(d).astype(np.int64).astype(dtype)
        if not _is_float(source) and _is_float(dtype):
            return values.astype(np.float64).astype(dtype)
        return values.astype(dtype)


@tile_op(pto.TCvtOp, result_valid=lambda call: [call.value(call.op.src).valid])
def tcvt(call, dsts):
    """dst = cvt(src) over dst's valid region (tmp is not read)."""
    src, (dst,) = call.value(call.op.src), dsts
    same_valid(["src", "dst"], [src, dst])
    sat = call.op.sat_mode
    saturate = sat is not None and str(sat.value) == "ON"
    dst.write(0, 0, convert(src.read(), dst.spec.dtype, str(call.op.rmode.value), saturate))
