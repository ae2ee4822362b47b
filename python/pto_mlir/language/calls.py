"""Calling a compiled specialization on numpy arrays, on any engine.

- ``"jit"``: the Level 1 module goes through ``pipeline.to_dps`` (results
  become out-parameters) and ``runtime.jit.compile``; a call goes to its
  ``Kernel`` made by ``jit.allocating``, which binds the caller's arrays
  and allocates the zero-filled result buffers in C++. Only arguments it
  does not take as they are (another memory order, a boxed layout's
  logical array, a ``runtime.Tile`` with a valid shape, a wrong type) go
  through the checked path, which raises ``ArgumentError`` naming the
  argument or converts them to the layout's storage order.
- ``"interp"`` and ``"pto-isa"``: ``runtime.run`` on the same Level 1
  module (pto-isa's CPU simulator runs what PTOAS can express,
  docs/runtime.md).
- a kernel taking global memory (``pl.Ptr``) goes through ``runtime.run``
  on every engine: it checks the arrays (naming each argument), runs on
  copies of those the kernel writes and copies them back into the
  caller's arrays after a successful run (``call_runtime``).
All return numpy arrays in logical ``(rows, cols)`` order, C-ordered
(contiguous, whatever the layout): one result as is, several as a tuple,
none as None.
"""
import numpy as np

from .. import runtime
from ..runtime import jit
from ..runtime.arguments import Parameters, Tile as ValidTile
from ..runtime.values import is_tile_type, tile_spec

__all__ = ["JitCall", "call_runtime"]


def call_runtime(module, name, args, engine, result_count, grid=1):
    """``runtime.run`` of the Level 1 module on ``grid``; the kernel's
    results only (the arrays it wrote in place, which run also returns, are
    the caller's)."""
    values = runtime.run(module, name, *args, engine=engine, grid=grid)
    values = list(values) if isinstance(values, tuple) else [] if values is None else [values]
    results = values[:result_count]
    return results[0] if len(results) == 1 else (tuple(results) if results else None)


def _as_pair(arg):
    return (arg.array, arg.valid) if isinstance(arg, ValidTile) else arg


class _Storage:
    """One tile's storage as the JIT takes it: ND a C-ordered (rows, cols)
    array, DN a Fortran-ordered one, boxed layouts a flat box-order array."""

    def __init__(self, tile_type):
        self.spec = spec = tile_spec(tile_type)
        self.boxed = spec.slayout != "none_box"
        self.order = "F" if spec.blayout == "col_major" and not self.boxed else "C"
        self.shape = (spec.rows * spec.cols,) if self.boxed else spec.shape
        self.dynamic = None in spec.static_valid

    def from_logical(self, array):
        if self.boxed:
            storage = np.empty(self.shape, self.spec.dtype)
            storage[self.spec.offsets] = array
            return storage
        return np.array(array, order=self.order)

    @property
    def reordered(self):
        """Whether the storage is not the C-ordered logical array."""
        return self.boxed or self.order == "F"

    def to_logical(self, storage):
        if self.boxed:
            return storage[self.spec.offsets]
        return np.ascontiguousarray(storage)


class JitCall:
    """The JIT's kernel for one specialization; ``call(*args)`` returns fresh
    result arrays."""

    def __init__(self, compiled, name, signature, param_names):
        self.kernel = compiled
        self.name = name
        self.signature = signature
        # Level 1 and no global memory: no argument is written.
        self.parameters = Parameters(name, signature, written=frozenset(), names=param_names)
        self.inputs = [_Storage(t) if is_tile_type(t) else None for t in signature.inputs]
        results = [_Storage(t) for t in signature.results]
        self.result_shapes = [(r.shape, r.spec.dtype, r.order) for r in results]
        self.results = results
        self.reordered_results = any(r.reordered for r in results)
        self.dynamic_results = any(r.dynamic for r in results)
        # The call overhead is most of a small kernel's time: the common call
        # binds the arguments and allocates the results in C++, with no
        # Python frame, and hands the calls it declines to __call__. Boxed
        # and DN results, which need a reordering, and results with `?`
        # valid extents, which the kernel returns, always take __call__.
        if self.reordered_results or self.dynamic_results:
            self.call = self._call
        else:
            self.call = jit.allocating(compiled, len(results), self._call)

    def _call(self, *args):
        return self(args)

    def __call__(self, args):
        outs = [np.zeros(shape, dtype, order=order)
                for shape, dtype, order in self.result_shapes]
        try:
            # The JIT takes a tile with its valid shape as (array, (rows,
            # cols)); it checks the pair, and anything it refuses goes the
            # checked way, which names the problem.
            extents = self.kernel(*(_as_pair(a) for a in args), *outs)
        except (TypeError, ValueError):
            extents = self.kernel(*self.checked(args), *outs)
        if self.reordered_results:
            outs = [r.to_logical(o) for r, o in zip(self.results, outs)]
        if self.dynamic_results:
            outs = self.with_valid_shapes(outs, extents)
        return outs[0] if len(outs) == 1 else (tuple(outs) if outs else None)

    def with_valid_shapes(self, outs, extents):
        """Each result with `?` valid extents as a ``runtime.Tile`` with the
        extents the kernel returned (rows first, pipeline.to_dps), as the
        other engines return it."""
        returned = iter(extents if isinstance(extents, tuple) else (extents,))
        return [ValidTile(out, r.spec.take_valid(returned)) if r.dynamic else out
                for r, out in zip(self.results, outs)]

    def checked(self, args):
        """The arguments checked as the runtime checks them (ArgumentError),
        in the form the JIT takes."""
        self.parameters.bind(args)
        converted = []
        for storage, arg in zip(self.inputs, args):
            if storage is None:
                converted.append(int(arg))
                continue
            array, valid = (arg.array, arg.valid) if isinstance(arg, ValidTile) else (arg, None)
            array = storage.from_logical(array)
            if storage.dynamic:
                converted.append((array, tuple(int(v) for v in valid)))
            else:
                converted.append(array)
        return converted
