"""pto.tcmp and pto.tcmps, the compares into a packed mask (docs/ops/tcmp.md,
docs/ops/tcmps.md), as pto-isa's CPU simulator writes it: dst cleared, then
TCMP's bit c % B of word (r, c / B) for the cells of src0's valid region
whose word lies in dst's valid columns, B the bits of dst's element
(include/pto/cpu/TCmp.h:41-77); TCMPS's bytes of ``cols / 8`` compares per
row of src's static shape (0 outside its valid region), one stream over
dst's valid region row by row (include/pto/cpu/TCmps.hpp:54-93), its eq and
ne within 1e-9 in double (:22-49)."""
import numpy as np

from ....dialects import pto
from ...failures import failure
from ..registry import tile_op
from .elementwise import scalar_of
from .operand_checks import same_valid

_IN_TYPE = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
            "gt": np.greater, "ge": np.greater_equal}


def _same_rows(src_name, src, dst):
    """tcmp_c6, tcmps_c6 at run time: dst has the source's valid rows."""
    if dst.valid[0] != src.valid[0]:
        raise failure("valid_rows_mismatch", tile="dst", ref=src_name, rows=dst.valid[0],
                      ref_rows=src.valid[0])


def _pack(bits, width, dtype):
    """The rows of booleans ``bits`` (columns a multiple of ``width``) as
    words of ``width`` bits, column j at bit j % width, in ``dtype``."""
    rows, cols = bits.shape
    weights = np.left_shift(np.uint64(1), np.arange(width, dtype=np.uint64))
    words = (bits.reshape(rows, cols // width, width).astype(np.uint64) * weights).sum(axis=2)
    return words.astype(dtype)


@tile_op(pto.TCmpOp)
def tcmp(call, dsts):
    (dst,) = dsts
    src0, src1 = call.value(call.op.src0), call.value(call.op.src1)
    same_valid(["src0", "src1"], [src0, src1])
    _same_rows("src0", src0, dst)
    rows, cols = src0.valid
    width = dst.spec.dtype.itemsize * 8
    words = min(-(-cols // width), dst.valid[1])
    bits = np.zeros((rows, words * width), bool)
    kept = min(cols, words * width)
    bits[:, :kept] = _IN_TYPE[str(call.op.cmpMode.value)](
        src0.read(0, 0, rows, kept), src1.read(0, 0, rows, kept))
    dst.write(0, 0, np.zeros(dst.spec.shape, dst.spec.dtype))
    dst.write(0, 0, _pack(bits, width, dst.spec.dtype))


def _scalar_compare(mode, values, scalar):
    """TCMPS's CmpCall (cpu/TCmps.hpp:22-49): eq ``|a - b| < 1e-9`` and ne
    ``a or b NaN, or |a - b| > 1e-9`` of the doubles, the others in the
    element type."""
    if mode not in ("eq", "ne"):
        return _IN_TYPE[mode](values, scalar)
    with np.errstate(invalid="ignore"):
        diff = np.abs(values.astype(np.float64) - np.float64(scalar))
        if mode == "eq":
            return diff < 1e-9
        return np.isnan(values.astype(np.float64)) | np.isnan(np.float64(scalar)) | (diff > 1e-9)


@tile_op(pto.TCmpSOp)
def tcmps(call, dsts):
    (dst,) = dsts
    src = call.value(call.op.src)
    _same_rows("src", src, dst)
    rows, cols = src.valid
    # The compares over src's whole static shape, 0 outside its valid region.
    golden = np.zeros(src.spec.shape, bool)
    scalar = scalar_of(call.value(call.op.scalar), src.spec.dtype)
    golden[:rows, :cols] = _scalar_compare(str(call.op.cmpMode.value), src.read(), scalar)
    row_bytes = src.spec.cols // 8
    stream = _pack(golden[:, :row_bytes * 8], 8, dst.spec.dtype).reshape(-1)
    dst_rows, dst_cols = dst.valid
    cells = np.zeros(dst_rows * dst_cols, dst.spec.dtype)
    n = min(len(stream), len(cells))
    cells[:n] = stream[:n]
    dst.write(0, 0, np.zeros(dst.spec.shape, dst.spec.dtype))
    dst.write(0, 0, cells.reshape(dst_rows, dst_cols))
