"""The annotations of a kernel's parameters: element types and tiles.

Element types have one name each (``pl.f32``, ``pl.u8``, ...; MLIR spells
the unsigned ones ``ui8`` ...). Any place that takes one also takes the
numpy dtype (``np.float32``, ``ml_dtypes.bfloat16``) or its MLIR spelling.
An element type used as a parameter's annotation is a scalar parameter of
that type; ``pl.index`` (or ``int``) is an ``index`` parameter.

``pl.Tile[rows, cols, dtype]`` is a Level 1 tile in ``vec`` with the ND
layout; ``pl.Tile(rows, cols, dtype, loc=..., layout=..., valid=...,
fractal=..., pad=...)`` gives every field of ``!pto.tile``. ``...`` or
``None`` in place of the shape or the element type (and ``pl.Tile`` alone)
makes the parameter generic: the missing fields come from each call's
array, and every distinct signature is compiled once.

Global memory: ``pl.Tensor[d0, ..., dtype]`` is a global tensor of that
shape, C-ordered, which a call passes as a numpy array of that shape and
dtype (the function takes a ``!pto.ptr``; the body's name is the
``pto.make_tensor_view`` of it); ``pl.Ptr[dtype]`` the bare pointer, an
array of any shape. ``...`` (or the annotation alone) takes the shape and
dtype from each call's array.
"""
from __future__ import annotations

from collections.abc import Sequence
from types import EllipsisType
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import ir
from ..dialects import pto
from ..runtime.dtypes import DTYPES, dtype_name

__all__ = ["DType", "Index", "index", "Tile", "Ptr", "Tensor", "dtype_of", "LAYOUTS",
           "ELEMENT_TYPES"]


class DType:
    """An element (or scalar) type: its language name and MLIR spelling."""

    __slots__ = ("name", "mlir")

    def __init__(self, name: str, mlir: str) -> None:
        self.name = name
        self.mlir = mlir

    @property
    def numpy(self) -> np.dtype[Any] | None:
        """The numpy dtype holding one element, or None (e.g. f4e2m1)."""
        return DTYPES.get(self.mlir)

    def mlir_type(self) -> ir.Type:
        """The element type as an MLIR type (of the current context)."""
        return ir.Type.parse(self.mlir)

    def __repr__(self) -> str:
        return f"pl.{self.name}"


class Index:
    """The ``index`` scalar type (``pl.index``)."""

    name = mlir = "index"

    def mlir_type(self) -> ir.Type:
        return ir.IndexType.get()

    def __repr__(self) -> str:
        return "pl.index"


index = Index()

# The language's name of each element type -> MLIR's spelling.
ELEMENT_TYPES = {
    name: DType(name, mlir) for name, mlir in [
        ("i8", "i8"), ("u8", "ui8"), ("i16", "i16"), ("u16", "ui16"),
        ("i32", "i32"), ("u32", "ui32"), ("i64", "i64"), ("u64", "ui64"),
        ("f16", "f16"), ("bf16", "bf16"), ("f32", "f32"),
        ("f8e4m3", "f8E4M3FN"), ("f8e5m2", "f8E5M2"), ("f8e8m0", "f8E8M0FNU"),
        ("f4e2m1", "f4E2M1FN"),
    ]
}
_BY_MLIR = {t.mlir: t for t in ELEMENT_TYPES.values()}
# By numpy's dtype name: looking a dtype up imports no ml_dtypes.
_BY_NUMPY_NAME = {dtype_name(t.mlir): t for t in ELEMENT_TYPES.values() if t.mlir in DTYPES}

# Layout names -> (blayout, slayout) of !pto.tile.
LAYOUTS = {
    "nd": ("row_major", "none_box"),
    "dn": ("col_major", "none_box"),
    "nz": ("col_major", "row_major"),
    "zn": ("row_major", "col_major"),
    "zz": ("row_major", "row_major"),
}


# What names an element type: a DType, a numpy dtype (or scalar type), an
# MLIR spelling or an MLIR type.
ElementTypeLike: TypeAlias = "DType | ir.Type | npt.DTypeLike"


def dtype_of(value: ElementTypeLike) -> DType:
    """The DType for a DType, a numpy dtype (or scalar type) or an MLIR
    spelling / MLIR type; ValueError when there is none."""
    if isinstance(value, DType):
        return value
    if isinstance(value, (str, ir.Type)) and str(value) in _BY_MLIR:
        return _BY_MLIR[str(value)]
    if isinstance(value, str) and value in ELEMENT_TYPES:
        return ELEMENT_TYPES[value]
    try:
        dtype = np.dtype(value)
    except TypeError:
        dtype = None
    found = None if dtype is None else _BY_NUMPY_NAME.get(dtype.name)
    if found is not None and found.numpy == dtype:
        return found
    raise ValueError(f"{value!r} is not an element type (element types: "
                     f"{', '.join('pl.' + n for n in ELEMENT_TYPES)}, or their numpy dtypes)")


def _extent(name: str, value: int | EllipsisType | None) -> int | None:
    """A tile extent as an int, or None where it comes from each call."""
    if value is None or isinstance(value, EllipsisType):
        return None
    if not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an int, got {value!r}")
    return int(value)


class Tile:
    """A tile type: an annotation, or the result type an op takes
    (``pl.textract(s, r, c, pl.Tile[16, 32, pl.f16])``)."""

    def __init__(self, rows: int | EllipsisType | None = None,
                 cols: int | EllipsisType | None = None,
                 dtype: ElementTypeLike | EllipsisType = None, *, loc: str = "vec",
                 layout: str | None = None, blayout: str | None = None,
                 slayout: str | None = None, valid: Sequence[int | None] | None = None,
                 fractal: int = 512, pad: str = "null") -> None:
        if layout is not None:
            if blayout is not None or slayout is not None:
                raise ValueError("give either layout= or blayout=/slayout=, not both")
            if layout not in LAYOUTS:
                raise ValueError(f"unknown layout {layout!r} (layouts: {', '.join(LAYOUTS)})")
            blayout, slayout = LAYOUTS[layout]
        self.rows = _extent("rows", rows)
        self.cols = _extent("cols", cols)
        self.dtype = (None if dtype is None or isinstance(dtype, EllipsisType)
                      else dtype_of(dtype))
        self.loc = loc
        self.blayout = blayout or "row_major"
        self.slayout = slayout or "none_box"
        self.valid = None if valid is None else tuple(valid)
        self.fractal = fractal
        self.pad = pad

    def __class_getitem__(cls, item: Any) -> Tile:
        """``Tile[rows, cols, dtype]``, ``Tile[..., dtype]``, ``Tile[dtype]``."""
        item = item if isinstance(item, tuple) else (item,)
        if len(item) == 3:
            return cls(*item)
        if len(item) == 2 and item[0] is Ellipsis:
            return cls(None, None, item[1])
        if len(item) == 1:
            return cls(None, None, item[0])
        raise ValueError(f"pl.Tile[...] takes rows, cols, dtype (or ..., dtype); got {item!r}")

    @property
    def is_generic(self) -> bool:
        """Whether the shape or element type comes from each call's arrays."""
        return self.rows is None or self.cols is None or self.dtype is None

    def with_array(self, array: object) -> Tile:
        """This type with the missing fields taken from ``array`` (a numpy
        array of the full static tile)."""
        if not self.is_generic:
            return self
        if not isinstance(array, np.ndarray) or array.ndim != 2:
            raise TypeError(f"expected a 2-D numpy array for {self!r}, "
                            f"got {type(array).__name__}")
        shape = array.shape
        tile = Tile.__new__(Tile)
        tile.__dict__.update(self.__dict__)
        tile.rows = shape[0] if self.rows is None else self.rows
        tile.cols = shape[1] if self.cols is None else self.cols
        tile.dtype = dtype_of(array.dtype) if self.dtype is None else self.dtype
        return tile

    def mlir_type(self) -> ir.Type:
        """The ``!pto.tile`` type (in the current context)."""
        if self.dtype is None or self.is_generic:
            raise ValueError(f"{self!r} is generic: its shape and element type come "
                             "from a call's arguments")
        return pto.TileType.get([self.rows, self.cols], self.dtype.mlir_type(),
                                location=self.loc, valid_shape=self.valid,
                                blayout=self.blayout, slayout=self.slayout,
                                fractal=self.fractal, pad=self.pad)

    def __repr__(self) -> str:
        def extent(v: int | None) -> str:
            return "..." if v is None else str(v)
        fields = [extent(self.rows), extent(self.cols),
                  "..." if self.dtype is None else repr(self.dtype)]
        defaults = Tile()
        for name in ("loc", "blayout", "slayout", "valid", "fractal", "pad"):
            if getattr(self, name) != getattr(defaults, name):
                fields.append(f"{name}={getattr(self, name)!r}")
        return f"pl.Tile({', '.join(fields)})"


class Ptr:
    """A ``!pto.ptr`` parameter (global memory): ``pl.Ptr[dtype]``, or
    ``pl.Ptr`` / ``pl.Ptr[...]`` for the dtype of each call's array."""

    def __init__(self, dtype: ElementTypeLike | EllipsisType = None) -> None:
        self.dtype = (None if dtype is None or isinstance(dtype, EllipsisType)
                      else dtype_of(dtype))

    def __class_getitem__(cls, item: Any) -> Ptr:
        return cls(item)

    @property
    def is_generic(self) -> bool:
        return self.dtype is None

    def with_array(self, array: object) -> Ptr:
        """This type with the element type of ``array`` when generic."""
        if not self.is_generic:
            return self
        if not isinstance(array, np.ndarray):
            raise TypeError(f"expected a numpy array for {self!r}, got {type(array).__name__}")
        return Ptr(dtype_of(array.dtype))

    def mlir_type(self) -> ir.Type:
        """The ``!pto.ptr`` type (in the current context)."""
        if self.dtype is None:
            raise ValueError(f"{self!r} is generic: its element type comes from a call's array")
        return pto.PtrType.get(self.dtype.mlir_type())

    def __repr__(self) -> str:
        return f"pl.Ptr[{'...' if self.dtype is None else repr(self.dtype)}]"


class Tensor:
    """A global tensor parameter: ``pl.Tensor[d0, ..., dtype]`` (one to five
    extents), ``pl.Tensor[..., dtype]`` or ``pl.Tensor`` for the shape (and
    dtype) of each call's array."""

    def __init__(self, shape: Sequence[int] | EllipsisType | None = None,
                 dtype: ElementTypeLike | EllipsisType = None) -> None:
        self.shape: tuple[int, ...] | None = None
        if shape is not None and not isinstance(shape, EllipsisType):
            for extent in shape:
                if isinstance(extent, bool) or not isinstance(extent, (int, np.integer)):
                    raise ValueError(f"a tensor's extents are ints, got {extent!r}")
            self.shape = tuple(int(e) for e in shape)
        self.dtype = (None if dtype is None or isinstance(dtype, EllipsisType)
                      else dtype_of(dtype))

    def __class_getitem__(cls, item: Any) -> Tensor:
        """``Tensor[d0, ..., dtype]``, ``Tensor[..., dtype]``, ``Tensor[dtype]``."""
        item = item if isinstance(item, tuple) else (item,)
        if item[:-1] == (Ellipsis,) or not item[:-1]:
            return cls(None, item[-1])
        return cls(item[:-1], item[-1])

    @property
    def is_generic(self) -> bool:
        return self.shape is None or self.dtype is None

    def with_array(self, array: object) -> Tensor:
        """This type with the missing fields taken from ``array``."""
        if not self.is_generic:
            return self
        if not isinstance(array, np.ndarray):
            raise TypeError(f"expected a numpy array for {self!r}, got {type(array).__name__}")
        return Tensor(array.shape if self.shape is None else self.shape,
                      dtype_of(array.dtype) if self.dtype is None else self.dtype)

    def mlir_type(self) -> ir.Type:
        """The ``!pto.tensor_view`` the body sees (in the current context)."""
        if self.shape is None or self.dtype is None:
            raise ValueError(f"{self!r} is generic: its shape and element type come "
                             "from a call's array")
        return pto.TensorViewType.get(list(self.shape), self.dtype.mlir_type())

    def __repr__(self) -> str:
        shape = "..." if self.shape is None else ", ".join(map(str, self.shape))
        return f"pl.Tensor[{shape}, {'...' if self.dtype is None else repr(self.dtype)}]"
