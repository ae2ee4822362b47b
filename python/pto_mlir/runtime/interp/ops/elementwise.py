"""The op families (pto_mlir.families): one handler for the elementwise
families, registered for each of their ops; the scalar computation from
element_ops.ELEMENT_OPS (docs/ops/binary_elementwise.md, unary_elementwise.md,
tile_scalar.md)."""
import numpy as np

from ....dialects._pto_families import ins_of, op_class
from ....families import FAMILY_OPS
from ...failures import failure
from ...values import TileValue
from ..registry import tile_op
from .element_ops import ELEMENT_OPS, LAST_OPERAND_CHECKS


def same_valid(names, tiles):
    """Raises unless every tile has the valid shape of the first, checked in
    order (a verifier checks the static extents; dynamic ones are checked
    here)."""
    ref = tiles[0].valid
    for k in range(1, len(tiles)):
        valid = tiles[k].valid
        if valid != ref:
            raise failure("valid_shape_mismatch", tile=names[k], ref=names[0],
                          rows=valid[0], cols=valid[1], ref_rows=ref[0], ref_cols=ref[1])


def _breaks(check, values):
    """Where ``values`` (a tile's valid region, or a scalar) break
    ``check`` (LAST_OPERAND_CHECKS): a divisor zero (or -0), a shift count
    outside [0, its bits)."""
    if check == "nonzero":
        return values == 0
    bits = values.dtype.itemsize * 8
    return (values < 0) | (values >= bits)


def check_last_operand(check, name, value):
    """Raises the failure of ``check`` at the first element of ``value`` (a
    TileValue, in row-major order) or at the scalar ``value`` that breaks
    it."""
    if isinstance(value, TileValue):
        bad = np.argwhere(_breaks(check, value.read()))
        if len(bad):
            row, col = (int(k) for k in bad[0])
            if check == "nonzero":
                raise failure("division_by_zero", tile=name, row=row, col=col)
            raise failure("shift_count_out_of_range", tile=name, row=row, col=col,
                          bits=value.spec.dtype.itemsize * 8)
    elif _breaks(check, value):
        if check == "nonzero":
            raise failure("scalar_division_by_zero", operand=name)
        raise failure("scalar_shift_count_out_of_range", operand=name,
                      bits=value.dtype.itemsize * 8)


def _elementwise(names, compute, check):
    """The handler of an elementwise op whose ins are ``names``: dst =
    compute(ins...) over dst's valid region, a tile in read element by
    element, a scalar one the same for every element; what the element op
    asks of its last in (``check``, LAST_OPERAND_CHECKS) is checked first."""
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


def _first_tile_valid(names):
    """A result is valid where the first tile in is (rule c4 makes the tiles
    agree; an op without a tile in has a static result, texpands_c5)."""
    def result_valid(call):
        for name in names:
            value = call.value(getattr(call.op, name))
            if isinstance(value, TileValue):
                return [value.valid]
        return None
    return result_valid


# One handler maker per family, and the valid shape of its results, each
# made for the names of the op's ins.
_FAMILIES = {"binary_elementwise": (_elementwise, _first_tile_valid),
             "unary_elementwise": (_elementwise, _first_tile_valid),
             "tile_scalar": (_elementwise, _first_tile_valid)}

for _row in FAMILY_OPS:
    _make, _result_valid = _FAMILIES[_row.family]
    _names = ins_of(_row)
    tile_op(op_class(_row), result_valid=_result_valid(_names))(
        _make(_names, ELEMENT_OPS[_row.element_op],
              LAST_OPERAND_CHECKS.get((_row.family, _row.element_op))))
