"""A model of pto-isa's TFILLPAD, TFILLPAD_INPLACE and TFILLPAD_EXPAND,
written from the CPU simulator (include/pto/cpu/TFillPad.hpp at 3186c381),
independent of the package's engines."""
import ml_dtypes
import numpy as np

DTYPES = {"i8": np.int8, "ui8": np.uint8, "i16": np.int16, "ui16": np.uint16,
          "i32": np.int32, "ui32": np.uint32, "f16": np.float16,
          "bf16": ml_dtypes.bfloat16, "f32": np.float32}


def pad_value(element, pad):
    """TFillPad.hpp:24-53: 0 unless the pad is max or min; then
    +-infinity for a type with infinities, else numeric_limits' max() and
    min() (the most negative value of a signed integer, 0 of an unsigned
    one)."""
    dtype = np.dtype(DTYPES[element])
    if pad == "zero":
        return dtype.type(0)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return dtype.type(info.max if pad == "max" else info.min)
    return dtype.type(np.inf if pad == "max" else -np.inf)


def fill_pad(src, src_valid, dst_before, dst_valid, pad):
    """dst after the op (TFillPad.hpp:55-64, :85): src's element inside
    src's valid region, the pad elsewhere over dst's whole tile; dst
    unchanged when a valid extent of dst is 0."""
    if 0 in dst_valid:
        return dst_before.copy()
    element = next(e for e, d in DTYPES.items() if np.dtype(d) == dst_before.dtype)
    dst = np.full(dst_before.shape, pad_value(element, pad), dst_before.dtype)
    rows, cols = src_valid
    dst[:rows, :cols] = src[:rows, :cols]
    return dst
