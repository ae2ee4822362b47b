"""``@pl.kernel``: a Python function compiled to a Level 1 pto module.

A ``Kernel`` compiles one ``Specialization`` per argument signature (the
shapes and dtypes of the arrays passed for generic ``pl.Tile`` parameters;
a fully annotated kernel has exactly one), kept in a bounded LRU cache.
Each specialization is built once, in the language's own MLIR context; its
Level 2 form, LLVM form and JIT kernel are made when first asked for.
"""
from __future__ import annotations

import collections
import functools
import threading
from collections.abc import Callable
from typing import Any, NamedTuple, overload

import numpy as np

from .. import ir, pipeline
from ..dialects import pto
from ..runtime import ENGINES, TARGETS, ArgumentError, KernelError, jit
from ..runtime.arguments import Tile as ValidTile, describe_argument
from ..runtime.placement import PlacementError, placement_problem
from .calls import JitCall, call_runtime
from .errors import CompileError, pipeline_failure
from .params import read_params
from .source import KernelSource
from .unit import Unit

__all__ = ["Kernel", "kernel", "Specialization", "ENGINES", "TARGETS", "DEFAULT_CACHE_SIZE"]

DEFAULT_CACHE_SIZE = 64
_INTERP_ADVICE = ": run it with engine=\"interp\""

# All kernels are built in one context, one at a time (a context is not
# safe to build in from several threads).
_context: ir.Context | None = None
_lock = threading.RLock()


def _shared_context() -> ir.Context:
    global _context
    if _context is None:
        _context = ir.Context()
    return _context


class Specialization:
    """A kernel compiled for one signature: ``.mlir`` (Level 1 text),
    ``.dps`` (placed Level 2), ``.llvm`` (the LLVM dialect), ``module()`` (a
    fresh ``ir.Module`` to hand to ``pto_mlir.pipeline`` or to export)."""

    def __init__(self, kernel: Kernel, target: str | None, arg_types: list[ir.Type]) -> None:
        with _shared_context(), ir.Location.unknown():
            unit = Unit(target)
            function = unit.define(kernel, arg_types)
            self.module_ir = unit.verified()
            self.name = ir.StringAttr(function.attributes["sym_name"]).value
            self.signature = ir.FunctionType(
                ir.TypeAttr(function.attributes["function_type"]).value)
            # A kernel on global memory writes the caller's arrays: both
            # engines run it through runtime.run, which copies them back
            # only when the run succeeds.
            self.takes_global = any(pto.PtrType.isinstance(t) for t in self.signature.inputs)
            # pl.Tensor parameters: (position, name, the shape their array has).
            self.tensor_shapes = [(i, p.name, tuple(pto.TensorViewType(t).shape))
                                  for i, (p, t) in enumerate(zip(kernel.params, arg_types))
                                  if p.tensor is not None]
        self.param_names = kernel.param_names
        self.mlir = str(self.module_ir)
        self.text = self.module_ir.operation.get_asm(enable_debug_info=True)
        self._dps: tuple[str, str] | None = None
        self._llvm: str | None = None
        self._jit: JitCall | None = None

    def module(self) -> ir.Module:
        """A copy of the Level 1 module (with its source locations) in a new
        context."""
        return ir.Module.parse(self.text, context=ir.Context())

    def _to_dps(self, placement: str) -> tuple[str, str]:
        """The Level 2 module (pipeline.to_dps with ``placement``) as text:
        (plain, with locations)."""
        module = self.module()
        try:
            pipeline.to_dps(module, placement=placement)
        except pipeline.PipelineError as error:
            raise pipeline_failure(f"@{self.name} cannot be converted to Level 2 "
                                   "(pto-to-dps)", error, _INTERP_ADVICE) from None
        return str(module), module.operation.get_asm(enable_debug_info=True)

    def _placed(self) -> tuple[str, str]:
        """The placed Level 2 module as text: (plain, with locations)."""
        if self._dps is None:
            self._dps = self._to_dps("auto")
        return self._dps

    @property
    def dps(self) -> str:
        """The placed Level 2 module (pipeline.to_dps of ``mlir``), as text."""
        return self._placed()[0]

    @property
    def llvm(self) -> str:
        """pipeline.to_llvm of ``dps``, as text (the JIT compiles the same
        module unplaced)."""
        if self._llvm is None:
            module = ir.Module.parse(self._placed()[1], context=ir.Context())
            try:
                pipeline.to_llvm(module)
            except pipeline.PipelineError as error:
                raise pipeline_failure(f"@{self.name} cannot be lowered to LLVM (pto-to-llvm)",
                                       error, _INTERP_ADVICE) from None
            self._llvm = str(module)
        return self._llvm

    def jit(self) -> JitCall:
        """The JIT's call of this specialization, compiled on first use."""
        if self._jit is None:
            with _lock:
                if self._jit is None:
                    # Refused as runtime.run refuses it on the other
                    # engines (runtime/placement.py).
                    problem = placement_problem(self.module_ir, self.name, None)
                    if problem is not None:
                        raise PlacementError(problem)
                    try:
                        # Unplanned, as the interpreter runs the Level 1
                        # module: pto-plan-memory places each function by
                        # itself, and the JIT honours placements.
                        compiled = jit.compile(self._to_dps("none")[1], self.name)
                    except jit.UnsupportedError as error:
                        raise CompileError(f"the JIT cannot run @{self.name}: {error}"
                                           f"{_INTERP_ADVICE}") from None
                    with _shared_context():
                        self._jit = JitCall(compiled, self.name, self.signature,
                                            self.param_names)
        return self._jit

    def _check_tensor_shapes(self, args: tuple[object, ...]) -> None:
        """A pl.Tensor's array has its shape (the runtime checks the rest of
        global memory: dtype, memory order, writability)."""
        if len(args) != len(self.param_names):
            return  # the runtime's message
        for position, name, shape in self.tensor_shapes:
            array = args[position]
            if isinstance(array, np.ndarray) and array.shape != shape:
                where = describe_argument(position, name, self.signature.inputs[position])
                raise ArgumentError(f"{where}: shape is {array.shape}, expected {shape}")

    def __call__(self, *args: object, engine: str = "jit",
                 grid: int | tuple[int, int] = 1) -> Any:
        if engine not in ENGINES:
            raise ArgumentError(f"engine '{engine}' is unknown (engines: {', '.join(ENGINES)})")
        if engine == "jit" and not self.takes_global and grid == 1:
            return self.jit().call(*args)
        self._check_tensor_shapes(args)
        with _lock:
            try:
                return call_runtime(self.module_ir, self.name, args, engine,
                                    len(self.signature.results), grid)
            except (jit.UnsupportedError, pipeline.PipelineError) as error:
                if engine != "jit":
                    raise
                raise CompileError(f"the JIT cannot run @{self.name}: {error}"
                                   f"{_INTERP_ADVICE}") from None


def _array_key(position: int, param: Any, value: object) -> Any:
    array = value.array if isinstance(value, ValidTile) else value
    if not isinstance(array, np.ndarray):
        raise ArgumentError(f"argument #{position} ('{param.name}'): expected a numpy "
                            f"array, got {type(value).__name__}")
    # A pointer is typed by its dtype alone: an array of any shape is the same
    # kernel (a pl.Tensor, like a tile, by its shape too).
    bare_pointer = param.pointer is not None and param.tensor is None
    return array.dtype if bare_pointer else (array.dtype, array.shape)


class Kernel:
    """A ``@pl.kernel`` function; call it on numpy arrays and ints."""

    _pl_kernel = True  # how the front end recognizes a call of another kernel
    # What a call reads and writes lives in slots: functools.update_wrapper
    # fills the instance __dict__ in a way that makes every dict attribute
    # access slower, ~0.15 us per call, half the call overhead of a small
    # kernel.
    __slots__ = ("__dict__", "__weakref__", "_fast", "_hits")
    __name__: str  # the function's (functools.update_wrapper)

    def __init__(self, fn: Callable[..., Any], target: str | None = None,
                 cache_size: int = DEFAULT_CACHE_SIZE) -> None:
        if target is not None and target not in TARGETS:
            raise ValueError(f"target {target!r} is unknown (targets: {', '.join(TARGETS)})")
        if not isinstance(cache_size, int) or cache_size < 1:
            raise ValueError(f"cache_size must be a positive int, got {cache_size!r}")
        functools.update_wrapper(self, fn)
        self.source = KernelSource(fn)
        self.params = read_params(fn, self.source.where(self.source.tree))
        self.param_names = [p.name for p in self.params]
        self._positions = {name: i for i, name in enumerate(self.param_names)}
        self.target = target
        self.cache_size = cache_size
        self._generic = [i for i, p in enumerate(self.params) if p.is_generic]
        self._cache: collections.OrderedDict[tuple[Any, ...], Specialization] = (
            collections.OrderedDict())
        self._hits = self._misses = 0
        self._last: Specialization | None = None
        # The JIT call of the one specialization, once made.
        self._fast: Callable[..., Any] | None = None

    # -- calls ----------------------------------------------------------------

    def __call__(self, *args: object, engine: str = "jit", grid: int | tuple[int, int] = 1,
                 **keywords: object) -> Any:
        # The errors a caller can act on end their traceback here, at the
        # user's call, not in the compiler or the runtime.
        try:
            if keywords:
                args = self._bind_keywords(args, keywords)
            fast = self._fast
            if fast is not None and engine == "jit" and grid == 1:
                self._hits += 1
                return fast(*args)
            spec = self._cache.get(self._key(args)) if self._generic else self._cache.get(())
            if spec is None:
                spec = self.specialize(*args)
            else:
                self._hits += 1
            if engine == "jit" and not self._generic and not spec.takes_global:
                self._fast = spec.jit().call
            return spec(*args, engine=engine, grid=grid)
        except (CompileError, ArgumentError, KernelError) as error:
            raise error.with_traceback(None) from None

    def _bind_keywords(self, args: tuple[object, ...],
                       keywords: dict[str, object]) -> tuple[object, ...]:
        """``args`` with the ``keywords`` arguments put at their parameters'
        positions, as Python binds a call (``engine`` and ``grid`` are the call's own)."""
        self._check_count(args, at_most=True)
        bound = list(args) + [_MISSING] * (len(self.params) - len(args))
        for name, value in keywords.items():
            position = self._positions.get(name)
            if position is None:
                raise ArgumentError(f"@{self.__name__} has no parameter '{name}' (parameters: "
                                    f"{', '.join(self.param_names)})")
            if bound[position] is not _MISSING:
                raise ArgumentError(f"@{self.__name__}: argument '{name}' is given twice, by "
                                    f"position (#{position}) and by keyword")
            bound[position] = value
        missing = [name for name, value in zip(self.param_names, bound) if value is _MISSING]
        if missing:
            raise ArgumentError(f"@{self.__name__}: missing argument "
                                f"{', '.join(repr(name) for name in missing)}")
        return tuple(bound)

    def _check_count(self, args: tuple[object, ...], at_most: bool = False) -> None:
        if at_most and len(args) <= len(self.params):
            return
        if len(args) != len(self.params):
            raise ArgumentError(f"@{self.__name__} takes {len(self.params)} arguments, "
                                f"got {len(args)}")

    def _key(self, args: tuple[object, ...]) -> tuple[Any, ...]:
        self._check_count(args)
        return tuple(_array_key(i, self.params[i], args[i]) for i in self._generic)

    def specialize(self, *args: object, **keywords: object) -> Specialization:
        """The Specialization for these arguments (compiled on first use),
        given as for a call."""
        if keywords:
            args = self._bind_keywords(args, keywords)
        # (A kernel that is not generic is built from these arguments too.)
        self._check_count(args)
        key: tuple[Any, ...] = self._key(args) if self._generic else ()
        with _lock:
            spec = self._cache.get(key)
            if spec is not None:
                self._cache.move_to_end(key)
                self._last = spec
                return spec
            with _shared_context():
                types: list[ir.Type] = []
                for position, (param, arg) in enumerate(zip(self.params, args)):
                    try:
                        types.append(param.type_for_array(arg))
                    except TypeError as problem:
                        raise ArgumentError(f"argument #{position} ('{param.name}'): "
                                            f"{problem}") from None
                    except ValueError as problem:
                        raise CompileError(f"parameter '{param.name}': {problem}",
                                           self.source.where(self.source.tree)) from None
            try:
                spec = Specialization(self, self.target, types)
            except CompileError as error:
                raise error.with_traceback(None) from None
            self._misses += 1
            self._cache[key] = spec
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
            self._last = spec
            return spec

    # -- the stages of the default specialization ----------------------------

    def _default(self) -> Specialization:
        if not self._generic:
            return self.specialize(*[None] * len(self.params))
        if self._last is None:
            raise CompileError(f"@{self.__name__} is generic (its tile shapes or element "
                               "types come from the arguments): call it or use "
                               f"{self.__name__}.specialize(*arrays) first")
        return self._last

    def _stage(self, name: str) -> Any:
        try:
            return getattr(self._default(), name)
        except CompileError as error:
            raise error.with_traceback(None) from None

    @property
    def mlir(self) -> str:
        """The Level 1 module as text (the fully annotated signature, or the
        one last called)."""
        return self._stage("mlir")

    @property
    def dps(self) -> str:
        """The placed Level 2 module (``pipeline.to_dps``) as text."""
        return self._stage("dps")

    @property
    def llvm(self) -> str:
        """The LLVM dialect module (``pipeline.to_llvm``) as text."""
        return self._stage("llvm")

    def module(self) -> ir.Module:
        """A fresh ``ir.Module`` of the Level 1 module."""
        return self._stage("module")()

    def cache_info(self) -> CacheInfo:
        """(hits, misses, size, maxsize) of the specialization cache."""
        return CacheInfo(self._hits, self._misses, len(self._cache), self.cache_size)

    def cache_clear(self) -> None:
        """Drops every compiled specialization and resets the counts."""
        with _lock:
            self._cache.clear()
            self._hits = self._misses = 0
            self._last = self._fast = None

    def __repr__(self) -> str:
        return f"<pl.kernel {self.__name__}>"


class CacheInfo(NamedTuple):
    """A kernel's specialization cache, as ``functools.lru_cache`` counts it."""

    hits: int
    misses: int
    size: int
    maxsize: int


_MISSING = object()  # a parameter no argument was bound to yet


@overload
def kernel(fn: Callable[..., Any], *, target: str | None = None,
           cache_size: int = DEFAULT_CACHE_SIZE) -> Kernel: ...


@overload
def kernel(fn: None = None, *, target: str | None = None,
           cache_size: int = DEFAULT_CACHE_SIZE) -> Callable[[Callable[..., Any]], Kernel]: ...


def kernel(fn: Callable[..., Any] | None = None, *, target: str | None = None,
           cache_size: int = DEFAULT_CACHE_SIZE
           ) -> Kernel | Callable[[Callable[..., Any]], Kernel]:
    """``@pl.kernel`` or ``@pl.kernel(target="a5", cache_size=64)``."""
    def make(f: Callable[..., Any]) -> Kernel:
        try:
            return Kernel(f, target, cache_size)
        except CompileError as error:
            raise error.with_traceback(None) from None
    return make if fn is None else make(fn)
