"""pto.tinsert and pto.textract (docs/ops/tinsert.md, docs/ops/textract.md).

TINSERT writes ``dst[ir+r, ic+c] = conv(src[r,c])`` over src's valid
region; TEXTRACT writes ``dst[r,c] = conv(src[ir+r, ic+c])`` over dst's.
The window must lie inside the other tile's valid region (the simulator's
check, the stricter one); a broken bound raises, nothing is written.
The acc_to_vec and split modes place data differently on the device but
move the same values, so the host ignores them.

Operands: src, index_row, index_col and optionally quant, a scalar quant
word (i64/ui64) or a 1xN ui64 ``fp`` tile (vector quant; column c of
the source uses ``fp[0, c]``). Level 1 TINSERT may name an existing tile
(``into``) whose copy it writes; without it the result is zero outside the
window.
"""
from ....dialects import pto
from ...failures import failure
from ...values import TileValue
from ..registry import fresh_destination, tile_op
from .tinsert_conversion import plain, quantize


def _indices(index_row, index_col):
    for name, value in (("index_row", index_row), ("index_col", index_col)):
        if not 0 <= value <= pto.TILE_INDEX_LIMIT:
            raise failure("index_out_of_range", operand=name, value=value,
                          limit=pto.TILE_INDEX_LIMIT)
    return int(index_row), int(index_col)


def _check_window(ir, ic, rows, cols, tile_name, tile):
    vr, vc = tile.valid
    if ir + rows > vr or ic + cols > vc:
        raise failure("window_exceeds_valid_shape", tile=tile_name, row=ir, row_end=ir + rows,
                      col=ic, col_end=ic + cols, rows=vr, cols=vc)


def _convert(call, values, first_column, src, dst):
    relu = call.op.relu
    quant = None if call.op.quant is None else call.value(call.op.quant)
    if quant is None:
        return plain(values, dst.spec.dtype, relu)
    if isinstance(quant, TileValue):
        needed = first_column + values.shape[1]
        if needed > quant.valid[1]:
            raise failure("fp_columns_too_few", tile="fp", cols=quant.valid[1],
                          first=first_column, last=needed - 1)
        words, vector = quant.read(0, first_column, 1, values.shape[1]), True
    else:
        words, vector = quant & 0xFFFFFFFFFFFFFFFF, False
    return quantize(values, dst.spec.dtype, words, vector=vector,
                    elements=(src.spec.element, dst.spec.element),
                    saturate=call.op.saturate, relu=relu)


def _into_or_fresh(call):
    """Level 1 TINSERT: a copy of ``into`` when given, else a zero tile."""
    if call.op.into is None:
        return [fresh_destination(call, 0)]
    return [call.value(call.op.into).copy()]


def _window(call):
    """(src, index_row, index_col) of a TINSERT or TEXTRACT."""
    op = call.op
    return (call.value(op.src),
            *_indices(call.value(op.index_row), call.value(op.index_col)))


@tile_op(pto.TInsertOp, destinations=_into_or_fresh)
def tinsert(call, dsts):
    src, ir, ic = _window(call)
    dst, = dsts
    vr, vc = src.valid
    _check_window(ir, ic, vr, vc, "dst", dst)
    values = _convert(call, src.read(), 0, src, dst)
    dst.write(ir, ic, values)


@tile_op(pto.TExtractOp)
def textract(call, dsts):
    src, ir, ic = _window(call)
    dst, = dsts
    vr, vc = dst.valid
    _check_window(ir, ic, vr, vc, "src", src)
    values = _convert(call, src.read(ir, ic, vr, vc), ic, src, dst)
    dst.write(0, 0, values)
