"""pto.tmov: vec -> vec, mat -> left, mat -> right (docs/ops/tmov.md); the
cells move, each tile's storage order places them."""
from ....dialects import pto
from ..registry import tile_op
from .elementwise import same_valid


@tile_op(pto.TMovOp, result_valid=lambda call: [call.value(call.op.src).valid])
def tmov(call, dsts):
    """dst = src over dst's valid region."""
    src, (dst,) = call.value(call.op.src), dsts
    same_valid(["src", "dst"], [src, dst])
    dst.write(0, 0, src.read())
