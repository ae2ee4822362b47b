"""Runtime values of tiles: typed views over byte storage.

A tile value is (spec, valid shape, storage):
- ``TileSpec``: the static facts of its ``!pto.tile`` / ``!pto.tile_buf``
  type (shape, element dtype, layout, location) and the storage offsets of
  its elements;
- the valid shape: concrete ``(rows, cols)`` (dynamic extents resolved);
- ``Storage``: the bytes of the whole static tile in the layout's storage
  order. Several values may share one Storage (a TRESHAPE view aliases its
  source), and placement (``pto.tassign``) rebinds it to a window of the
  simulated on-chip memory, so every value on it follows.

Level 2 buffers are written in place. Level 1 tiles are immutable: an op
writes only into fresh destinations it creates (copying first where the op
starts from an existing tile), never into an operand.
"""
from typing import Any

import numpy as np

from ..dialects import pto
from .dtypes import numpy_dtype
from .errors import OpFailure
from .failures import failure
from .storage import order_offsets, storage_order

__all__ = ["TileSpec", "Storage", "TileValue", "tile_spec", "is_tile_type"]


def is_tile_type(t):
    return pto.TileType.isinstance(t) or pto.TileBufType.isinstance(t)


class TileSpec:
    """The static facts of one tile type."""

    def __init__(self, tile_type):
        self.is_buffer = pto.TileBufType.isinstance(tile_type)
        typed = pto.TileBufType(tile_type) if self.is_buffer else pto.TileType(tile_type)
        self.text = str(tile_type)
        self.location = typed.location
        self.rows, self.cols = typed.rows, typed.cols
        self.shape = (self.rows, self.cols)
        self.element = str(typed.element_type)
        self.dtype = numpy_dtype(self.element)
        self.static_valid = tuple(typed.valid_shape)
        self.blayout, self.slayout, self.fractal = typed.blayout, typed.slayout, typed.fractal
        self.pad = typed.pad
        self.nbytes = None if self.dtype is None else self.rows * self.cols * self.dtype.itemsize
        try:
            self._order, self._storage_problem = storage_order(typed), None
        except ValueError as problem:
            self._order, self._storage_problem = None, str(problem)
        self.grid_order = self._grid_order()

    def _grid_order(self):
        """'C' when the storage holds the elements row by row (ND), 'F' when
        column by column (DN), else None (boxed layouts): then the storage,
        reshaped, is the ``(rows, cols)`` array itself, and ops read and
        write it by slices instead of through the offset table."""
        if self._order is None:
            return None
        box_rows, box_cols, box_row_stride, box_col_stride, in_row, in_col = self._order
        row = box_row_stride if box_rows == 1 else in_row if box_rows >= self.rows else None
        col = box_col_stride if box_cols == 1 else in_col if box_cols >= self.cols else None
        if (row, col) == (self.cols, 1):
            return "C"
        if (row, col) == (1, self.rows):
            return "F"
        return None

    @property
    def unsupported(self):
        """Why the host cannot hold this tile (element type or layout), or
        None when it can."""
        if self.dtype is None:
            return f"element type {self.element} has no numpy dtype on the host"
        return self._storage_problem

    @property
    def offsets(self):
        """Storage offset of each element (storage.py); only for a spec that
        is not ``unsupported``."""
        return order_offsets(self.rows, self.cols, self._order)

    def resolve_valid(self, dynamic):
        """The concrete valid shape: static extents from the type, each `?`
        from ``dynamic`` (a pair; entries for static extents are ignored)."""
        return tuple(s if s is not None else int(d)
                     for s, d in zip(self.static_valid, dynamic))

    def take_valid(self, extents):
        """The concrete valid shape: static extents from the type, each `?`
        the next of ``extents`` (an iterator over the `?` extents a
        converted Level 1 kernel returns, rows first)."""
        return tuple(s if s is not None else int(next(extents)) for s in self.static_valid)

    def check_valid(self, valid):
        """Raises OpFailure unless ``valid`` fits this type."""
        for dim, (v, s, full) in enumerate(zip(valid, self.static_valid, self.shape)):
            if s is not None and v != s:
                raise OpFailure(f"valid extent {dim} is {v}, the type says {s}")
            if not 0 <= v <= full:
                raise failure("valid_extent_out_of_range", dim=str(dim), value=v, limit=full)


# TileSpecs by type text. A kernel uses a handful of tile types, but a
# long-lived process running generated kernels meets any number of them; past
# _SPECS_MAX the cache starts over (a spec is cheap to rebuild; clear() is
# atomic, so threads sharing the cache need no lock).
_SPECS_MAX = 1024
_specs: dict[Any, Any] = {}


def tile_spec(tile_type):
    """The (cached) TileSpec of an ir.Type."""
    key = str(tile_type)
    spec = _specs.get(key)
    if spec is None:
        if len(_specs) >= _SPECS_MAX:
            _specs.clear()
        spec = _specs[key] = TileSpec(tile_type)
    return spec


class Storage:
    """The bytes of one tile (read-only when they are a caller's array), and
    the ``(rows, cols)`` views of them made so far (TileSpec.grid_order), by
    spec: making one costs more than most ops' work on a small tile."""

    __slots__ = ("_bytes", "_grids", "_flat")

    def __init__(self, data, grids=None):
        self._bytes = data
        self._grids = {} if grids is None else grids

    @classmethod
    def of_grid(cls, spec, grid):
        """The storage that is ``grid``, a ``(rows, cols)`` array whose memory
        is in ``spec``'s storage order; its byte view is made when asked."""
        storage = cls.__new__(cls)
        storage._bytes, storage._grids, storage._flat = None, {spec: grid}, (grid,
                                                                              spec.grid_order)
        return storage

    @property
    def bytes(self):
        if self._bytes is None:
            grid, order = self._flat
            self._bytes = grid.reshape(-1, order=order).view(np.uint8)
        return self._bytes

    def rebind(self, data):
        """The tile's bytes are now ``data`` (placement: a memory window)."""
        self._bytes = data
        self._grids = {}

    def grid(self, spec):
        """The bytes as ``spec``'s ``(rows, cols)`` array (a view); only for a
        spec with a grid_order."""
        grid = self._grids.get(spec)
        if grid is None:
            grid = self._grids[spec] = self.bytes.view(spec.dtype).reshape(
                spec.shape, order=spec.grid_order)
        return grid

    @classmethod
    def zeros(cls, nbytes):
        return cls(np.zeros(nbytes, dtype=np.uint8))


class TileValue:
    """A tile: a typed view (spec, valid shape) over a Storage."""

    __slots__ = ("spec", "valid", "storage")

    def __init__(self, spec, valid, storage):
        self.spec = spec
        self.valid = tuple(valid)
        self.storage = storage

    @classmethod
    def zeros(cls, spec, valid):
        return cls(spec, valid, Storage.zeros(spec.nbytes))

    @classmethod
    def from_array(cls, spec, valid, array):
        """A tile holding a copy of the logical ``(rows, cols)`` array."""
        if spec.grid_order is not None:
            grid = np.array(array, order=spec.grid_order)   # a plain array, whatever its class
            return cls(spec, valid, Storage.of_grid(spec, grid))
        tile = cls.zeros(spec, valid)
        tile._elements()[spec.offsets] = array
        return tile

    @classmethod
    def reading(cls, spec, valid, array):
        """A tile that only reads the logical ``(rows, cols)`` array: its
        storage is the array's memory when that is in the storage order
        (read-only, so that nothing can write the caller's array), else a
        copy."""
        order = spec.grid_order
        if order == "C" and array.flags.c_contiguous or order == "F" and array.flags.f_contiguous:
            grid = array.view(np.ndarray)   # a plain array, whatever its class
            grid.setflags(write=False)      # (cheaper than through .flags)
            return cls(spec, valid, Storage.of_grid(spec, grid))
        return cls.from_array(spec, valid, array)

    def copy(self):
        """A new tile with its own copy of the bytes."""
        return TileValue(self.spec, self.valid, Storage(self.storage.bytes.copy()))

    def _elements(self):
        return self.storage.bytes.view(self.spec.dtype)

    def _grid(self):
        """The storage as the ``(rows, cols)`` array (a view), or None for a
        layout whose storage is not (TileSpec.grid_order)."""
        spec = self.spec
        return None if spec.grid_order is None else self.storage.grid(spec)

    def _window(self, r0, c0, nr, nc):
        """The grid slice, or else the storage offsets, of the ``nr x nc``
        block at (r0, c0). Ops check their bounds first; this guards the
        storage itself. (Called for every read and write: kept flat.)"""
        spec = self.spec
        if r0 < 0 or c0 < 0 or r0 + nr > spec.rows or c0 + nc > spec.cols:
            raise OpFailure(f"window [{r0}:{r0 + nr}, {c0}:{c0 + nc}] is outside the "
                            f"{spec.rows}x{spec.cols} tile {spec.text}")
        if spec.grid_order is None:
            return None, spec.offsets[r0:r0 + nr, c0:c0 + nc]
        return self.storage.grid(spec)[r0:r0 + nr, c0:c0 + nc], None

    def _valid_view(self):
        """The valid region as a view of the storage (ND and DN), or None.
        A tile's valid shape always fits its static shape (checked where
        every tile value is made)."""
        spec = self.spec
        if spec.grid_order is None:
            return None
        grid = self.storage.grid(spec)
        if self.valid == spec.shape:
            return grid
        vr, vc = self.valid
        return grid[:vr, :vc]

    def store_elementwise(self, fn, *operands):
        """This tile's valid region = ``fn(*operands)`` over the valid
        regions of the tile operands (one valid shape: the op checks it),
        element by element; an operand that is not a tile (a numpy scalar of
        the element dtype) is the same for every element. On the storage
        itself when every tile has a view (a numpy ufunc writes it
        directly), else through copies."""
        tiles = [o for o in operands if isinstance(o, TileValue)]
        out, views = self._valid_view(), [t._valid_view() for t in tiles]
        if out is None or any(v is None for v in views):
            args = [o.read() if isinstance(o, TileValue) else o for o in operands]
            self.write(0, 0, np.broadcast_to(fn(*args), self.valid))
            return
        if not all(v.dtype == out.dtype for v in views):
            raise TypeError(f"internal: {fn.__name__} of "
                            f"{', '.join(str(v.dtype) for v in views)} into {out.dtype}")
        by_tile = iter(views)
        args = [next(by_tile) if isinstance(o, TileValue) else o for o in operands]
        if isinstance(fn, np.ufunc):
            fn(*args, out=out)
        else:
            out[...] = fn(*args)

    def read(self, r0=0, c0=0, nr=None, nc=None):
        """A copy of the ``nr x nc`` block at (r0, c0); the whole valid region
        by default."""
        nr = self.valid[0] if nr is None else nr
        nc = self.valid[1] if nc is None else nc
        block, offsets = self._window(r0, c0, nr, nc)
        return block.copy() if offsets is None else self._elements()[offsets]

    def write(self, r0, c0, block):
        """Stores ``block`` (already of the element dtype: conversions are
        the ops' business) at (r0, c0)."""
        block = np.asarray(block)
        if block.dtype != self.spec.dtype:
            raise TypeError(f"internal: writing {block.dtype} into {self.spec.dtype}")
        window, offsets = self._window(r0, c0, *block.shape)
        if offsets is None:
            window[...] = block
        else:
            self._elements()[offsets] = block

    def logical(self):
        """The whole static tile as a logical ``(rows, cols)`` array: a view
        of the storage for ND and DN, else a copy (to read, not to keep)."""
        grid = self._grid()
        return grid if grid is not None else self._elements()[self.spec.offsets]

    def to_array(self):
        """The whole static tile as a logical ``(rows, cols)`` array (a copy)."""
        grid = self._grid()
        return grid.copy() if grid is not None else self._elements()[self.spec.offsets]
