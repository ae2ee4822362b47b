"""The row- and column-expand families (ExpandOps.td, docs/ops/row_expand.md,
col_expand.md):
a binary element op with one operand broadcast, as pto-isa's CPU simulator
computes it (include/pto/cpu/TRowExpandOp.hpp, TColExpandOp.hpp): a row
expand reads each operand at ``[i, j % its valid columns]``, a column
expand src0 at ``[i, j]`` and src1 at ``[0, j]``. Written independently of
the host lowering's (passes/lib/lowering/FamilyLowering.cpp,
lowerExpand)."""
import numpy as np

from ...failures import failure
from .element_ops import ELEMENT_OPS, LAST_OPERAND_CHECKS
from .operand_checks import check_last_operand, same_valid


def _row_major(value):
    return str(value.spec.blayout) == "row_major"


def _block(dtype):
    """The columns of a 32-byte block of ``dtype`` (the pages' Mode 2)."""
    return 32 // np.dtype(dtype).itemsize


def _check_row_expand(src0, src1, dst):
    """Rules c4 and c5 at run time, as the NPU headers' PTO_ASSERTs
    (a2a3/TRowExpandMul.hpp:57-70): one operand a row-major tile of dst's
    valid shape, the other (src1 when src0 is such a tile) dst's rows by 1
    if col_major, by a 32-byte block if row_major."""
    rows, cols = dst.valid
    block = _block(dst.spec.dtype)

    def expanded(value):
        return tuple(value.valid) == (rows, block if _row_major(value) else 1)

    full0, full1 = tuple(src0.valid) == (rows, cols), tuple(src1.valid) == (rows, cols)
    if ((full0 and _row_major(src0)) or (full1 and _row_major(src1))) and \
            expanded(src1 if full0 else src0):
        return
    raise failure("row_expand_shape", block=str(block), rows0=src0.valid[0],
                  cols0=src0.valid[1], rows1=src1.valid[0], cols1=src1.valid[1],
                  rows=rows, cols=cols)


def _check_col_expand(src0, src1, dst):
    """Rules c4 and c5 at run time: src0 of dst's valid shape, src1 of
    dst's valid columns with a valid row (the simulator reads its row 0)."""
    same_valid(["src0", "dst"], [src0, dst])
    rows1, cols1 = src1.valid
    if cols1 != dst.valid[1] or rows1 == 0:
        raise failure("col_expand_shape", tile="src1", ref="dst", rows=rows1, cols=cols1,
                      ref_cols=dst.valid[1])


def expand(row):
    """The handler of expand op ``row``: the run-time shape checks, a
    divisor's read elements (LAST_OPERAND_CHECKS: the simulator's OP_DIV
    asserts on each it reads), then dst over its valid region."""
    compute = ELEMENT_OPS[row.element_op]
    check = LAST_OPERAND_CHECKS.get((row.family, row.element_op))
    is_row = row.family == "row_expand"

    def run(call, dsts):
        src0, src1 = call.value(call.op.src0), call.value(call.op.src1)
        dst, = dsts
        rows, cols = dst.valid
        (_check_row_expand if is_row else _check_col_expand)(src0, src1, dst)
        a, b = src0.read(), src1.read()
        if is_row:
            # [i, j % valid columns] of each (TRowExpandOp.hpp:53).
            columns = np.arange(cols)
            x = a[:, columns % a.shape[1]] if cols else a[:, :0]
            y = b[:, columns % b.shape[1]] if cols else b[:, :0]
            read1 = b[:, :min(b.shape[1], cols)]
        else:
            x, y = a, np.broadcast_to(b[:1, :], (rows, cols))
            read1 = b[:1, :]
        if check:
            check_last_operand(check, "src1", src1, region=read1)
        # Overflow to inf and NaN operands are results, as on the simulator.
        with np.errstate(all="ignore"):
            dst.write(0, 0, compute(x, y))
    return run


def expand_valid(row):
    """A result is valid where the full operand is: src0 for a column
    expand; for a row expand as the types tell (rowExpandFullOperand,
    dialect/lib/ExpandOps.cpp): src1 when src0 is col_major, or when src0's
    static valid columns are a 32-byte block and src1's static ones are
    not; else src0."""
    def result_valid(call):
        src0, src1 = call.value(call.op.src0), call.value(call.op.src1)
        if row.family == "row_expand":
            cols0, cols1 = src0.spec.static_valid[1], src1.spec.static_valid[1]
            if not _row_major(src0) or (cols0 == _block(src0.spec.dtype)
                                        and cols1 >= 0 and cols1 != cols0):
                return [src1.valid]
        return [src0.valid]
    return result_valid
