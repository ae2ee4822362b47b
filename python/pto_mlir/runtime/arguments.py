"""Binding caller values to an entry function's arguments, and back.

One caller value per function argument, checked against its type before
anything runs (``ArgumentError`` naming the argument):
- ``!pto.tile`` / ``!pto.tile_buf``: a numpy array of the full static tile
  ``(rows, cols)`` with the element's dtype, in logical order (any memory
  order: the runtime copies a buffer the kernel may write into its own
  storage, and reads any other tile from the caller's array itself when its
  memory is in the tile's storage order), or ``Tile(array, valid=(vr,
  vc))``, required when the type's valid shape is dynamic;
- ``!pto.ptr<T>``: a non-empty C-contiguous numpy array of T's dtype, any shape: the
  global tensor the kernel's views describe, its elements in memory order
  (globals.py); written in place when the kernel stores into it;
- ``index`` / integers: a Python int in the type's range (``i1``: a bool
  or 0/1);
- floats: a Python or numpy number.
"""
import numpy as np

from .. import ir
from ..dialects import pto
from .dtypes import DTYPES
from .errors import ArgumentError, OpFailure
from .globals import GlobalArray, is_pointer_type, pointer_dtype
from .scalars import float_dtype, integer_width, wrap
from .values import TileValue, is_tile_type, tile_spec

__all__ = ["Tile", "Binding", "Parameters"]


class Tile:
    """A tile argument or result with its valid shape: ``array`` is the full
    static tile, ``valid`` = (valid_rows, valid_cols) or None (the type's)."""

    __slots__ = ("array", "valid")

    def __init__(self, array, valid=None):
        self.array = array
        self.valid = None if valid is None else tuple(valid)

    def __repr__(self):
        return f"Tile({self.array!r}, valid={self.valid})"


class _Param:
    """One argument of the signature, with what checking it needs looked up
    once (a Parameters is built once per kernel, kernel.py). Checks of a
    tile argument that depend only on its type are made here, once; their
    verdict (``problem``: the message, or None) is given on every call."""

    def __init__(self, position, arg_type, written):
        self.position = position
        self.type = arg_type
        self.written = written
        self.where = f"argument #{position} ({arg_type})"
        self.spec = spec = tile_spec(arg_type) if is_tile_type(arg_type) else None
        self.problem = self.valid_problem = None
        self.usual = False
        self.pointer = is_pointer_type(arg_type)
        if self.pointer:
            self.dtype = pointer_dtype(arg_type)
            if self.dtype is None:
                self.problem = (f"element type {pto.PtrType(arg_type).element_type} has no numpy dtype "
                                f"on the host (allowed: {', '.join(DTYPES)})")
            return
        if spec is None:
            return
        # The runtime value of a tile argument: a copy when the kernel may
        # write it, else the caller's array itself where it can be.
        self.tile_value = TileValue.from_array if written else TileValue.reading
        if spec.dtype is None:
            self.problem = (f"element type {spec.element} has no numpy dtype on the host "
                            f"(allowed: {', '.join(DTYPES)})")
        elif spec.unsupported:
            self.problem = spec.unsupported
        elif None not in spec.static_valid:
            self.valid_problem = _valid_problem(spec, spec.static_valid)
        self.usual = (self.problem is None and self.valid_problem is None
                      and None not in spec.static_valid)

    def error(self, problem):
        return ArgumentError(f"{self.where}: {problem}")


def _valid_problem(spec, valid):
    try:
        spec.check_valid(valid)
    except OpFailure as failure:
        return str(failure)
    return None


def _bind_tile(param, value):
    spec = param.spec
    # The usual call: a plain array, as the type asks, for a tile whose
    # type-only checks all passed (_Param.usual); every check below holds.
    if (param.usual and type(value) is np.ndarray and value.dtype is spec.dtype
            and value.shape == spec.shape):
        return param.tile_value(spec, spec.static_valid, value)
    if param.problem:
        raise param.error(param.problem)
    array, valid = (value.array, value.valid) if isinstance(value, Tile) else (value, None)
    if not isinstance(array, np.ndarray):
        raise param.error(f"expected a numpy array or pto_mlir.runtime.Tile, "
                          f"got {type(array).__name__}")
    if array.dtype != spec.dtype:
        raise param.error(f"dtype is {array.dtype}, expected {spec.dtype}")
    if array.shape != spec.shape:
        raise param.error(f"shape is {array.shape}, expected {spec.shape}")
    if valid is None:
        if None in spec.static_valid:
            raise param.error("the valid shape is dynamic: pass "
                              "Tile(array, valid=(valid_rows, valid_cols))")
        valid, problem = spec.static_valid, param.valid_problem
    elif len(valid) != 2 or not all(_is_int(v) for v in valid):
        raise param.error(f"valid shape {valid} is not a pair of ints")
    else:
        valid = tuple(int(v) for v in valid)
        problem = _valid_problem(spec, valid)
    if problem:
        raise param.error(problem)
    return param.tile_value(spec, valid, array)


def _bind_pointer(param, value):
    if param.problem:
        raise param.error(param.problem)
    if not isinstance(value, np.ndarray):
        raise param.error(f"expected a numpy array, got {type(value).__name__}")
    if value.dtype != param.dtype:
        raise param.error(f"dtype is {value.dtype}, expected {param.dtype}")
    if value.size == 0:
        raise param.error("the array is empty (a pointer needs an element to point to)")
    if not value.flags.c_contiguous:
        raise param.error("the array is not C-contiguous (the kernel addresses its "
                          "elements in memory order): pass np.ascontiguousarray(array)")
    return GlobalArray.of(value, param.written)


def _integer_range(t, width):
    """Values a caller may pass: signless integers take either reading."""
    if isinstance(t, ir.IntegerType) and t.is_unsigned:
        return 0, (1 << width) - 1
    if isinstance(t, ir.IntegerType) and t.is_signless:
        return -(1 << (width - 1)), (1 << width) - 1
    return -(1 << (width - 1)), (1 << (width - 1)) - 1


def _is_int(value):
    """An int that is not a bool (True is an int to Python, not a count)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _bind_i1(param, value):
    """``i1`` takes a bool, or the int 0 or 1 (what the C ABI passes)."""
    if isinstance(value, (bool, np.bool_)) or (_is_int(value) and value in (0, 1)):
        return bool(value)
    shown = repr(value) if _is_int(value) else type(value).__name__
    raise param.error(f"expected a bool or 0/1, got {shown}")


def _bind_scalar(param, value):
    width = integer_width(param.type)
    if width is not None:
        if width == 1:
            return _bind_i1(param, value)
        if not _is_int(value):
            raise param.error(f"expected an int, got {type(value).__name__}")
        low, high = _integer_range(param.type, width)
        if not low <= value <= high:
            raise param.error(f"{value} is outside {low}..{high}")
        return int(value) if low == 0 else wrap(int(value), width)
    dtype = float_dtype(param.type)
    if dtype is not None:
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
            raise param.error(f"expected a number, got {type(value).__name__}")
        return dtype.type(value)
    raise param.error("this type cannot be passed to a kernel (allowed: !pto.tile, "
                      "!pto.tile_buf, index, integers, floats)")


class Binding:
    """The runtime values of one call and how to hand results back;
    ``written``: the positions of the buffer arguments the kernel may write
    (writes.py), its out-parameters."""

    def __init__(self, parameters, values, callers):
        self.params = parameters.params
        self.values = values
        self.callers = callers
        self.written = parameters.written
        self._outs = parameters.outs

    def write_back(self, results=None):
        """Copies the out-parameters into the callers' arrays: ``results``
        holds their logical arrays after the run, in argument order (by
        default their runtime values' contents); returns the caller values."""
        outs = self._outs
        if results is None:
            results = [self.values[k].logical() for k in outs]
        callers = [self.callers[k] for k in outs]
        for caller, result in zip(callers, results):
            (caller.array if isinstance(caller, Tile) else caller)[...] = result
        return callers


class Parameters:
    """The arguments of function ``entry`` of type ``function_type``, whose
    ops may write the buffer arguments at positions ``written`` (``outs``:
    the same, in order)."""

    def __init__(self, entry, function_type, written):
        self.entry = entry
        self.written = written
        self.outs = sorted(written)
        self.params = [_Param(i, t, i in written) for i, t in enumerate(function_type.inputs)]

    def bind(self, args):
        """Checks ``args`` and makes their runtime values (the caller's
        arrays are written only by ``Binding.write_back``: a written buffer
        gets a copy, any other tile reads the caller's array, or a copy)."""
        params = self.params
        if len(args) != len(params):
            raise ArgumentError(f"@{self.entry} takes {len(params)} arguments, "
                                f"got {len(args)}")
        values = [_bind_tile(p, a) if p.spec is not None
                  else _bind_pointer(p, a) if p.pointer else _bind_scalar(p, a)
                  for p, a in zip(params, args)]
        for k in self.outs:
            arg = args[k]
            if not (arg.array if isinstance(arg, Tile) else arg).flags.writeable:
                raise params[k].error("the kernel writes it, but the array is read-only")
        return Binding(self, values, list(args))
