"""pto.tsort32 (docs/ops/tsort32.md), both forms.

Each of the first dst.vr rows of src is sorted in blocks of 32 columns (the
last block holds the remaining n = vc - j < 32 columns): values descending,
stable, equal values ordered by their idx ascending, -0.0 equal to +0.0,
NaN after every number.
"""
import numpy as np

from ....dialects import pto
from ...failures import failure
from ..registry import tile_op
from .elementwise import same_valid

BLOCK = pto.TSORT32_BLOCK
# Hardware form: one [value, (zero pad,) idx] record per element.
RECORD_BYTES = pto.TSORT32_RECORD_BYTES
IDX_OFFSET = pto.TSORT32_RECORD_INDEX_OFFSET


def _descending_order(values, ids):
    """Positions of ``values`` sorted descending, ties by ``ids`` ascending."""
    if np.issubdtype(values.dtype, np.integer):
        key = ~values.astype(np.int64)       # descending without overflow
    else:
        # -0.0 and +0.0 negate to keys that compare equal; NaN stays NaN
        # (lexsort puts it last), which is no cause for a warning.
        with np.errstate(invalid="ignore"):
            key = -values.astype(np.float64)
    return np.lexsort((ids, key))


def _sort_rows(src, ids, rows):
    """Yields (row, block start, values, ids) of each sorted block."""
    vc = src.valid[1]
    values_all, ids_all = src.read(0, 0, rows, vc), ids
    for r in range(rows):
        for j in range(0, vc, BLOCK):
            n = min(BLOCK, vc - j)
            v, i = values_all[r, j:j + n], ids_all[r, j:j + n]
            order = _descending_order(v, i)
            yield r, j, v[order], i[order]


def _check_index_shape(src, idx):
    """tsort32_c6: idx has src's valid shape, or is one row of its valid cols
    that every row uses (pto-isa 3186c381's 1 x C broadcast)."""
    (src_rows, cols), (idx_rows, idx_cols) = src.valid, idx.valid
    if idx_cols != cols or idx_rows not in (src_rows, 1):
        raise failure("sort_index_shape", tile="idx", ref="src", rows=idx_rows,
                      cols=idx_cols, ref_rows=src_rows, ref_cols=cols)


def _read_ids(idx, rows, cols):
    """The ids of the first ``rows`` rows (row 0 for each, from a 1-row idx)."""
    if idx.valid[0] == 1:
        return np.broadcast_to(idx.read(0, 0, 1, cols), (rows, cols))
    return idx.read(0, 0, rows, cols)


def _hardware_form(src, idx, dst, has_tmp):
    _check_index_shape(src, idx)
    rows = dst.valid[0]
    if rows > src.valid[0]:
        raise failure("valid_rows_exceed", tile="dst", ref="src", rows=rows,
                      ref_rows=src.valid[0])
    itemsize = dst.spec.dtype.itemsize
    slots = RECORD_BYTES // itemsize           # dst columns per record
    if slots * src.valid[1] > dst.spec.cols:
        raise failure("records_exceed_cols", tile="dst", cols=dst.spec.cols,
                      records=src.valid[1], slots=slots, needed=slots * src.valid[1])
    tail = src.valid[1] % BLOCK
    if tail and not has_tmp:
        raise failure("partial_sort_block", tile="src", cols=src.valid[1], tail=tail)
    ids = _read_ids(idx, rows, src.valid[1])
    for r, j, values, order_ids in _sort_rows(src, ids, rows):
        records = np.zeros((len(values), RECORD_BYTES), dtype=np.uint8)
        records[:, :itemsize] = values.view(np.uint8).reshape(-1, itemsize)
        records[:, IDX_OFFSET:] = order_ids.astype("<u4").view(np.uint8).reshape(-1, 4)
        dst.write(r, j * slots, records.reshape(1, -1).view(dst.spec.dtype))


def _page_form(src, dst, idx):
    same_valid(["src", "dst", "idx"], [src, dst, idx])
    rows, vc = src.valid
    columns = np.broadcast_to(np.arange(vc, dtype=np.uint32), (rows, vc))
    for r, j, values, order_ids in _sort_rows(src, columns, rows):
        dst.write(r, j, values.reshape(1, -1))
        idx.write(r, j, order_ids.reshape(1, -1))


def _result_valid(call):
    src = call.value(call.op.src)
    vr, vc = src.valid
    if call.op.idx is None:
        return [(vr, vc), (vr, vc)]
    slots = RECORD_BYTES // src.spec.dtype.itemsize
    return [(vr, slots * vc)]


@tile_op(pto.TSort32Op, result_valid=_result_valid)
def tsort32(call, dsts):
    op = call.op
    src = call.value(op.src)
    if op.idx is None:     # page form: destinations [dst, idx]
        _page_form(src, *dsts)
    else:
        dst, = dsts
        _hardware_form(src, call.value(op.idx), dst, has_tmp=op.tmp is not None)
