"""Elementwise tile ops: pto.tor (docs/ops/tor.md)."""
import numpy as np

from ....dialects import pto
from ...failures import failure
from ..registry import tile_op


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


@tile_op(pto.TOrOp, result_valid=lambda call: [call.value(call.op.src0).valid])
def tor(call, dsts):
    """dst = src0 | src1 over dst's valid region."""
    src0, src1 = call.value(call.op.src0), call.value(call.op.src1)
    dst, = dsts
    same_valid(["src0", "src1", "dst"], [src0, src1, dst])
    dst.store_elementwise(np.bitwise_or, src0, src1)
