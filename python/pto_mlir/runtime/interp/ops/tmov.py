"""pto.tmov: vec -> vec, mat -> left, mat -> right, acc -> vec
(docs/ops/tmov.md); the cells move, each tile's storage order places them.
acc -> vec converts f32 to f16 or bf16 as the simulator's C++ conversion
does (include/pto/cpu/TMov.hpp:30): to nearest, ties to even."""
import numpy as np

from ....dialects import pto
from ..registry import tile_op
from .elementwise import same_valid


@tile_op(pto.TMovOp, result_valid=lambda call: [call.value(call.op.src).valid])
def tmov(call, dsts):
    """dst = src over dst's valid region, in dst's element type."""
    src, (dst,) = call.value(call.op.src), dsts
    same_valid(["src", "dst"], [src, dst])
    with np.errstate(over="ignore"):   # f32 -> f16 beyond its range: inf
        dst.write(0, 0, src.read().astype(dst.spec.dtype, copy=False))
