"""The op families (pto_mlir.families): one handler per family, registered
for each of its ops; the scalar computation from element_ops.ELEMENT_OPS
(docs/ops/elementwise.md)."""
import numpy as np

from ....dialects._pto_families import op_class
from ....families import FAMILY_OPS
from ...failures import failure
from ..registry import tile_op
from .element_ops import DIVIDES_BY_LAST_OPERAND, ELEMENT_OPS


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


def _binary_elementwise(compute, _divides):
    def run(call, dsts):
        """dst = compute(src0, src1) over dst's valid region."""
        src0, src1 = call.value(call.op.src0), call.value(call.op.src1)
        dst, = dsts
        same_valid(["src0", "src1", "dst"], [src0, src1, dst])
        # Overflow to inf and NaN operands are results, as on the simulator.
        with np.errstate(all="ignore"):
            dst.store_elementwise(compute, src0, src1)
    return run


def nonzero(name, values):
    """Raises division_by_zero at the first zero (or -0) of ``values`` in
    row-major order (the simulator asserts a divisor is not zero)."""
    zeros = np.argwhere(values == 0)
    if len(zeros):
        row, col = (int(k) for k in zeros[0])
        raise failure("division_by_zero", tile=name, row=row, col=col)


def _unary_elementwise(compute, divides):
    def run(call, dsts):
        """dst = compute(src) over dst's valid region."""
        src = call.value(call.op.src)
        dst, = dsts
        same_valid(["src", "dst"], [src, dst])
        values = src.read()
        if divides:
            nonzero("src", values)
        # Overflow to inf and NaN operands are results, as on the simulator.
        with np.errstate(all="ignore"):
            dst.write(0, 0, compute(values))
    return run


def _src_valid(call):
    """A result is valid where src is (rule c4)."""
    return [call.value(call.op.src).valid]


def _src0_valid(call):
    """A result is valid where src0 is (rule c4 makes the sources agree)."""
    return [call.value(call.op.src0).valid]


# One handler maker per family, and the valid shape of its results.
_FAMILIES = {"binary_elementwise": (_binary_elementwise, _src0_valid),
             "unary_elementwise": (_unary_elementwise, _src_valid)}

for _row in FAMILY_OPS:
    _make, _result_valid = _FAMILIES[_row.family]
    tile_op(op_class(_row), result_valid=_result_valid)(
        _make(ELEMENT_OPS[_row.element_op], _row.element_op in DIVIDES_BY_LAST_OPERAND))
