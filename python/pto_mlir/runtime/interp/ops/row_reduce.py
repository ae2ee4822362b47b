"""The reduction families (RowReduceOps.td, ColReduceOps.td, ArgReduceOps.td;
docs/ops/row_reduce.md, col_reduce.md, row_arg_reduce.md,
col_arg_reduce.md): ``dst[i, 0]`` folds row i of src, ``dst[0, j]`` column
j, with the op's element op, in order, as pto-isa's CPU simulator does
(include/pto/cpu/TRowSum.hpp, TRowMax.hpp, TRowMin.hpp, TRowProd.hpp;
TColSum.hpp, TColMax.hpp, TColMin.hpp, TColProd.hpp), or, for an arg
reduction, holds the index of the line's first greatest (least) element
(TReduceIdx.hpp); written independently of the host lowering's
(passes/lib/lowering/FamilyLowering.cpp, lowerReduce)."""
import numpy as np

from ...failures import failure
from .element_ops import ELEMENT_OPS

# The fold's start, where the simulator starts from a constant: `sum = 0`
# (+0, so a line of -0 sums to +0) and `prod = 1`; max and min start from
# element 0.
_STARTS = {"add": 0, "mul": 1}


def _accumulator(family, element_op, dtype):
    """A row sum of f16 or bf16 accumulates in f32 (TypeSum,
    include/pto/cpu/tile_offsets.hpp:25); every other fold in the element
    type (TColSum's `TileDst::DType sum`, TRowProd's `prod` is the
    destination's DType)."""
    if family == "row_reduce" and element_op == "add" \
            and dtype.name in ("float16", "bfloat16"):
        return np.dtype(np.float32)
    return dtype


def fold_rows(element_op, values, family="row_reduce"):
    """The fold of each row of ``values`` (rows x cols, cols > 0), one
    column at a time, in ``family``'s accumulator type; returns a column of
    the element type."""
    compute = ELEMENT_OPS[element_op]
    acc_dtype = _accumulator(family, element_op, values.dtype)
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


def arg_rows(element_op, values):
    """The index of each row's best element of ``values`` (rows x cols, cols
    > 0): from column 0, a later element replaces the best only when it
    compares greater (``max``) or less (``min``), as TRowReduceIdxImpl's
    ``ElementCmpCal`` (include/pto/cpu/TReduceIdx.hpp:33-40, :160-171): ties
    keep the first, NaN compares false both ways. Returns a column of
    indices (int64)."""
    best = values[:, 0].copy()
    index = np.zeros(values.shape[0], np.int64)
    for k in range(1, values.shape[1]):
        column = values[:, k]
        better = column > best if element_op == "max" else column < best
        best = np.where(better, column, best)
        index = np.where(better, k, index)
    return index.reshape(-1, 1)


def _check_nonempty(rows, cols):
    if rows == 0 or cols == 0:
        raise failure("empty_reduction", tile="src", rows=rows, cols=cols)


def row_reduce(row):
    """The handler of row-reduction op ``row``: checks what the verifier
    leaves to run time (rules c7, then c5 and c6, in the NPU headers'
    order), then writes dst[:, 0]."""
    def run(call, dsts):
        src = call.value(call.op.src)
        dst, = dsts
        rows, cols = src.valid
        _check_nonempty(rows, cols)
        if tuple(dst.valid) != (rows, 1):
            raise failure("row_reduction_shape", tile="dst", ref="src", rows=dst.valid[0],
                          cols=dst.valid[1], ref_rows=rows)
        dst.write(0, 0, fold_rows(row.element_op, src.read()))
    return run


def col_reduce(row):
    """The handler of column-reduction op ``row``: checks what the verifier
    leaves to run time (rules c5 and c6, then c7, in the NPU headers'
    order), then writes dst[0, :], each column folded top to bottom; tmp
    and isBinary are the NPU's (the simulator sums sequentially)."""
    def run(call, dsts):
        src = call.value(call.op.src)
        dst, = dsts
        rows, cols = src.valid
        if tuple(dst.valid) != (1, cols):
            raise failure("col_reduction_shape", tile="dst", ref="src", rows=dst.valid[0],
                          cols=dst.valid[1], ref_cols=cols)
        _check_nonempty(rows, cols)
        folded = fold_rows(row.element_op, src.read().T, family="col_reduce")
        dst.write(0, 0, folded.reshape(1, -1))
    return run


def row_arg_reduce(row):
    """The handler of row arg-reduction op ``row``: checks what the verifier
    leaves to run time (rules c8, then c6 and c7, as CheckRowArgTiles
    asserts them, TReduceIdx.hpp:82-83), then writes dst[:, 0]; tmp is the
    NPU's."""
    def run(call, dsts):
        src = call.value(call.op.src)
        dst, = dsts
        rows, cols = src.valid
        _check_nonempty(rows, cols)
        if tuple(dst.valid) != (rows, 1):
            raise failure("row_reduction_shape", tile="dst", ref="src", rows=dst.valid[0],
                          cols=dst.valid[1], ref_rows=rows)
        dst.write(0, 0, arg_rows(row.element_op, src.read()).astype(dst.spec.dtype))
    return run


def col_arg_reduce(row):
    """The handler of column arg-reduction op ``row``: checks what the
    verifier leaves to run time (rules c8, then c7 and c6, as
    CheckColArgTiles asserts them, TReduceIdx.hpp:68-70), then writes dst[0,
    :], each column scanned top to bottom; tmp is the NPU's."""
    def run(call, dsts):
        src = call.value(call.op.src)
        dst, = dsts
        rows, cols = src.valid
        _check_nonempty(rows, cols)
        if tuple(dst.valid) != (1, cols):
            raise failure("col_reduction_shape", tile="dst", ref="src", rows=dst.valid[0],
                          cols=dst.valid[1], ref_cols=cols)
        indices = arg_rows(row.element_op, src.read().T)
        dst.write(0, 0, indices.reshape(1, -1).astype(dst.spec.dtype))
    return run


def row_reduce_valid(call):
    """A row reduction's result is valid over src's valid rows and one
    column."""
    return [(call.value(call.op.src).valid[0], 1)]


def col_reduce_valid(call):
    """A column reduction's result is valid over one row and src's valid
    columns."""
    return [(1, call.value(call.op.src).valid[1])]
