"""Where element (r, c) of a tile sits in its storage (in elements).

A tile's bytes are laid out by its layout, as the PTO library's
GetTileElementOffset does (facts read from hw-native-sys/pto-isa
``include/pto/common/pto_tile.hpp`` and ``include/pto/cpu/tile_offsets.hpp``):
- no box (slayout none_box): ND (row_major) is row-major, DN (col_major)
  column-major;
- boxed: the tile is cut into fractal boxes of ``inner_rows x inner_cols``;
  blayout orders the boxes, slayout orders the elements inside a box. NZ
  (col_major boxes, row_major inside) is the common one.

The runtime reads and writes tiles only through these offsets, so views that
reinterpret storage (TRESHAPE) and placed tiles that share bytes see exactly
the bytes the library would.
"""
import functools

import numpy as np

__all__ = ["element_offsets", "box_shape"]

_BLOCK_BYTES = 32       # a box row (NZ) or column (Zn) is one 32-byte block
_BOX_EDGE = 16          # the fixed edge of a 512-byte box, and of both edges at 1024
_ACC_FRACTAL = 1024     # acc tiles: 16x16 boxes whatever the element size
_MX_FRACTAL = 32        # MX scaling tiles: 16x2 boxes


def box_shape(slayout, fractal, itemsize):
    """(inner_rows, inner_cols) of one box."""
    if fractal == _ACC_FRACTAL:
        return _BOX_EDGE, _BOX_EDGE
    if fractal == _MX_FRACTAL:
        return _BOX_EDGE, 2
    if slayout == "row_major":
        return _BOX_EDGE, _BLOCK_BYTES // itemsize
    return _BLOCK_BYTES // itemsize, _BOX_EDGE


# By tile geometry: every op call needs its tiles' tables, and a program uses
# few geometries; 256 (least recently used dropped) bounds what generated
# kernels can pile up.
@functools.lru_cache(maxsize=256)
def element_offsets(rows, cols, blayout, slayout, fractal, itemsize):
    """A read-only ``(rows, cols)`` int64 array: the storage offset (in
    elements) of each element. Raises ValueError for a layout the library
    does not define (col_major boxes holding col_major elements) and for a
    boxed tile that is not whole boxes (a partial box has no place in the
    box order: its elements would land past the tile's storage)."""
    r = np.arange(rows, dtype=np.int64)[:, None]
    c = np.arange(cols, dtype=np.int64)[None, :]
    if slayout == "none_box":
        offsets = r * cols + c if blayout == "row_major" else c * rows + r
    else:
        ir, ic = box_shape(slayout, fractal, itemsize)
        if rows % ir or cols % ic:
            raise ValueError(f"a boxed {rows}x{cols} tile is not whole {ir}x{ic} boxes")
        box_r, in_r, box_c, in_c = r // ir, r % ir, c // ic, c % ic
        if blayout == "col_major" and slayout == "row_major":      # NZ
            offsets = box_c * rows * ic + box_r * ir * ic + in_r * ic + in_c
        elif blayout == "row_major" and slayout == "col_major":    # Zn
            offsets = box_r * cols * ir + box_c * ir * ic + in_c * ir + in_r
        elif blayout == "row_major" and slayout == "row_major":    # Zz
            offsets = box_r * cols * ir + box_c * ir * ic + in_r * ic + in_c
        else:
            raise ValueError(f"layout blayout={blayout}, slayout={slayout} has no storage order")
    offsets = np.ascontiguousarray(np.broadcast_to(offsets, (rows, cols)))
    offsets.setflags(write=False)
    return offsets
