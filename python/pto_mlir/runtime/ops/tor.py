"""Elementwise tile ops: pto.tor (docs/ops/tor.md)."""
from ...dialects import pto
from ..failures import failure
from ..registry import tile_op


def same_valid(names, tiles):
    """Raises unless every tile has the valid shape of the first, checked in
    order (a verifier checks the static extents; dynamic ones are checked
    here)."""
    ref_name, ref = names[0], tiles[0]
    for name, tile in zip(names[1:], tiles[1:]):
        if tile.valid != ref.valid:
            raise failure("valid_shape_mismatch", tile=name, ref=ref_name,
                          rows=tile.valid[0], cols=tile.valid[1],
                          ref_rows=ref.valid[0], ref_cols=ref.valid[1])


@tile_op(pto.TOrOp, result_valid=lambda call, ins: [ins[0].valid])
def tor(call, ins, dsts):
    """dst = src0 | src1 over dst's valid region."""
    (src0, src1), (dst,) = ins, dsts
    same_valid(["src0", "src1", "dst"], [src0, src1, dst])
    dst.write(0, 0, src0.read() | src1.read())
