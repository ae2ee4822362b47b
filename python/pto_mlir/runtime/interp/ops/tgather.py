"""pto.tgather (docs/ops/tgather.md), the index and mask forms, as pto-isa's
simulator gathers (include/pto/cpu/TGather.hpp of pto-isa 3186c381).

Index form: dst[r, c] for each cell of dst's valid region is src's element
at the flat row-major position indices[r, c] of its whole rows x cols, or 0
when the index is outside them (TGather.hpp:97-113).

Mask form: the columns of each valid row of src the pattern keeps, row
after row, written one after another into dst's storage from its first
element on, as bits (TGather.hpp:128-141).

The compare form (PTOAS's) is read and verified only: the simulator has no
compare form to run it as.
"""
import numpy as np

from ....dialects import pto
from ...errors import OpFailure
from ..registry import tile_op

# MaskSelect (TGather.hpp:37-59): the pattern keeps column c when
# c % step == phase.
_STRIDES = {"P0101": (2, 0), "P1010": (2, 1), "P0001": (4, 0), "P0010": (4, 1),
            "P0100": (4, 2), "P1000": (4, 3), "P1111": (1, 0)}


def _index_form(src, indices, dst):
    vr, vc = dst.valid
    raw = indices.read(0, 0, vr, vc).astype(np.int64)
    # IndexInBounds (TGather.hpp:72-81): 0 <= raw < src rows * cols.
    inside = (raw >= 0) & (raw < src.spec.rows * src.spec.cols)
    flat = np.where(inside, raw, 0)
    values = src.logical()[flat // src.spec.cols, flat % src.spec.cols]
    dst.write(0, 0, np.where(inside, values, np.zeros((), dst.spec.dtype)))


def _mask_form(src, dst, pattern):
    step, phase = _STRIDES[pattern]
    vr, vc = src.valid
    kept = src.read(0, 0, vr, vc)[:, phase::step].reshape(-1)
    # dst[didx++] from dst's element (0, 0), the first of its storage
    # (TGather.hpp:131-138), whatever its boxes.
    dst.storage.bytes.view(dst.spec.dtype)[:kept.size] = kept.view(dst.spec.dtype)


@tile_op(pto.TGatherOp)
def tgather(call, dsts):
    op = call.op
    if op.maskPattern is not None:
        _mask_form(call.value(op.src), dsts[0], str(op.maskPattern.value))
        return
    if len(dsts) == 2:
        raise OpFailure("in the compare form is not supported by the interpreter: "
                        "pto-isa's CPU simulator has no compare form to define it")
    _index_form(call.value(op.src), call.value(op.src1), dsts[0])
