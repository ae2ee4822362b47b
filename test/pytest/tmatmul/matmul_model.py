"""A model of pto-isa's CPU TMATMUL (include/pto/cpu/TMatmul.hpp:51-76,
185-196), written from its source and computed in C's own arithmetic: per
element of the result a chain over k from zero, in k order, each step the C
library's ``fmaf`` (what ``std::fma`` of three floats calls) of the inputs
converted to float; i8 inputs summed in int32 by ``+=``; then the
accumulator's element added (TMATMUL_ACC) or the bias's (TMATMUL_BIAS) in
one float (or wrapping int32) addition. Element by element through ctypes:
slow, and independent of the engines' vectorized arithmetic."""
import ctypes
import ctypes.util

import numpy as np

_libm = ctypes.CDLL(ctypes.util.find_library("m"))
_libm.fmaf.restype = ctypes.c_float
_libm.fmaf.argtypes = [ctypes.c_float] * 3


def _f32(x):
    return np.float32(x)


def matmul(lhs, rhs, acc=None, bias=None):
    """The result's m x n elements for lhs (m x k) and rhs (k x n)."""
    m, k = lhs.shape
    n = rhs.shape[1]
    integer = lhs.dtype == np.int8
    out = np.zeros((m, n), np.int32 if integer else np.float32)
    a = lhs.astype(np.int64 if integer else np.float32).tolist()
    b = rhs.astype(np.int64 if integer else np.float32).tolist()
    for i in range(m):
        for j in range(n):
            if integer:
                s = 0
                for kk in range(k):
                    s += a[i][kk] * b[kk][j]
                out[i, j] = s
            else:
                s = 0.0
                for kk in range(k):
                    s = _libm.fmaf(a[i][kk], b[kk][j], s)
                out[i, j] = s
    with np.errstate(all="ignore"):
        if acc is not None:
            out = (acc.astype(np.int64) + out).astype(np.int32) if integer else acc + out
        if bias is not None:
            out = ((out.astype(np.int64) + bias.astype(np.int64)).astype(np.int32)
                   if integer else out + bias)
    return out
