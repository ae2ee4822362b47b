"""pto.tmatmul, pto.tmatmul.acc, pto.tmatmul.bias (docs/ops/tmatmul.md), as
pto-isa's CPU simulator computes them (include/pto/cpu/TMatmul.hpp:51-76,
185-196): per element of dst one chain over k from zero, in k order: an f32
accumulator by ``std::fma`` of the inputs converted exactly to f32, an i32
one by ``+=`` of the i8 products; then acc_in's element (tmatmul.acc) or
bias's (tmatmul.bias) added in one rounding.

numpy has no fused multiply-add, so the chain is written out (``_fma``):
each step over every element at once, k after k, each step one rounding.
"""
import numpy as np

from ....dialects import pto
from ...failures import failure
from ..registry import tile_op


def _fma(a, b, c):
    """float32 ``fma(a, b, c)`` elementwise, correctly rounded: the product
    of two float32 is exact in float64 (24 + 24 bits); its sum with ``c`` is
    rounded to odd in float64 (the nearest sum, moved one unit to the odd
    neighbour where it is inexact and even: TwoSum gives the error exactly),
    and a round-to-odd sum of 53 bits rounds to 24 bits as the exact sum
    would (53 >= 24 + 2). Infinities and NaN pass through the sum alone."""
    with np.errstate(all="ignore"):
        p = a.astype(np.float64) * b.astype(np.float64)
        c = c.astype(np.float64)
        s = p + c
        bp = s - c
        err = (p - bp) + (c - (s - bp))
        bits = s.view(np.int64)
        fix = np.isfinite(s) & (err != 0) & ((bits & 1) == 0)
        toward = np.where(err > 0, np.inf, -np.inf)
        s = np.where(fix, np.nextafter(s, toward), s)
        return s.astype(np.float32)


def _chain(lhs, rhs, acc_dtype):
    """The m x n sums of lhs (m x k) times rhs (k x n), the simulator's
    chain per element."""
    m, k = lhs.shape
    n = rhs.shape[1]
    if acc_dtype == np.int32:
        # i8 x i8 products summed in i32; |sum| < 4095 * 2^14 never wraps.
        return (lhs.astype(np.int64) @ rhs.astype(np.int64)).astype(np.int32)
    a, b = lhs.astype(np.float32), rhs.astype(np.float32)
    acc = np.zeros((m, n), np.float32)
    for kk in range(k):
        acc = _fma(a[:, kk:kk + 1], b[kk:kk + 1, :], acc)
    return acc


def _add(x, y):
    """One rounding (f32), or the i32 sum wrapped as the compiled code's."""
    if x.dtype == np.int32:
        return (x.astype(np.int64) + y.astype(np.int64)).astype(np.int32)
    with np.errstate(all="ignore"):
        return x + y


def _check_shapes(lhs, rhs, dst):
    """tmatmul_c5 ... c7 (the verifier checks the static extents; ``?`` ones
    are checked here): lhs m x k, rhs k x n, dst m x n, m, k, n in
    [1, 4095]."""
    (m, k), (rhs_rows, n), (dst_rows, dst_cols) = lhs.valid, rhs.valid, dst.valid
    if (not all(1 <= e <= 4095 for e in (m, k, n))
            or (rhs_rows, dst_rows, dst_cols) != (k, m, n)):
        raise failure("matmul_shape", m=m, k=k, rhs_rows=rhs_rows, n=n,
                      dst_rows=dst_rows, dst_cols=dst_cols)


def _product(call, dst):
    lhs, rhs = call.value(call.op.lhs), call.value(call.op.rhs)
    _check_shapes(lhs, rhs, dst)
    m, k = lhs.valid
    return _chain(lhs.read(), rhs.read(0, 0, k, rhs.valid[1]), dst.spec.dtype)


def _starting_from_acc_in(call):
    """Level 1 TMATMUL_ACC: a copy of acc_in, which it adds to."""
    return [call.value(call.op.acc_in).copy()]


@tile_op(pto.TMatmulOp)
def tmatmul(call, dsts):
    """dst[:m, :n] = lhs @ rhs, the simulator's chain per element."""
    dst, = dsts
    dst.write(0, 0, _product(call, dst))


@tile_op(pto.TMatmulAccOp, destinations=_starting_from_acc_in)
def tmatmul_acc(call, dsts):
    """dst[:m, :n] = acc_in[:m, :n] + lhs @ rhs (at Level 2 acc_in is dst)."""
    dst, = dsts
    total = _product(call, dst)
    dst.write(0, 0, _add(call.value(call.op.acc_in).read(0, 0, *total.shape), total))


@tile_op(pto.TMatmulBiasOp)
def tmatmul_bias(call, dsts):
    """dst[:m, :n] = lhs @ rhs + bias[0, :n]."""
    dst, = dsts
    total = _product(call, dst)
    bias = call.value(call.op.bias).read(0, 0, 1, total.shape[1])
    dst.write(0, 0, _add(total, np.broadcast_to(bias, total.shape)))
