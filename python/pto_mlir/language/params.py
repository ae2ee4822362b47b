"""A kernel's parameters, read from the annotations of its ``def``.

``pl.Tile[...]`` (or ``pl.Tile`` alone): a tile; ``pl.Tensor[...]`` /
``pl.Ptr[...]`` (or alone): global memory, a numpy array; an element type
(``pl.i32``, ``pl.u64``, a numpy dtype): a scalar of that type; ``pl.index``
or ``int``: an ``index``. Every parameter needs one; defaults, ``*args`` and
keyword-only parameters are not supported.
"""
import inspect

import numpy as np

from .. import ir
from ..dialects import pto
from .errors import CompileError
from .types import DType, Index, Ptr, Tensor, Tile, dtype_of, index

__all__ = ["Param", "read_params"]

class Param:
    def __init__(self, name, annotation):
        self.name = name
        # A tile parameter keeps its Tile, global memory its Tensor or Ptr
        # (``pointer``: either), a scalar its DType / Index.
        self.tile = annotation if isinstance(annotation, Tile) else None
        self.tensor = annotation if isinstance(annotation, Tensor) else None
        self.pointer = annotation if isinstance(annotation, (Tensor, Ptr)) else None
        self.scalar = None if self.tile is not None or self.pointer is not None else annotation

    @property
    def is_generic(self):
        typed = self.tile if self.tile is not None else self.pointer
        return typed is not None and typed.is_generic

    def type_for_array(self, value):
        """The MLIR type of this parameter for a call's Python value (a numpy
        array of a tile or of global memory, a number)."""
        if self.tile is not None:
            array = value.array if hasattr(value, "valid") else value
            return self.tile.with_array(array).mlir_type()
        if self.pointer is not None:
            # A Tensor's type is its !pto.tensor_view: the function takes its
            # !pto.ptr and makes the view (frontend.py).
            return self.pointer.with_array(value).mlir_type()
        return self.scalar.mlir_type()

    def type_for_value(self, value):
        """The type for an argument of a call from another kernel: an IR
        value (checked against the annotation) or a Python int (a scalar)."""
        if self.pointer is not None:
            return self._pointer_for_value(value)
        if self.tile is None:
            expected = self.scalar.mlir_type()
            if isinstance(value, ir.Value):
                if value.type != expected:
                    raise TypeError(f"expected {expected}, got a value of type {value.type}")
            elif isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"expected an int or a {expected} value, got {value!r}")
            return expected
        if not (isinstance(value, ir.Value) and pto.TileType.isinstance(value.type)):
            raise TypeError(f"expected a tile, got {value!r}")
        if not self.tile.is_generic:
            expected = self.tile.mlir_type()
            if value.type != expected:
                raise TypeError(f"expected {expected}, got {value.type}")
            return expected
        tile = pto.TileType(value.type)
        for field, given in (("rows", tile.rows), ("cols", tile.cols),
                             ("dtype", dtype_of(tile.element_type))):
            wanted = getattr(self.tile, field)
            if wanted is not None and wanted is not given and wanted != given:
                raise TypeError(f"expected {self.tile!r}, got {value.type}")
        return value.type

    def _pointer_for_value(self, value):
        if self.tensor is not None:
            raise TypeError(f"a {self.tensor!r} parameter takes an array from Python; a "
                            "kernel passes global memory to another as a pl.Ptr")
        if not (isinstance(value, ir.Value) and pto.PtrType.isinstance(value.type)):
            raise TypeError(f"expected global memory ({self.pointer!r}), got {value!r}")
        if not self.pointer.is_generic and value.type != self.pointer.mlir_type():
            raise TypeError(f"expected {self.pointer.mlir_type()}, got {value.type}")
        return value.type


def _annotation(fn, name, annotation):
    if isinstance(annotation, str):  # `from __future__ import annotations`
        try:
            annotation = eval(annotation, fn.__globals__)  # noqa: S307 - the user's own code
        except Exception as problem:  # noqa: BLE001 - any error of the user's expression
            raise CompileError(f"the annotation {annotation!r} of parameter '{name}' cannot "
                               f"be evaluated in the kernel's module: {problem}") from None
    if annotation is Tile:
        return Tile()
    if annotation is Ptr:
        return Ptr()
    if annotation is Tensor:
        return Tensor()
    if isinstance(annotation, (Tile, Tensor, Ptr, Index)):
        return annotation
    if annotation is int:
        return index
    if isinstance(annotation, DType):
        return annotation
    try:
        return dtype_of(annotation)
    except ValueError:
        raise CompileError(f"parameter '{name}' has annotation {annotation!r}; expected "
                           "pl.Tile[...], pl.Tensor[...], pl.Ptr[...], pl.index or an element "
                           "type such as pl.i32") from None


def read_params(fn, where):
    params = []
    for name, parameter in inspect.signature(fn).parameters.items():
        if parameter.kind not in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD) \
                or parameter.default is not parameter.empty:
            raise CompileError(f"parameter '{name}': a kernel takes plain positional "
                               "parameters (no defaults, *args or keyword-only)", where)
        if parameter.annotation is parameter.empty:
            raise CompileError(f"parameter '{name}' needs an annotation: pl.Tile[...], "
                               "pl.Tensor[...], pl.Ptr[...], pl.index or an element type "
                               "such as pl.i32", where)
        try:
            params.append(Param(name, _annotation(fn, name, parameter.annotation)))
        except CompileError as problem:
            raise CompileError(problem.message, where) from None
    return params
