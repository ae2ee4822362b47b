"""Checks of operands that several ops' handlers make at run time: equal
valid shapes, and what an element op asks of its last operand
(element_ops.LAST_OPERAND_CHECKS)."""
import numpy as np

from ...failures import failure
from ...values import TileValue


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


def check_last_operand(check, name, value, region=None):
    """Raises the failure of ``check`` at the first element of ``value`` (a
    TileValue, in row-major order; of ``region``, the array of its elements
    the op reads, if given, else its valid region) or at the scalar
    ``value`` that breaks it."""
    if isinstance(value, TileValue):
        bad = np.argwhere(_breaks(check, value.read() if region is None else region))
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
