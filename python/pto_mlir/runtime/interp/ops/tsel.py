"""pto.tsel and pto.tsels, the selects by a mask tile (docs/ops/tsel.md,
docs/ops/tsels.md), as pto-isa's CPU simulator reads the mask: TSEL as one
stream of 8 bits per mask element over dst's valid region in row-major
order, wrapping to the next mask row at the mask's valid columns
(include/pto/cpu/TSel.hpp:21-45); TSELS bit c % B of mask element
(r, c / B), B the element's bits (include/pto/cpu/TSelS.hpp:21-41)."""
import numpy as np

from ....dialects import pto
from ..registry import tile_op
from .elementwise import same_valid, scalar_of


def _bits(words, bit):
    """Bit ``bit`` of each integer of ``words``, as booleans."""
    unsigned = words.view(np.dtype(f"u{words.dtype.itemsize}"))
    return ((unsigned >> bit.astype(unsigned.dtype)) & 1).astype(bool)


@tile_op(pto.TSelOp)
def tsel(call, dsts):
    (dst,) = dsts
    mask = call.value(call.op.mask)
    src0, src1 = call.value(call.op.src0), call.value(call.op.src1)
    rows, cols = dst.valid
    mask_cols = mask.valid[1]
    k = np.arange(rows * cols).reshape(rows, cols)
    element = k // 8
    words = mask.logical()[element // mask_cols, element % mask_cols]
    picked = np.where(_bits(words, k % 8), src0.read(0, 0, rows, cols),
                      src1.read(0, 0, rows, cols))
    dst.write(0, 0, picked)


@tile_op(pto.TSelSOp)
def tsels(call, dsts):
    (dst,) = dsts
    mask, src = call.value(call.op.mask), call.value(call.op.src)
    same_valid(["src", "dst"], [src, dst])
    rows, cols = dst.valid
    bits = mask.spec.dtype.itemsize * 8
    c = np.broadcast_to(np.arange(cols), (rows, cols))
    words = mask.logical()[np.arange(rows)[:, np.newaxis], c // bits]
    scalar = scalar_of(call.value(call.op.scalar), dst.spec.dtype)
    dst.write(0, 0, np.where(_bits(words, c % bits), src.read(), scalar).astype(dst.spec.dtype))
