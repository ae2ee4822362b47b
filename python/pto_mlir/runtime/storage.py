"""Where element (r, c) of a tile sits in its storage (in elements).

The storage order of every layout (ND, DN and the boxed NZ, Zn, Zz) is the
dialect's (``pto/TileStorage.h``, read through ``pto.storage_order``): per
tile type, a box shape and four strides. Here they become the offsets of
every element, computed with numpy.

The runtime reads and writes tiles only through these offsets, so views that
reinterpret storage (TRESHAPE) and placed tiles that share bytes see exactly
the bytes the library would.
"""
import functools

import numpy as np

from ..dialects import pto

__all__ = ["element_offsets", "storage_order", "order_offsets"]


def storage_order(tile_type):
    """``(box_rows, box_cols, box_row_stride, box_col_stride,
    in_row_stride, in_col_stride)`` of a ``!pto.tile``/``!pto.tile_buf``
    type. Raises ValueError for a layout with no storage order (col_major
    boxes holding col_major elements) and for a boxed tile that is not whole
    boxes (a partial box has no place in the box order)."""
    return pto.storage_order(tile_type)


# By tile geometry: every op call needs its tiles' tables, and a program uses
# few geometries; 256 (least recently used dropped) bounds what generated
# kernels can pile up.
@functools.lru_cache(maxsize=256)
def order_offsets(rows, cols, order):
    """The read-only ``(rows, cols)`` int64 array of storage offsets (in
    elements) of a ``rows x cols`` tile stored in ``order``."""
    box_rows, box_cols, box_row_stride, box_col_stride, in_row_stride, in_col_stride = order
    r = np.arange(rows, dtype=np.int64)[:, None]
    c = np.arange(cols, dtype=np.int64)[None, :]
    offsets = ((r // box_rows) * box_row_stride + (c // box_cols) * box_col_stride
               + (r % box_rows) * in_row_stride + (c % box_cols) * in_col_stride)
    offsets.setflags(write=False)
    return offsets


def element_offsets(tile_type):
    """A read-only ``(rows, cols)`` int64 array: the storage offset (in
    elements) of each element of a tile of ``tile_type``; raises ValueError
    as storage_order does."""
    return order_offsets(tile_type.rows, tile_type.cols, storage_order(tile_type))
