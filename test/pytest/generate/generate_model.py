"""A model of pto-isa's TCI and TTRI, written from the CPU simulator
(include/pto/cpu/TCI.hpp, TTRI.hpp at 3186c381) loop for loop, independent
of the package's engines."""
import ml_dtypes
import numpy as np

DTYPES = {"i8": np.int8, "ui8": np.uint8, "i16": np.int16, "ui16": np.uint16,
          "i32": np.int32, "ui32": np.uint32, "i64": np.int64, "ui64": np.uint64,
          "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32}


def tci(before, start, cols, descending):
    """Tci_IMPL (TCI.hpp:18-27): dst(0, j) = start -+ j in int, converted
    to the element type (C++20: wrapped)."""
    dst = before.copy()
    width = dst.dtype.itemsize * 8
    for j in range(cols):
        value = start - j if descending else start + j
        value &= (1 << width) - 1
        if value >= 1 << (width - 1):
            value -= 1 << width
        dst[0, j] = value
    return dst


def ttri(before, diagonal, rows, cols, upper):
    """TTril / TTriu (TTRI.hpp:31-65), with their loop bounds."""
    dst = before.copy()
    one, zero = dst.dtype.type(1), dst.dtype.type(0)
    for r in range(rows):
        if upper:
            ends, starts = min(diagonal + r, cols), max(diagonal + r, 0)
            first, second = zero, one
        else:
            ends, starts = min(diagonal + r + 1, cols), max(diagonal + r + 1, 0)
            first, second = one, zero
        for c in range(0, ends):
            dst[r, c] = first
        for c in range(starts, cols):
            dst[r, c] = second
    return dst
