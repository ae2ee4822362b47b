"""The op families (pto_mlir.families): one handler for the elementwise
families, registered for each of their ops, and the row reductions'
and the column reductions' and their arg forms' (row_reduce.py) and the
expands' (expand.py); the scalar computation from
element_ops.ELEMENT_OPS (docs/ops/binary_elementwise.md,
unary_elementwise.md, tile_scalar.md, ternary_elementwise.md, row_reduce.md,
col_reduce.md, row_arg_reduce.md, col_arg_reduce.md,
row_expand.md, col_expand.md, part.md)."""
import numpy as np

from ....dialects._pto_families import element_ins_of, op_class
from ....families import FAMILY_OPS
from ...values import TileValue
from ..registry import tile_op
from .element_ops import ELEMENT_OPS, LAST_OPERAND_CHECKS
from .expand import expand, expand_valid
from .operand_checks import check_last_operand, same_valid
from .part import part, part_valid
from .row_reduce import (
    col_arg_reduce,
    col_reduce,
    col_reduce_valid,
    row_arg_reduce,
    row_reduce,
    row_reduce_valid,
)


def _elementwise(row):
    """The handler of elementwise op ``row``: dst = its element op of its
    ins over dst's valid region, a tile in read element by element, a
    scalar one the same for every element; what the element op asks of its
    last in (LAST_OPERAND_CHECKS) is checked first; a scratch tmp is not
    read."""
    names = element_ins_of(row)
    compute = ELEMENT_OPS[row.element_op]
    check = LAST_OPERAND_CHECKS.get((row.family, row.element_op))

    def run(call, dsts):
        ins = [call.value(getattr(call.op, name)) for name in names]
        dst, = dsts
        dtype = dst.spec.dtype
        operands = [v if isinstance(v, TileValue) else scalar_of(v, dtype) for v in ins]
        tiles = [(name, v) for name, v in zip(names, operands) if isinstance(v, TileValue)]
        same_valid([name for name, _ in tiles] + ["dst"], [v for _, v in tiles] + [dst])
        if check:
            check_last_operand(check, names[-1], operands[-1])
        # Overflow to inf and NaN operands are results, as on the simulator.
        with np.errstate(all="ignore"):
            dst.store_elementwise(compute, *operands)
    return run


def scalar_of(value, dtype):
    """A scalar operand as a numpy scalar of the element dtype: integers
    (held signed, runtime/scalars.py) reinterpreted in the tile's
    signedness, floats already of it (rule c2)."""
    if isinstance(value, (bool, int)):
        return np.array(value).astype(np.int64).astype(dtype)[()]
    return dtype.type(value)


def _first_tile_valid(row):
    """A result is valid where the first tile in is (rule c4 makes the tiles
    agree; an op without a tile in has a static result, texpands_c5)."""
    names = element_ins_of(row)

    def result_valid(call):
        for name in names:
            value = call.value(getattr(call.op, name))
            if isinstance(value, TileValue):
                return [value.valid]
        return None
    return result_valid


# One handler maker per family, and the valid shape of its results, each
# made for the op's row.
_FAMILIES = {"binary_elementwise": (_elementwise, _first_tile_valid),
             "unary_elementwise": (_elementwise, _first_tile_valid),
             "tile_scalar": (_elementwise, _first_tile_valid),
             "ternary_elementwise": (_elementwise, _first_tile_valid),
             "row_reduce": (row_reduce, lambda _row: row_reduce_valid),
             "col_reduce": (col_reduce, lambda _row: col_reduce_valid),
             "row_arg_reduce": (row_arg_reduce, lambda _row: row_reduce_valid),
             "col_arg_reduce": (col_arg_reduce, lambda _row: col_reduce_valid),
             "row_expand": (expand, expand_valid),
             "col_expand": (expand, expand_valid),
             "part": (part, part_valid)}

for _row in FAMILY_OPS:
    _make, _result_valid = _FAMILIES[_row.family]
    tile_op(op_class(_row), result_valid=_result_valid(_row))(_make(_row))
