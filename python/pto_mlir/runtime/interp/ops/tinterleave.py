"""pto.tinterleave and pto.tdeinterleave (docs/ops/tinterleave.md, docs/ops/tdeinterleave.md)."""
import numpy as np

from ....dialects import pto
from ...failures import failure
from ..registry import tile_op
from .elementwise import same_valid


def _even_columns(name, tile):
    if tile.valid[1] % 2:
        raise failure("odd_valid_cols", tile=name, cols=tile.valid[1])


@tile_op(pto.TInterleaveOp,
         result_valid=lambda call: [call.value(call.op.src0).valid] * 2)
def tinterleave(call, dsts):
    """Each row of src0 and src1 is interleaved into a stream of 2*vc
    elements; dst0 gets its first half, dst1 its second."""
    src0, src1 = call.value(call.op.src0), call.value(call.op.src1)
    dst0, dst1 = dsts
    same_valid(["src0", "src1", "dst0", "dst1"], [src0, src1, dst0, dst1])
    _even_columns("dst0", dst0)
    vr, vc = dst0.valid
    stream = np.empty((vr, 2 * vc), dtype=dst0.spec.dtype)
    stream[:, 0::2] = src0.read()
    stream[:, 1::2] = src1.read()
    dst0.write(0, 0, stream[:, :vc])
    dst1.write(0, 0, stream[:, vc:])


def _deinterleave_valid(call):
    vr, vc = call.value(call.op.src0).valid
    if call.op.src1 is not None:
        return [(vr, vc)] * 2
    return [(vr, vc // 2)] * 2


@tile_op(pto.TDeinterleaveOp, result_valid=_deinterleave_valid)
def tdeinterleave(call, dsts):
    """Two sources: the exact inverse of tinterleave (the stream src0 ++ src1
    split into its even and odd elements). One source (src0, called src):
    dst0 takes the even columns, dst1 the odd ones, src valid cols / 2 each."""
    dst0, dst1 = dsts
    if call.op.src1 is not None:
        src0, src1 = call.value(call.op.src0), call.value(call.op.src1)
        same_valid(["src0", "src1", "dst0", "dst1"], [src0, src1, dst0, dst1])
        _even_columns("dst0", dst0)
        stream = np.concatenate([src0.read(), src1.read()], axis=1)
    else:
        src = call.value(call.op.src0)
        same_valid(["dst0", "dst1"], [dst0, dst1])
        vr, vc = dst0.valid
        if src.valid != (vr, 2 * vc):
            raise failure("deinterleave_source_shape", tile="src", ref="dst0",
                          rows=src.valid[0], cols=src.valid[1], want_rows=vr,
                          want_cols=2 * vc)
        # src has twice dst's columns, so an even number; each dst may take
        # an odd number (pto-isa 3186c381, TDEINTERLEAVE's single source).
        stream = src.read()
    dst0.write(0, 0, stream[:, 0::2])
    dst1.write(0, 0, stream[:, 1::2])
