"""pto.tfillpad, pto.tfillpad_inplace and pto.tfillpad_expand
(docs/ops/tfillpad.md), which pto-isa's CPU simulator computes alike
(include/pto/cpu/TFillPad.hpp:20-66): every cell of dst's whole tile is
src's element inside src's valid region and dst's pad value elsewhere;
nothing is written when a dst valid extent is 0 (TFillPad.hpp:85)."""
import numpy as np

from ....dialects import pto
from ...globals import pad_value
from ..registry import tile_op


def _fill_pad(call, dsts):
    src, (dst,) = call.value(call.op.src), dsts
    if 0 in dst.valid:
        return
    # Read first: in PTOAS's in-place form src is dst's buffer.
    block = src.read()
    spec = dst.spec
    dst.write(0, 0, np.full(spec.shape, pad_value(spec), dtype=spec.dtype))
    dst.write(0, 0, block)


for _op_class in (pto.TFillPadOp, pto.TFillPadInplaceOp, pto.TFillPadExpandOp):
    tile_op(_op_class)(_fill_pad)
