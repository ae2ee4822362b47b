"""The compiled engine: Level 2 pto kernels run as native code.

``run(module, entry, *args)`` lowers the module with the ``pto-to-llvm``
pipeline (see docs/lowering.md), compiles it once with MLIR's
ExecutionEngine (cached by module text and options) and calls ``entry`` on
numpy arrays without copying them.

Arguments, one per function argument:
- a ``!pto.tile_buf`` argument takes a numpy array of the tile's element
  type holding its storage, written in place: ND tiles the full static
  ``(rows, cols)`` array, C-contiguous; DN tiles the same, Fortran-contiguous;
  boxed tiles (NZ, Zn, Zz) their storage in box order, a C-contiguous 1-D
  array of ``rows * cols`` elements (``runtime/storage.py`` maps it). A
  buffer with dynamic (``?``) valid extents takes ``(array, (valid_rows,
  valid_cols))``; the static extents of the pair must match the type.
- a ``!pto.ptr`` argument takes a non-empty C-contiguous numpy array of its
  element type (any shape), written in place by the kernel's tstores;
- an ``index`` or integer argument takes a Python int; an f16, bf16, f32
  or f64 argument a number (rounded to the type as numpy rounds).

A function's ``index``, integer and float results are returned (one as is,
several as a tuple), as the interpreter returns them: integers as Python
ints (``i1`` a bool, unsigned types unsigned, the others signed), floats as
numpy scalars of their type. Such a function, and one with float
arguments, is called through the Python binder (the C++ call path binds
tiles and ints only, and reads no results).

Large ops run on several threads: with ``threads`` > 1 (``compile`` and
``run`` take ``threads=``; the default is the environment variable
``PTO_JIT_THREADS``, else the CPUs this process may use) an op whose work,
its tiles' bytes times its cost per byte against a copy (16 for tsort32, 1
for the others), is at least ``parallel_bytes`` bytes
(``PTO_JIT_PARALLEL_BYTES``, else the pipeline's default, 4 MiB) has its
rows split into ``threads`` parts run at once (the pipeline's
``pto-parallel-rows``, docs/lowering.md).
``threads=1`` runs every op on the calling thread. Results and failures are
the same either way; ``parallel_stats()`` counts the calls that were split.

Compiled modules are kept in memory (the last 64) and on disk, so that
another process loads a module instead of compiling it (native_cache.py):
in ``PTO_MLIR_CACHE_DIR`` (default ``$XDG_CACHE_HOME/pto-mlir/jit`` or
``~/.cache/pto-mlir/jit``; empty: off), at most ``PTO_MLIR_CACHE_MAX_BYTES``
(256 MiB); it needs Linux and ``ld``. ``disk_cache_stats()`` tells what it
did in this process.

Run-time checks of the kernel (e.g. dynamic valid shapes that must agree)
raise ``KernelError`` naming the op, with the interpreter's message for the
same failure (failures.py); ops the lowering does not support raise
``UnsupportedError`` naming the op, before anything runs. A module is
compiled as a whole; when the host cannot compile it, an entry is compiled
with only the functions it calls, so that only the entries reaching what
the host cannot lower are refused.
"""
from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn, TypeAlias

import numpy as np

from ... import ir, passmanager, ptoas
from ..._mlir_libs._mlirExecutionEngine import ExecutionEngine
from ...dialects import pto
from .. import (
    _pto_core_grid as _core_grid,
    _pto_kernel_call as _kernel_call,
    _pto_parallel_rows as _parallel_rows,
    _pto_tile_print as _tile_print,
)
from ..arguments import integer_problem, integer_range, is_int, valid_shape_problem
from ..closure import entry_closure
from ..dtypes import DTYPES as _DTYPES
from ..errors import KernelError
from ..failures import ERROR_SLOT_WORDS, describe_check
from ..scalars import integer_width
from . import materialize, native_cache

_addressof = ctypes.addressof
_c_char = ctypes.c_char

__all__ = ["run", "compile", "parallel_stats", "disk_cache_stats", "wait_for_disk_cache",
           "KernelError", "UnsupportedError", "DEFAULT_OPT_LEVEL"]

DEFAULT_OPT_LEVEL = 3
_ERRORS_ATTR = "pto_host.errors"


class UnsupportedError(NotImplementedError):
    """The kernel uses an op or form the host lowering cannot compile yet."""


# The argument slots of a call: 64 bits each.
_Slots: TypeAlias = "ctypes.Array[ctypes.c_int64]"

# The valid extent each dynamic-extent slot of a lowered tile argument holds.
_VALID_DIMS = {"valid_rows": 0, "valid_cols": 1}


def _host_dtype(position: int, type_text: str, element: str) -> np.dtype[Any]:
    """The numpy dtype of an argument's elements; UnsupportedError when the
    host has none."""
    if element not in _DTYPES:
        raise UnsupportedError(
            f"argument #{position} ({type_text}): element type {element} "
            f"has no numpy dtype on the host (allowed: {', '.join(_DTYPES)})")
    return _DTYPES[element]


class _TileParam:
    """How one ``!pto.tile_buf`` argument is bound: checked, then its data
    pointer and dynamic valid extents go to the argument slots."""

    def __init__(self, position: int, tile_type: pto.TileBufType) -> None:
        self.position = position
        self.type_text = str(tile_type)
        self.dtype = _host_dtype(position, self.type_text, str(tile_type.element_type))
        self.tile_shape = (tile_type.rows, tile_type.cols)
        self.valid = tuple(tile_type.valid_shape)
        # The argument's slots are what the host lowering's type converter
        # makes of the type: its bytes (the data pointer), then its `?`
        # valid extents.
        _bytes, *extents = tile_type.lowered_args
        self.dynamic = [_VALID_DIMS[kind] for kind, _ in extents]
        # The array that holds the storage: its shape and memory order.
        boxed = tile_type.slayout != "none_box"
        self.shape = (tile_type.rows * tile_type.cols,) if boxed else self.tile_shape
        self.row_major = boxed or tile_type.blayout == "row_major"
        self.exports_buffer = _exports_buffer(self.dtype)
        self.slots = 1 + len(extents)

    def bind(self, value: Any, slots: _Slots, at: int) -> None:
        if self.dynamic:
            if not (isinstance(value, tuple) and len(value) == 2):
                raise TypeError(
                    f"argument #{self.position} ({self.type_text}) has dynamic valid "
                    f"extents: pass (array, (valid_rows, valid_cols))")
            array, valid = value
            self._check_valid(valid)
            for k, dim in enumerate(self.dynamic):
                slots[at + 1 + k] = int(valid[dim])
        else:
            array = value
        # The common case in a few attribute reads; _check_array explains.
        if (type(array) is not np.ndarray or array.dtype != self.dtype
                or array.shape != self.shape
                or not (array.flags.c_contiguous if self.row_major
                        else array.flags.f_contiguous)
                or not array.flags.writeable):
            self._check_array(array)
        # The buffer protocol gives the data pointer faster than
        # ndarray.ctypes; it wants C order, which a DN array has transposed.
        c_order = array if self.row_major else array.T
        if not self.exports_buffer:
            c_order = c_order.view(np.uint8)
        slots[at] = _addressof(_c_char.from_buffer(c_order))

    def descriptor(self) -> tuple[object, ...]:
        """What the C++ call path (``_pto_kernel_call``) accepts for this
        argument: an array of this dtype object (by identity), storage
        shape and order; with dynamic extents, paired with valid extents in
        range, which fill the slots after the data pointer in the order of
        ``self.dynamic`` (see python/fastcall/KernelCall.cpp)."""
        return (self.dtype, self.shape, not self.row_major,
                self.valid if self.dynamic else None, self.tile_shape,
                tuple(self.dynamic))

    def _check_valid(self, valid: Sequence[int]) -> None:
        valid = tuple(valid)
        problem = valid_shape_problem(valid)
        if problem:
            raise TypeError(f"argument #{self.position} ({self.type_text}): {problem}")
        for dim, (given, static, full) in enumerate(zip(valid, self.valid, self.tile_shape)):
            if static is not None and given != static:
                raise ValueError(
                    f"argument #{self.position} ({self.type_text}): valid extent "
                    f"{dim} is {given}, the type says {static}")
            if not 0 <= given <= full:
                raise ValueError(
                    f"argument #{self.position} ({self.type_text}): valid extent "
                    f"{dim} is {given}, allowed 0..{full}")

    def _check_array(self, array: Any) -> None:
        where = f"argument #{self.position} ({self.type_text})"
        if not isinstance(array, np.ndarray):
            raise TypeError(f"{where}: expected a numpy array, got {type(array).__name__}")
        if array.dtype != self.dtype:
            raise TypeError(f"{where}: dtype is {array.dtype}, expected {self.dtype}")
        if array.shape != self.shape:
            raise ValueError(f"{where}: shape is {array.shape}, expected {self.shape}")
        contiguous = array.flags.c_contiguous if self.row_major else array.flags.f_contiguous
        if not contiguous:
            order = "C (row-major)" if self.row_major else "Fortran (column-major)"
            raise ValueError(f"{where}: the array must be {order}-contiguous "
                             f"(the kernel works on it in place)")
        if not array.flags.writeable:
            raise ValueError(f"{where}: the array is read-only")


def _exports_buffer(dtype: np.dtype[Any]) -> bool:
    """numpy cannot export some dtypes (ml_dtypes' bf16, f8) through the
    buffer protocol; their arrays are bound through a uint8 view."""
    try:
        # (numpy's stubs give arrays the buffer protocol from Python 3.12 on.)
        memoryview(np.zeros(1, dtype))  # type: ignore[arg-type, unused-ignore]
    except ValueError:
        return False
    return True


class _IntParam:
    """An index or integer argument: the runtime's check (arguments.py),
    then its value in the 64-bit slot (a ui64 above 2**63 keeps its bits)."""

    def __init__(self, position: int, arg_type: ir.Type) -> None:
        self.position = position
        self.type = arg_type
        self.type_text = str(arg_type)
        self.range = (0, 1) if integer_width(arg_type) == 1 else integer_range(arg_type)
        self.slots = 1

    def bind(self, value: Any, slots: _Slots, at: int) -> None:
        problem = integer_problem(self.type, value)
        if problem:
            error = ValueError if is_int(value) else TypeError
            raise error(f"argument #{self.position} ({self.type_text}): {problem}")
        slots[at] = int(value)

    def descriptor(self) -> tuple[int, int]:
        """The C++ call path takes an exact Python int in this range (the
        type's, within int64: what it declines goes to bind)."""
        low, high = self.range
        return low, min(high, 2**63 - 1)


class _FloatParam:
    """A float argument: its bits in the low bytes of the slot, where the
    packed entry point reads a value of the type."""

    def __init__(self, position: int, type_text: str) -> None:
        self.position = position
        self.type_text = type_text
        self.dtype: np.dtype[Any] = (np.dtype(np.float64) if type_text == "f64"
                                     else _DTYPES[type_text])
        self.bits = np.dtype(f"u{self.dtype.itemsize}")
        self.slots = 1

    def bind(self, value: Any, slots: _Slots, at: int) -> None:
        # (ml_dtypes' scalars, bf16 among them, are numpy scalars but not
        # np.number.)
        number = isinstance(value, (int, float, np.number)) or (
            isinstance(value, np.generic) and value.dtype.name in _FLOAT_NAMES)
        if isinstance(value, (bool, np.bool_)) or not number:
            raise TypeError(f"argument #{self.position} ({self.type_text}): "
                            f"expected a number, got {type(value).__name__}")
        slots[at] = int(np.array(value, dtype=self.dtype).view(self.bits))


_FLOAT_ARGUMENTS = ("f16", "bf16", "f32", "f64")
# The numpy names of their dtypes (bf16's is ml_dtypes', not imported for it).
_FLOAT_NAMES = ("float16", "bfloat16", "float32", "float64")


class _PointerParam:
    """A ``!pto.ptr`` argument: a non-empty C-contiguous array of its element
    type, any shape, written in place; the host lowering makes the pointer
    two slots (getLoweredPointerTypes, pto/PtoLowering.h): the data pointer
    and the element count its views are checked against."""

    def __init__(self, position: int, pointer_type: pto.PtrType) -> None:
        self.position = position
        self.type_text = str(pointer_type)
        self.dtype = _host_dtype(position, self.type_text, str(pointer_type.element_type))
        self.exports_buffer = _exports_buffer(self.dtype)
        self.slots = 2

    def bind(self, value: Any, slots: _Slots, at: int) -> None:
        where = f"argument #{self.position} ({self.type_text})"
        if not isinstance(value, np.ndarray):
            raise TypeError(f"{where}: expected a numpy array, got {type(value).__name__}")
        if value.dtype != self.dtype:
            raise TypeError(f"{where}: dtype is {value.dtype}, expected {self.dtype}")
        if not value.flags.c_contiguous or not value.flags.writeable or value.size == 0:
            raise ValueError(f"{where}: the array must be non-empty, C-contiguous and "
                             f"writeable (the kernel works on it in place)")
        flat = value.reshape(-1)
        if not self.exports_buffer:
            flat = flat.view(np.uint8)
        # (numpy's stubs give arrays the buffer protocol from Python 3.12 on.)
        slots[at] = _addressof(_c_char.from_buffer(flat))  # type: ignore[arg-type, unused-ignore]
        slots[at + 1] = value.size

    def descriptor(self) -> bool:
        """The C++ call path does not bind pointers: calls fall back."""
        return False


# An argument as the Python call path binds it into its slots.
_Param: TypeAlias = _TileParam | _PointerParam | _IntParam | _FloatParam


def _param(position: int, arg_type: ir.Type) -> _Param:
    if pto.TileBufType.isinstance(arg_type):
        return _TileParam(position, pto.TileBufType(arg_type))
    if pto.PtrType.isinstance(arg_type):
        return _PointerParam(position, pto.PtrType(arg_type))
    if isinstance(arg_type, (ir.IndexType, ir.IntegerType)):
        return _IntParam(position, arg_type)
    if str(arg_type) in _FLOAT_ARGUMENTS:
        return _FloatParam(position, str(arg_type))
    raise UnsupportedError(f"argument #{position} of type {arg_type} cannot be "
                           f"passed to a compiled kernel yet (allowed: "
                           f"!pto.tile_buf, !pto.ptr, index, integers, "
                           f"{', '.join(_FLOAT_ARGUMENTS)})")


# The C type LLVM stores a scalar result of each MLIR type as (the packed
# entry point writes the function's result, a struct of them when there are
# several, through the pointer after the arguments'), and how the
# interpreter holds the value (scalars.py).
_INT_RESULTS = {1: ctypes.c_uint8, 8: ctypes.c_int8, 16: ctypes.c_int16,
                32: ctypes.c_int32, 64: ctypes.c_int64}
_FLOAT_RESULTS = {"f16": ctypes.c_uint16, "bf16": ctypes.c_uint16,
                  "f32": ctypes.c_float, "f64": ctypes.c_double}


class _ScalarResult:
    """One scalar result: its C field and its conversion to the
    interpreter's value."""

    def __init__(self, position: int, result_type: ir.Type) -> None:
        width: int | None
        if isinstance(result_type, ir.IndexType):
            width, kind = 64, "signed"
        elif isinstance(result_type, ir.IntegerType) and result_type.width in _INT_RESULTS:
            width = result_type.width
            kind = ("bool" if width == 1 else
                    "unsigned" if result_type.is_unsigned else "signed")
        elif str(result_type) in _FLOAT_RESULTS:
            width, kind = None, "float"
        else:
            raise UnsupportedError(
                f"result #{position} of type {result_type} cannot be returned from a "
                f"compiled kernel (allowed: index, integers of 1, 8, 16, 32 or 64 bits, "
                f"f16, bf16, f32, f64)")
        self.ctype = _INT_RESULTS[width] if width else _FLOAT_RESULTS[str(result_type)]
        self.kind = kind
        self.mask = (1 << width) - 1 if width else 0
        self.dtype: np.dtype[Any] | None = (
            None if width else np.dtype(np.float64) if str(result_type) == "f64"
            else _DTYPES[str(result_type)])

    def value(self, raw: Any) -> object:
        if self.kind == "bool":
            return bool(raw & 1)
        if self.kind == "unsigned":
            return raw & self.mask
        if self.kind == "signed":
            return raw
        assert self.dtype is not None  # a float's
        if self.ctype is ctypes.c_uint16:   # f16, bf16: their bits
            return np.array(raw, dtype=np.uint16).view(self.dtype)[()]
        return self.dtype.type(raw)


class _PythonBinder:
    """The Python call path: checks every argument (the exact errors of this
    module), binds it into per-thread argument slots and calls the packed
    entry point, and reads the function's scalar results. The C++ path
    (``Kernel``) hands it every call it does not take itself."""

    def __init__(self, compiled: _Compiled, address: int, name: str, params: list[_Param],
                 results: Sequence[_ScalarResult] = ()) -> None:
        self._compiled = compiled  # keeps the engine (and the code) alive
        self.address = address
        self.name = name
        self._params = params
        self._results = results
        # The results' struct, as LLVM lays it out (C's rules).
        self._result_struct = type("Results", (ctypes.Structure,), {"_fields_": [
            (f"r{i}", r.ctype) for i, r in enumerate(results)]})
        self._count = sum(p.slots for p in params) + 1  # + the error slot pointer
        self._function = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(address)
        self._local = threading.local()

    def _buffers(self) -> threading.local:
        """Per-thread argument slots and the pointer array the packed entry
        point reads (one pointer per argument, to its slot; then, for a
        function with results, one to the results' struct)."""
        local = self._local
        if not hasattr(local, "slots"):
            local.slots = (ctypes.c_int64 * self._count)()
            local.error = (ctypes.c_int64 * ERROR_SLOT_WORDS)()
            local.results = self._result_struct()
            base = ctypes.addressof(local.slots)
            pointers = [base + 8 * i for i in range(self._count)]
            if self._results:
                pointers.append(ctypes.addressof(local.results))
            local.argv = (ctypes.c_void_p * len(pointers))(*pointers)
            local.slots[self._count - 1] = ctypes.addressof(local.error)
        return local

    def __call__(self, *args: Any) -> Any:
        if len(args) != len(self._params):
            raise TypeError(f"@{self.name} takes {len(self._params)} arguments, "
                            f"got {len(args)}")
        local = self._local if hasattr(self._local, "slots") else self._buffers()
        slots, at = local.slots, 0
        for param, value in zip(self._params, args):
            param.bind(value, slots, at)
            at += param.slots
        error = local.error
        error[0] = 0
        self._function(local.argv)
        if error[0]:
            self.raise_error(tuple(error))
        if not self._results:
            return None
        values = [r.value(getattr(local.results, f"r{i}"))
                  for i, r in enumerate(self._results)]
        return values[0] if len(values) == 1 else tuple(values)

    def raise_error(self, words: tuple[int, ...]) -> NoReturn:
        """Raises the KernelError of the error slot ``words`` (the failed
        check's code, then its values)."""
        raise KernelError(describe_check(self._compiled.checks[words[0] - 1], words))


# One entry function of a compiled module, ready to call as ``kernel(*args)``
# (python/fastcall/KernelCall.cpp): it binds arrays of exactly the
# parameter's dtype, shape and order, valid extents and ints itself, with no
# Python frame, and hands anything else to the Python binder.
Kernel = _kernel_call.Kernel


def _pipeline(threads: int, parallel_bytes: int | None, target: str | None) -> str:
    """The pass pipeline: pto-to-llvm with its row-splitting options and the
    target whose memory sizes bound placements."""
    options = f"threads={threads}"
    if parallel_bytes is not None:
        options += f" parallel-bytes={parallel_bytes}"
    if target is not None:
        options += f" target={target}"
    return f"builtin.module(pto-to-llvm{{{options}}})"


# The MLIR context modules are compiled in, shared by up to
# _CONTEXT_COMPILES modules: a fresh context per module spent half of the
# pto-to-llvm pipeline's time loading dialects and uniquing the same types
# again; a context's uniqued types and attributes are never freed, so a
# new one replaces it now and then (the old one lives on with its modules).
_CONTEXT_COMPILES = 64
_context: ir.Context | None = None
_context_uses = 0


def _compile_context() -> ir.Context:
    """The context for the next compile (called under _cache_lock)."""
    global _context, _context_uses
    if _context is None or _context_uses == _CONTEXT_COMPILES:
        _context, _context_uses = ir.Context(), 0
    _context_uses += 1
    return _context


class _Compiled:
    # Set by _compile, or from the disk cache's entry (native_cache.py).
    engine: Any
    checks: list[dict[str, Any]]
    _address: Callable[[str], int]

    def __init__(self, module_text: str, opt_level: int, threads: int,
                 parallel_bytes: int | None, target: str | None) -> None:
        self.context = _compile_context()
        with self.context, ir.Location.unknown():
            module = ptoas.parse(module_text)   # PTOAS's memref form too
            function_types = {
                op.attributes["sym_name"].value:
                    ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
                for op in module.body.operations
                if op.operation.name == "func.func"
            }
            self.signatures = {name: list(t.inputs) for name, t in function_types.items()}
            self.params = {name: [_LazyParam(i, t) for i, t in enumerate(types)]
                           for name, types in self.signatures.items()}
            self.result_types = {name: list(t.results) for name, t in function_types.items()}
            self.prints = _prints(module)
            # The engine links nothing but the C library: a declared function
            # (its body elsewhere) would fail to resolve when the module is
            # materialized.
            declared = [name for name, op in
                        ((op.attributes["sym_name"].value, op) for op in module.body.operations
                         if op.operation.name == "func.func")
                        if not op.regions[0].blocks]
            if declared:
                raise UnsupportedError(
                    f"the kernel cannot be compiled for the host: @{declared[0]} is a "
                    f"declaration without a body, which the host engine cannot call")
            store = native_cache.cache()
            name = (native_cache.key(module_text, (opt_level, threads, parallel_bytes, target))
                    if store else None)
            loaded = native_cache.load(store, name) if store else None
            if loaded is None:
                self._compile(module, opt_level, threads, parallel_bytes, target)
                if self.signatures:   # links the code now: a link error is raised here
                    materialize.lookup(self.engine, next(iter(self.signatures)),
                                       UnsupportedError)
                if store and self.signatures:  # (a module without functions has no code)
                    native_cache.save(store, name, self.engine, next(iter(self.signatures)),
                                      self.checks)
                self._address = self.engine.raw_lookup
            else:
                self.checks = loaded.checks
                self._address = loaded.address
        # By entry name: at most one per function of the module.
        self.kernels: dict[str, Callable[..., Any]] = {}

    def _compile(self, module: ir.Module, opt_level: int, threads: int,
                 parallel_bytes: int | None, target: str | None) -> None:
        """Lowers and compiles ``module``: sets ``checks`` and ``engine``."""
        try:
            passmanager.PassManager.parse(_pipeline(threads, parallel_bytes, target)).run(
                module.operation)
        except ir.MLIRError as error:
            raise UnsupportedError(
                "the kernel cannot be compiled for the host:\n" +
                "\n".join(str(d) for d in error.error_diagnostics)) from None
        attrs = module.operation.attributes
        self.checks = ([_read_check(a) for a in attrs[_ERRORS_ATTR]]
                       if _ERRORS_ATTR in attrs else [])
        # Position-independent, so that the disk cache can link the same
        # code into a shared object (native_cache.py).
        self.engine = ExecutionEngine(module, opt_level=opt_level, enable_pic=True)
        self.engine.raw_register_runtime(_core_grid.SYMBOL,
                                         ctypes.c_void_p(_core_grid.address()))
        for symbol, address in _tile_print.symbols():
            self.engine.raw_register_runtime(symbol, ctypes.c_void_p(address))
        if threads > 1:
            self.engine.raw_register_runtime(
                _parallel_rows.SYMBOL, ctypes.c_void_p(_parallel_rows.address()))

    def kernel(self, entry: str) -> Callable[..., Any]:
        kernel = self.kernels.get(entry)
        if kernel is None:
            if entry not in self.signatures:
                raise KeyError(f"no function @{entry} in the module (has: "
                               f"{', '.join('@' + n for n in self.signatures)})")
            with self.context:
                params = [p.resolve() for p in self.params[entry]]
                results = [_ScalarResult(i, t)
                           for i, t in enumerate(self.result_types[entry])]
            address = self._address(entry)
            if not address:  # (materialize.lookup checked the module's link)
                raise UnsupportedError(f"the kernel cannot be compiled for the host: "
                                       f"@{entry} has no compiled code")
            binder = _PythonBinder(self, address, entry, params, results)
            # The C++ path binds tiles and ints and passes no results'
            # pointer: a function with float arguments or with results is
            # called through the binder.
            descriptors = tuple(p.descriptor() for p in params if not isinstance(p, _FloatParam))
            direct = not results and len(descriptors) == len(params)
            kernel = Kernel(entry, address, descriptors, binder,
                            binder.raise_error, ERROR_SLOT_WORDS) if direct else binder
            kernel = self.kernels[entry] = _Printing(kernel) if self.prints else kernel
        return kernel


def _prints(module: ir.Module) -> bool:
    """Whether ``module`` has a ``pto.tprint``."""
    found = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "pto.tprint":
            found.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return bool(found)


# Per thread: the list collected_prints() gathers the thread's prints in.
_print_sinks = threading.local()


@contextlib.contextmanager
def collected_prints() -> Iterator[list[str]]:
    """Within it, what the calling thread's kernels print goes to the list
    it yields, a text per call, instead of sys.stdout (a grid's cores run
    on threads, and print in core order: engine.py)."""
    outer = getattr(_print_sinks, "sink", None)
    sink: list[str] = []
    _print_sinks.sink = sink
    try:
        yield sink
    finally:
        _print_sinks.sink = outer


class _Printing:
    """A kernel whose tprints (_pto_tile_print, pto/TilePrintABI.h) wrote
    text for the calling thread: each call hands that text to sys.stdout
    (or collected_prints()'s list) when it returns or fails, as the
    interpreter's prints reach it."""

    def __init__(self, kernel: Callable[..., Any]) -> None:
        self._kernel = kernel

    def __call__(self, *args: Any) -> Any:
        try:
            return self._kernel(*args)
        finally:
            sink = getattr(_print_sinks, "sink", None)
            (sys.stdout.write if sink is None else sink.append)(_tile_print.take())


def allocating(kernel: Any, results: int, fallback: Callable[..., Any]) -> Any:
    """A ``Kernel`` of ``kernel``'s entry point that takes all but its last
    ``results`` arguments, allocates those out-parameters zero-filled itself
    and returns them (one as is, several as a tuple); the calls it declines
    go to ``fallback(*args)``. The out-parameters must be tiles with static
    valid extents. A function the C++ path does not take (float arguments:
    ``kernel`` is the binder itself) gets ``fallback``."""
    if isinstance(kernel, (_PythonBinder, _Printing)):
        return fallback
    binder = kernel.fallback
    return Kernel(binder.name, binder.address, tuple(p.descriptor() for p in binder._params),
                  fallback, binder.raise_error, ERROR_SLOT_WORDS, results=results)


def _read_check(attr: ir.Attribute) -> dict[str, Any]:
    """One run-time check of the lowered module (TileLowering.h's
    describeOpFailure) as failures.describe_check takes it."""
    check = ir.DictAttr(attr)
    text = ir.DictAttr(check["text"])
    return {"kind": ir.StringAttr(check["kind"]).value,
            "op": ir.StringAttr(check["op"]).value,
            "text": {text[i].name: ir.StringAttr(text[i].attr).value
                     for i in range(len(text))},
            "unsigned": {ir.StringAttr(a).value for a in ir.ArrayAttr(check["unsigned"])}}


class _LazyParam:
    """Argument types are read before lowering; a function's parameters are
    checked only when it is called, so one odd function does not block the
    others."""

    def __init__(self, position: int, arg_type: ir.Type) -> None:
        self.position = position
        self.arg_type = arg_type

    def resolve(self) -> _Param:
        return _param(self.position, self.arg_type)


# Compiled modules by (text, opt_level, threads, parallel_bytes, target), least
# recently used dropped first.
# Each holds an ExecutionEngine (native code, an MLIR context); a process that
# generates kernels (shape sweeps, property tests) would otherwise keep every
# one. 64 covers the modules a program alternates between; a kernel already
# handed out keeps its own engine alive, so eviction never frees running code.
_CACHE_SIZE = 64
_cache_lock = threading.Lock()  # one compile per module even when threads race


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _compiled(text: str, opt_level: int, threads: int, parallel_bytes: int | None,
              target: str | None) -> _Compiled | UnsupportedError:
    """The compiled module, or the UnsupportedError compiling it raised: kept
    too, so that a module the host cannot compile as a whole is not lowered
    again on every call."""
    try:
        return _Compiled(text, opt_level, threads, parallel_bytes, target)
    except UnsupportedError as error:
        return error


def _compiled_for(text: str, entry: str, *options: Any) -> _Compiled:
    """The compiled module holding ``entry``: the whole of ``text``, or, when
    the host cannot compile that, ``entry``'s closure."""
    compiled = _compiled(text, *options)
    if isinstance(compiled, UnsupportedError):
        closure = entry_closure(text, entry)
        # (The cache may hand back an equal string, not this object.)
        if closure != text:
            compiled = _compiled(closure, *options)
    if isinstance(compiled, UnsupportedError):
        raise compiled.with_traceback(None)
    return compiled


def _count_option(name: str, value: int | None, variable: str,
                  default: Callable[[], int | None]) -> int | None:
    """``value`` if given, else the environment ``variable``'s, else
    ``default()``; a positive int."""
    if value is None:
        text = os.environ.get(variable)
        if text is None:
            return default()
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{variable} must be a positive integer, got {text!r}") from None
        where = variable
    else:
        where = name
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{where} must be a positive integer, got {value!r}")
    return value


def default_threads() -> int:
    """How many threads the JIT runs on when not told (``compile``'s
    ``threads``, a grid's cores): ``PTO_JIT_THREADS``, else the CPUs this
    process may use."""
    threads = _count_option("threads", None, "PTO_JIT_THREADS",
                            lambda: len(os.sched_getaffinity(0)))
    assert threads is not None
    return threads


def compile(module: ir.Module | str, entry: str, *, opt_level: int = DEFAULT_OPT_LEVEL,
            threads: int | None = None, parallel_bytes: int | None = None,
            target: str | None = None) -> Callable[..., Any]:
    """The callable kernel for ``entry``; compiles the module on first use.
    ``threads``: how many threads a large op's rows run on (default
    ``PTO_JIT_THREADS``, else the CPUs this process may use; 1 pins every op
    to the calling thread); ``parallel_bytes``: the work an op must have to be
    split, its tiles' bytes times its cost per byte against a copy (default
    ``PTO_JIT_PARALLEL_BYTES``, else 4 MiB); ``target`` (one of
    ``pto.TARGETS``): whose memory sizes bound placed tiles when the module
    names no target (a placement past them fails when it runs, as on the
    interpreter); by default either target's larger sizes."""
    if target is not None and target not in pto.TARGETS:
        raise ValueError(f"target {target!r} is unknown (targets: {', '.join(pto.TARGETS)})")
    text = module if isinstance(module, str) else str(module)
    threads = default_threads() if threads is None else _count_option(
        "threads", threads, "PTO_JIT_THREADS", lambda: None)
    parallel_bytes = _count_option("parallel_bytes", parallel_bytes,
                                   "PTO_JIT_PARALLEL_BYTES", lambda: None)
    with _cache_lock:
        compiled = _compiled_for(text, entry, opt_level, threads, parallel_bytes, target)
    return compiled.kernel(entry)


def run(module: ir.Module | str, entry: str, *args: Any, **options: Any) -> Any:
    """Runs ``entry`` of ``module`` (an ``ir.Module`` or its text) on ``args``;
    returns its scalar results (None without any; several as a tuple).
    Options: those of ``compile`` (``opt_level``, LLVM, default 3;
    ``threads``; ``parallel_bytes``; ``target``)."""
    return compile(module, entry, **options)(*args)


def disk_cache_stats() -> dict[str, Any]:
    """The disk cache in this process: ``{"directory": its directory (None
    when off), "hits": modules loaded from it, "misses": modules compiled
    because it had none, "stores": entries written}``. Entries are written
    on a thread; ``wait_for_disk_cache()`` waits for those under way."""
    return native_cache.stats()


def wait_for_disk_cache() -> None:
    """Waits until the entries this process is writing are written."""
    native_cache.wait()


def parallel_stats() -> dict[str, int]:
    """What the row dispatcher has done in this process so far: ``{"calls":
    ops run in parts, "parts": the parts they had}``. An op's call is run
    in parts when its kernel was compiled with ``threads`` > 1 and its tiles
    hold at least ``parallel_bytes`` bytes."""
    calls, parts = _parallel_rows.stats()
    return {"calls": calls, "parts": parts}
