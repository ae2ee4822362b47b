"""Runtime values of global memory: the caller's arrays and views of them.

A ``!pto.ptr<T>`` argument is a numpy array the caller passes, C-contiguous,
of T's dtype and any shape: the kernel sees its elements in memory order
(the pointer is to the first). ``GlobalArray`` holds them, as a copy when
the kernel may write them (``pto.tstore``), which ``Binding.write_back``
copies into the caller's array after a successful run.

A tensor view (``pto.make_tensor_view``) and a window of one
(``pto.partition_view``) are both a ``GlobalView``: element offset of the
first element, extents, strides in elements and the tensor's ``layout``
(None when it names none). ``tile_offsets`` maps a view onto a tile's rows
and columns as pto-isa does (docs/semantics.md#tload).
"""
import math

import numpy as np

from .._mlir_libs import _pto
from ..dialects import pto
from .dtypes import numpy_dtype
from .failures import failure

__all__ = ["GlobalArray", "GlobalView", "is_pointer_type", "pointer_dtype", "tile_offsets",
           "pointer_elements"]

# pto-isa's GlobalTensor rank (the dialect's view_c1).
_GLOBAL_RANK = _pto.GLOBAL_RANK
# The window-to-tile mapping, the dialect's (GlobalMemory.h, getWindowTileDims).
_TILE_DIMS = {layout: _pto.window_tile_dims(layout) for layout in ("nd", "dn")}

# The largest element offset, extent or window end: the compiled kernel
# computes them in int64 (global_index_overflow beyond).
_INDEX_MAX = (1 << 63) - 1


def _check_index(value, quantity):
    if value > _INDEX_MAX:
        raise failure("global_index_overflow", quantity=quantity)


def is_pointer_type(t):
    return pto.PtrType.isinstance(t)


def pointer_dtype(t):
    """The numpy dtype of a ``!pto.ptr``'s elements, or None."""
    return numpy_dtype(pto.PtrType(t).element_type)


class GlobalArray:
    """The elements a ``!pto.ptr`` argument points to (a flat array) and the
    caller's shape, for handing them back."""

    __slots__ = ("elements", "shape")

    def __init__(self, elements, shape):
        self.elements = elements
        self.shape = shape

    @classmethod
    def of(cls, array, written):
        """The caller's C-contiguous ``array``: a copy when the kernel may
        write it, else a read-only view."""
        flat = array.reshape(-1)
        if written:
            flat = flat.copy()
        else:
            flat = flat.view(np.ndarray)
            flat.setflags(write=False)
        return cls(flat, array.shape)

    def logical(self):
        """The elements in the caller's shape (for Binding.write_back)."""
        return self.elements.reshape(self.shape)


class GlobalView:
    """A tensor or a window of one over a GlobalArray."""

    __slots__ = ("array", "offset", "shape", "strides", "layout")

    def __init__(self, array, offset, shape, strides, layout):
        self.array = array
        self.offset = offset
        self.shape = tuple(shape)
        self.strides = tuple(strides)
        self.layout = layout


def check_extents(view_name, extents, stated):
    """Each extent is positive and, where the type states it, the stated one."""
    for dim, (extent, want) in enumerate(zip(extents, stated)):
        if extent <= 0:
            raise failure("global_extent_not_positive", view=view_name, dim=str(dim),
                          value=extent)
        if want is not None and extent != want:
            raise failure("global_extent_differs_from_type", view=view_name, dim=str(dim),
                          value=extent, stated=want)


def make_tensor(array, shape, strides, stated, layout):
    """The tensor ``pto.make_tensor_view`` describes, checked against the
    array (every element it reaches lies inside)."""
    check_extents("the tensor", shape, stated)
    for dim, stride in enumerate(strides):
        if stride < 0:
            raise failure("global_stride_negative", dim=str(dim), value=stride)
    last = sum((extent - 1) * stride for extent, stride in zip(shape, strides))
    _check_index(last, "the offset of the tensor's last element")
    size = array.elements.size
    if last >= size:
        raise failure("tensor_exceeds_array", last=last, size=size)
    return GlobalView(array, 0, shape, strides, layout)


def make_window(tensor, offsets, sizes, stated):
    """The window ``pto.partition_view`` takes, checked to lie inside."""
    check_extents("the window", sizes, stated)
    for dim, (offset, size, extent) in enumerate(zip(offsets, sizes, tensor.shape)):
        _check_index(offset + size, f"the end of dimension {dim} of the window (offset + size)")
        if offset < 0 or offset + size > extent:
            raise failure("window_exceeds_tensor", dim=str(dim), offset=offset,
                          end=offset + size, extent=extent)
    start = tensor.offset + sum(o * s for o, s in zip(offsets, tensor.strides))
    return GlobalView(tensor.array, start, sizes, tensor.strides, tensor.layout)


def window_layout(window, spec):
    """The layout a transfer between ``window`` and a tile of ``spec`` uses:
    the tensor's, else the tile's (ND when row-major, DN when column-major;
    a boxed tile's boxes decide: NZ loads ND, ZN loads DN, GlobalMemoryOps.cpp
    getTileWindowLayout)."""
    if window.layout is not None:
        return window.layout
    boxed = spec.slayout != "none_box"
    major = spec.slayout if boxed else spec.blayout
    return "nd" if major == "row_major" else "dn"


def _padded(values, fill):
    return (fill,) * (_GLOBAL_RANK - len(values)) + tuple(values)


def window_tile_shape(window, layout):
    """The (rows, cols) ``window`` covers in a tile (GlobalMemory.h,
    getWindowTileShape); failure when the product of extents exceeds int64,
    as the compiled kernel's does."""
    s = _padded(window.shape, 1)
    rows, cols = (math.prod(s[d] for d in dims) for dims in _TILE_DIMS[layout])
    _check_index(rows, "the rows the window covers")
    _check_index(cols, "the columns the window covers")
    return rows, cols


def tile_offsets(window, layout, tile_name, valid):
    """The element offset of each cell of a tile's valid region in the
    window's array, a ``valid``-shaped array (pto-isa's
    MapTileIndicesToGlobalOffset); failure unless the window covers
    exactly the valid region."""
    rows, cols = window_tile_shape(window, layout)
    if (rows, cols) != tuple(valid):
        raise failure("window_tile_mismatch", tile=tile_name, rows=rows, cols=cols,
                      valid_rows=valid[0], valid_cols=valid[1])
    shape = _padded(window.shape, 1)
    strides = np.array(_padded(window.strides, 0), dtype=np.int64)
    index = [None] * _GLOBAL_RANK
    row_dims, col_dims = _TILE_DIMS[layout]
    # A row (a column) index walks its dimensions, the last listed fastest.
    for outer, dims in ((np.arange(rows, dtype=np.int64)[:, None], row_dims),
                        (np.arange(cols, dtype=np.int64)[None, :], col_dims)):
        for dim in reversed(dims[1:]):
            index[dim], outer = outer % shape[dim], outer // shape[dim]
        index[dims[0]] = outer
    return window.offset + sum(i * s for i, s in zip(index, strides))


def pad_value(spec):
    """The value tload fills a tile with outside what it loads (its ``pad``,
    docs/semantics.md#tload): 0 for null and zero; for max the largest value
    (+inf where the type has it), for min the smallest (-inf where it has it)."""
    dtype = spec.dtype
    if spec.pad in ("null", "zero"):
        return dtype.type(0)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
    else:
        info = _float_info(dtype)
        if info is None:
            return dtype.type(np.inf if spec.pad == "max" else -np.inf)
    return dtype.type(info.max if spec.pad == "max" else info.min)


def _float_info(dtype):
    """finfo of a float dtype without infinities, None for one with them."""
    if dtype.kind == "f":   # numpy's own; ml_dtypes' are imported only for theirs
        info = np.finfo(dtype)
    else:
        import ml_dtypes
        info = ml_dtypes.finfo(dtype)
    with np.errstate(over="ignore"):
        has_inf = np.isinf(np.array(np.inf, dtype=np.float32).astype(dtype))
    return None if has_inf else info


def _constant_index(value):
    """The int an ``arith.constant`` value holds, or None."""
    from .. import ir
    from ..dialects import arith
    owner = value.owner
    if isinstance(owner, ir.Block) or not isinstance(owner.opview, arith.ConstantOp):
        return None
    return ir.IntegerAttr(owner.opview.value).value


def pointer_elements(function, position):
    """How many elements argument ``position`` (a ``!pto.ptr``) of
    ``function`` must have for every tensor the function makes of it with
    constant extents and strides; None when it makes none, or one whose
    extents are not constants (the caller must then choose the array)."""
    argument = function.regions[0].blocks[0].arguments[position]
    needed = None
    for block in function.regions[0].blocks:
        for op in block.operations:
            if not isinstance(op, pto.MakeTensorViewOp) or op.ptr != argument:
                continue
            extents = [_constant_index(v) for v in op.shape]
            strides = [_constant_index(v) for v in op.strides]
            if None in extents or None in strides:
                return None
            reach = sum((e - 1) * s for e, s in zip(extents, strides)) + 1
            needed = reach if needed is None else max(needed, reach)
    return needed
