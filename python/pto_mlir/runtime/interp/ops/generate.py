"""pto.tci and pto.ttri, the ops that write a tile from a scalar
(docs/ops/tci.md, docs/ops/ttri.md), as pto-isa's CPU simulator computes them: TCI's
sequence in int (include/pto/cpu/TCI.hpp:18-27), TTRI's triangle of ones
(include/pto/cpu/TTRI.hpp:31-65). Where the simulator's int arithmetic
would overflow (undefined in C++) the op fails with int_overflow first."""
import numpy as np

from ....dialects import pto
from ...failures import failure
from ..registry import tile_op

_INT_MIN, _INT_MAX = -2**31, 2**31 - 1


@tile_op(pto.TCIOp)
def tci(call, dsts):
    """dst[0, j] = S + j (S - j descending) for the valid columns j, in
    row 0 whatever dst's valid rows (TCI.hpp:21)."""
    (dst,) = dsts
    start, cols = call.value(call.op.S), dst.valid[1]
    step = -1 if call.op.descending.value else 1
    dtype = dst.spec.dtype
    # An i16 start is promoted to int (no overflow), an i32 one is not.
    if cols and dtype == np.int32 and not _INT_MIN <= start + step * (cols - 1) <= _INT_MAX:
        raise failure("int_overflow", operand="S", what="valid columns", value=start,
                      extent=cols)
    values = start + step * np.arange(cols, dtype=np.int64)
    # Stored from int as C++20 converts: wrapped to the element's width.
    dst.write(0, 0, values.astype(dtype)[np.newaxis, :])


@tile_op(pto.TTriOp)
def ttri(call, dsts):
    """1 where c <= r + diagonal (lower) or c >= r + diagonal (upper) over
    dst's valid region, else 0."""
    (dst,) = dsts
    diagonal = call.value(call.op.diagonal)
    upper = call.op.upperOrLower.value == 1
    rows, cols = dst.valid
    # The largest sum the simulator forms: diagonal + (rows - 1) + 1 for
    # the lower triangle (TTRI.hpp:36-37), diagonal + (rows - 1) for the
    # upper (TTRI.hpp:54-55).
    if rows and diagonal + rows - (1 if upper else 0) > _INT_MAX:
        raise failure("int_overflow", operand="diagonal", what="valid rows", value=diagonal,
                      extent=rows)
    r = np.arange(rows, dtype=np.int64)[:, np.newaxis]
    c = np.arange(cols, dtype=np.int64)[np.newaxis, :]
    ones = c >= r + diagonal if upper else c <= r + diagonal
    dst.write(0, 0, ones.astype(dst.spec.dtype))
