"""Binding caller values to an entry function's arguments, and back.

One caller value per function argument, checked against its type before
anything runs (``ArgumentError`` naming the argument: its position, its
name when its location gives one, its type):
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
An ndarray subclass (``np.matrix``, ...) is taken as its plain array.
"""
import numpy as np

from .. import ir
from ..dialects import pto
from .dtypes import DTYPES
from .errors import ArgumentError, OpFailure
from .globals import GlobalArray, is_pointer_type, pointer_dtype
from .scalars import float_dtype, integer_width, wrap
from .values import TileValue, is_tile_type, tile_spec

__all__ = ["Tile", "Binding", "Parameters", "argument_names", "describe_argument",
           "integer_problem", "integer_range", "is_int", "valid_shape_problem"]


def describe_argument(position, name, arg_type):
    """How an ArgumentError names an argument: ``argument #2 'out'
    (!pto.ptr<f32>)`` (without a name: ``argument #2 (!pto.ptr<f32>)``)."""
    named = "" if name is None else f" '{name}'"
    return f"argument #{position}{named} ({arg_type})"


def argument_names(function):
    """The name of each argument of ``function`` (a func.func operation)
    that its location gives (``loc("name"(...))``, as pto_mlir.language
    writes them), else None."""
    blocks = function.regions[0].blocks
    if not len(blocks):
        return None
    return [a.location.name_str if a.location.is_a_name() else None
            for a in blocks[0].arguments]


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

    def __init__(self, position, arg_type, written, name=None):
        self.position = position
        self.type = arg_type
        self.written = written
        self.where = describe_argument(position, name, arg_type)
        self.spec = spec = tile_spec(arg_type) if is_tile_type(arg_type) else None
        self.problem = self.valid_problem = None
        self.usual = False
        self.pointer = is_pointer_type(arg_type)
        if self.pointer:
            self.dtype = pointer_dtype(arg_type)
            if self.dtype is None:
                self.problem = (f"element type {pto.PtrType(arg_type).element_type} has no "
                                f"numpy dtype on the host (allowed: {', '.join(DTYPES)})")
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
    array = np.asarray(array)   # a subclass as its plain array (see _bind_pointer)
    if array.dtype != spec.dtype:
        raise param.error(f"dtype is {array.dtype}, expected {spec.dtype}")
    if array.shape != spec.shape:
        raise param.error(f"shape is {array.shape}, expected {spec.shape}")
    if valid is None:
        if None in spec.static_valid:
            raise param.error("the valid shape is dynamic: pass "
                              "Tile(array, valid=(valid_rows, valid_cols))")
        valid, problem = spec.static_valid, param.valid_problem
    elif valid_shape_problem(valid):
        raise param.error(valid_shape_problem(valid))
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
    # A subclass (np.matrix, ...) is read as the plain array of its
    # elements, as the JIT's binder reads it: a matrix indexes rows where
    # an array gives elements.
    value = np.asarray(value)
    if value.dtype != param.dtype:
        raise param.error(f"dtype is {value.dtype}, expected {param.dtype}")
    if value.size == 0:
        raise param.error("the array is empty (a pointer needs an element to point to)")
    if not value.flags.c_contiguous:
        raise param.error("the array is not C-contiguous (the kernel addresses its "
                          "elements in memory order): pass np.ascontiguousarray(array)")
    return GlobalArray.of(value, param.written)


def integer_range(t):
    """The ints a caller may pass for the index or integer type ``t`` (of
    more than 1 bit): signless integers take either reading."""
    width = integer_width(t)
    if isinstance(t, ir.IntegerType) and t.is_unsigned:
        return 0, (1 << width) - 1
    if isinstance(t, ir.IntegerType) and t.is_signless:
        return -(1 << (width - 1)), (1 << width) - 1
    return -(1 << (width - 1)), (1 << (width - 1)) - 1


def is_int(value):
    """An int that is not a bool (True is an int to Python, not a count)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def integer_problem(t, value):
    """Why ``value`` cannot be passed for the index or integer type ``t``,
    or None: the one check of both engines (the JIT's binder asks it too).
    ``i1`` takes a bool, or the int 0 or 1 (what the C ABI passes)."""
    if integer_width(t) == 1:
        if isinstance(value, (bool, np.bool_)) or (is_int(value) and value in (0, 1)):
            return None
        shown = repr(value) if is_int(value) else type(value).__name__
        return f"expected a bool or 0/1, got {shown}"
    if not is_int(value):
        return f"expected an int, got {type(value).__name__}"
    low, high = integer_range(t)
    if not low <= value <= high:
        return f"{value} is outside {low}..{high}"
    return None


def valid_shape_problem(valid):
    """Why ``valid`` (a caller's valid shape) is not a pair of ints, or None
    (both engines' check)."""
    if len(valid) != 2 or not all(is_int(v) for v in valid):
        return f"valid shape {valid} is not a pair of ints"
    return None


def _bind_scalar(param, value):
    width = integer_width(param.type)
    if width is not None:
        problem = integer_problem(param.type, value)
        if problem:
            raise param.error(problem)
        if width == 1:
            return bool(value)
        return int(value) if integer_range(param.type)[0] == 0 else wrap(int(value), width)
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
    the same, in order); ``names``: each argument's name for messages, or
    None (arguments.names reads them from a function)."""

    def __init__(self, entry, function_type, written, names=None):
        self.entry = entry
        self.written = written
        self.outs = sorted(written)
        names = names or [None] * len(function_type.inputs)
        self.params = [_Param(i, t, i in written, name)
                       for i, (t, name) in enumerate(zip(function_type.inputs, names))]

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
