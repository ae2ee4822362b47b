"""The row-reduction family (RowReduceOps.td, docs/ops/row_reduce.md):
``dst[i, 0]`` folds row i of src with the op's element op, left to right,
as pto-isa's CPU simulator does (include/pto/cpu/TRowSum.hpp, TRowMax.hpp,
TRowMin.hpp, TRowProd.hpp); written independently of the host lowering's
(passes/lib/lowering/FamilyLowering.cpp, lowerRowReduce)."""
import numpy as np

from ...failures import failure
from .element_ops import ELEMENT_OPS

# The fold's start, where the simulator starts from a constant: `sum = 0`
# (+0, so a row of -0 sums to +0) and `prod = 1`; max and min start from
# column 0.
_STARTS = {"add": 0, "mul": 1}


def _accumulator(element_op, dtype):
    """A sum of f16 or bf16 accumulates in f32 (TypeSum,
    include/pto/cpu/tile_offsets.hpp:25); every other fold in the element
    type (TRowProd's `prod` is the destination's DType)."""
    if element_op == "add" and dtype.name in ("float16", "bfloat16"):
        return np.dtype(np.float32)
    return dtype


def fold_rows(element_op, values):
    """The fold of each row of ``values`` (rows x cols, cols > 0), one
    column at a time, in the accumulator type; returns a column of the
    element type."""
    compute = ELEMENT_OPS[element_op]
    acc_dtype = _accumulator(element_op, values.dtype)
    columns = values.astype(acc_dtype)
    if element_op in _STARTS:
        acc, rest = np.full(values.shape[0], _STARTS[element_op], acc_dtype), columns.T
    else:
        acc, rest = columns[:, 0], columns.T[1:]
    # Overflow to inf and NaN are results, as on the simulator; integers wrap.
    with np.errstate(all="ignore"):
        for column in rest:
            acc = compute(acc, column)
        return acc.astype(values.dtype).reshape(-1, 1)


def row_reduce(row):
    """The handler of row-reduction op ``row``: checks what the verifier
    leaves to run time (rules c7, then c5 and c6, in the NPU headers'
    order), then writes dst[:, 0]."""
    def run(call, dsts):
        src = call.value(call.op.src)
        dst, = dsts
        rows, cols = src.valid
        if rows == 0 or cols == 0:
            raise failure("empty_reduction", tile="src", rows=rows, cols=cols)
        if tuple(dst.valid) != (rows, 1):
            raise failure("row_reduction_shape", tile="dst", ref="src", rows=dst.valid[0],
                          cols=dst.valid[1], ref_rows=rows)
        dst.write(0, 0, fold_rows(row.element_op, src.read()))
    return run


def row_reduce_valid(call):
    """A result is valid over src's valid rows and one column."""
    return [(call.value(call.op.src).valid[0], 1)]
