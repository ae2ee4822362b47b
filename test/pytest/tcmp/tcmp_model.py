"""A model of pto-isa's TCMP and TCMPS, written from the CPU simulator
(include/pto/cpu/TCmp.h, TCmps.hpp at 3186c381) loop for loop on Python
numbers, independent of the package's engines."""
import numpy as np

# CmpResult (TCmp.h:21-39) and TCMPS's modes other than eq and ne: C++'s
# operators on the element type (NaN compares false but for !=).
_OPERATORS = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
              "lt": lambda a, b: a < b, "gt": lambda a, b: a > b,
              "ge": lambda a, b: a >= b, "le": lambda a, b: a <= b}


def _number(x):
    """An element as a Python number (a float exactly: every element type
    widens to a double exactly, and integers stay integers)."""
    return int(x) if isinstance(x, (np.integer, int)) else float(x)


def tcmp(dst, src0, src1, mode, valid_rows, valid_cols, dst_valid_cols):
    """TCMP_IMPL (TCmp.h:112-124): ZeroTileData, then TCmp (:41-64): for each
    valid row, words w < min(ceil(valid_cols / B), dst_valid_cols) of B bits
    (32 for a uint32_t dst, else 8), bit `bit` the compare of column
    w * B + bit below valid_cols."""
    dst = np.zeros_like(dst)
    width = 32 if dst.dtype == np.uint32 else 8
    compare = _OPERATORS[mode]
    for r in range(valid_rows):
        valid_words = (valid_cols + width - 1) // width
        for w in range(min(valid_words, dst_valid_cols)):
            packed = 0
            for bit in range(width):
                c = w * width + bit
                if c >= valid_cols:
                    break
                packed |= int(compare(_number(src0[r, c]), _number(src1[r, c]))) << bit
            dst[r, w] = packed
    return dst


def cmp_call(a, b, mode):
    """CmpCall (TCmps.hpp:22-49): eq and ne on the difference of the doubles
    with 1e-9 (ne is 1 when either is NaN), the others the operators."""
    a, b = _number(a), _number(b)
    if mode in ("eq", "ne"):
        diff = float(a) - float(b)
        if mode == "eq":
            return int(abs(diff) < 1e-9)
        return 1 if (a != a or b != b) else int(abs(diff) > 1e-9)
    return int(_OPERATORS[mode](a, b))


def tcmps(dst, src, scalar, mode, valid_rows, valid_cols, dst_valid_rows, dst_valid_cols):
    """TCmps (TCmps.hpp:51-93): the compares of src's valid region in an
    H x W grid of src's static shape, packed 8 to a byte per row (W // 8
    bytes), the bytes in one list; dst cleared, then byte c at
    (c // dst_valid_cols, c % dst_valid_cols) while within dst's valid
    region."""
    rows, cols = src.shape
    golden = [[0] * cols for _ in range(rows)]
    for i in range(valid_rows):
        for j in range(valid_cols):
            golden[i][j] = cmp_call(src[i, j], scalar, mode)
    out = []
    for h in range(rows):
        for i in range(cols // 8):
            out.append(sum(golden[h][i * 8 + bit] << bit for bit in range(8)))
    dst = np.zeros_like(dst)
    if dst_valid_cols == 0:
        return dst
    for c in range(min(len(out), dst.size)):
        i, j = divmod(c, dst_valid_cols)
        if i < dst_valid_rows and j < dst_valid_cols:
            dst[i, j] = out[c]
    return dst

