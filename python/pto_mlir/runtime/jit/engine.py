"""``run(..., engine="jit")``: checked arguments handed to the compiled
engine (jit/__init__.py) in its calling convention.

jit/__init__.py runs Level 2 functions on arrays in storage order (C order for ND,
Fortran order for DN), written in place, with ``(array, (vr, vc))`` for
dynamic valid shapes; a global array (``!pto.ptr``) as a copy of its
elements. A Level 1 kernel is first converted by
``pipeline.to_dps``: its results become zero-filled out-parameters after
the inputs, which keep their positions, and it returns the `?` valid
extents of its results (a ``Tile`` then, as on the interpreter). The out-parameters are the buffer
arguments the kernel's ops may write (writes.py, as on the interpreter),
copied back from the engine's copies, so the caller's arrays change only
on success.

The text handed to jit/__init__.py (after ``to_dps`` for Level 1) is derived once
per Kernel, which lives as long as its module is unchanged (__init__.py):
a call neither prints the module nor converts it again, and jit/__init__.py finds
its compiled code by the same string.
"""
import contextlib
import sys
import weakref
from typing import Any

import numpy as np

from ... import ir, pipeline
from ...dialects import pto
from .. import _pto_core_grid as _core_grid, jit
from ..arguments import Tile
from ..globals import GlobalArray
from ..grid import SINGLE_CORE
from ..values import TileValue, tile_spec

__all__ = ["run_jit"]


def _engine_array(spec, elements):
    """A tile's elements in storage order (1-D) shaped as jit/__init__.py takes
    them: ND ``(rows, cols)`` in C order, DN the same in Fortran order
    (both views of ``elements``), boxed layouts as they are."""
    if spec.slayout != "none_box":
        return elements
    return elements.reshape(spec.shape, order="C" if spec.blayout == "row_major" else "F")


def _copy_for_engine(value):
    """A copy of a bound tile's bytes (the caller's array changes only on
    success), as jit/__init__.py takes it."""
    return _engine_array(value.spec, value.storage.bytes.view(value.spec.dtype).copy())


def _logical(spec, work):
    """The logical ``(rows, cols)`` array of a tile jit/__init__.py worked on."""
    return work if spec.slayout == "none_box" else work[spec.offsets]


def _jit_value(spec, array, valid):
    return (array, valid) if None in spec.static_valid else array


def _jit_scalar(value):
    """jit/__init__.py takes an ``i1`` as the int 0 or 1; the binding holds a bool."""
    return int(value) if isinstance(value, bool) else value


def _text_with_locations(module):
    """jit/__init__.py compiles module text; with the locations in it, its errors
    point at the caller's source, not at a reprint."""
    return module.operation.get_asm(enable_debug_info=True)


def _is_level1(kernel):
    """Whether the entry holds Level 1 tiles: in its signature, or (a kernel
    taking global memory and returning nothing) among its ops' results."""
    signature = kernel.signature
    if any(pto.TileType.isinstance(t) for t in [*signature.inputs, *signature.results]):
        return True
    found = []

    def visit(op):
        if any(pto.TileType.isinstance(r.type) for r in op.results):
            found.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    kernel.function.operation.walk(visit)
    return bool(found)


# Kernel -> (module text for jit/__init__.py, specs of a Level 1 kernel's results).
_engine_inputs: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _engine_input(module, entry, kernel):
    """What jit/__init__.py runs for ``kernel`` (entry ``entry`` of ``module``)."""
    found = _engine_inputs.get(kernel)
    if found is None:
        text = _text_with_locations(module)
        specs = []
        if _is_level1(kernel):
            # Only what the entry reaches is converted: another function
            # pto-ssa-to-dps cannot take does not refuse this one.
            converted = ir.Module.parse(jit.entry_closure(text, entry))
            # Unplanned, as the interpreter runs it: the buffers to_dps
            # makes get memory of their own (pto-plan-memory places each
            # function by itself, so a callee's buffers could share bytes
            # with its caller's; the placements the kernel makes are kept).
            pipeline.to_dps(converted, placement="none")
            text = _text_with_locations(converted)
            specs = [tile_spec(t) for t in kernel.signature.results]
        found = _engine_inputs[kernel] = (text, specs)
    return found


def _run_cores(text, entry, args, target, cores):
    """jit.run on every core of ``cores`` (grid.py), each on ``args``; the
    compiled code reads each core's position from _pto_core_grid
    (pto/CoreGridABI.h). Returns the last core's results."""
    if cores == [SINGLE_CORE]:
        return jit.run(text, entry, *args, target=target)
    kernel = jit.compile(text, entry, target=target)
    parts = _parts(cores, jit.default_threads())
    if len(parts) == 1:
        return _run_part(kernel, args, cores, collect=False)[2]
    return _run_parts(kernel, args, parts)


def _parts(cores, threads):
    """``cores`` in at most ``threads`` runs of consecutive cores, as even
    as can be."""
    count = min(threads, len(cores))
    size, extra = divmod(len(cores), count)
    bounds = [k * size + min(k, extra) for k in range(count + 1)]
    return [cores[bounds[k]:bounds[k + 1]] for k in range(count)]


def _run_part(kernel, args, cores, collect=True):
    """Runs ``cores`` in order on the calling thread, each on ``args``, up
    to the first that fails: (what each printed, collected or else written
    out, the failure or None, the last result)."""
    printed, returned = [], None
    try:
        for core in cores:
            _core_grid.set_position(*core)
            with (jit.collected_prints() if collect else contextlib.nullcontext([])) as texts:
                try:
                    returned = kernel(*args)
                except Exception as failure:   # raised by _run_parts, in core order
                    if not collect:
                        raise
                    return printed + texts, failure, None
            printed += texts
    finally:
        _core_grid.set_position(*SINGLE_CORE)
    return printed, None, returned


def _run_parts(kernel, args, parts):
    """Runs each part of the grid on a thread of its own, all on the same
    arrays, as the device's cores run side by side. What the cores print
    goes out in core order, up to the first core that fails, whose failure
    is raised: what running the cores one by one gives, for cores that
    write disjoint bytes (cores that race on a byte leave it undefined, as
    on the device: docs/runtime.md#grids)."""
    # Imported here: a call of one core imports nothing it does not need
    # (test_first_call_imports.py).
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(len(parts)) as pool:
        outcomes = list(pool.map(_run_part, [kernel] * len(parts), [args] * len(parts), parts))
    for printed, failure, _ in outcomes:
        sys.stdout.write("".join(printed))
        if failure is not None:
            raise failure
    return outcomes[-1][2]


def run_jit(module, entry, kernel, binding, target, cores=(SINGLE_CORE,)):
    """Runs ``entry`` compiled for ``target`` (its memory sizes, or None)
    on each core of ``cores``; returns the results in run()'s convention."""
    text, specs = _engine_input(module, entry, kernel)
    # Copies of the arguments (a Level 1 kernel's inputs keep their
    # positions after to_dps), then its results as zero-filled
    # out-parameters.
    works = [_copy_for_engine(v) if isinstance(v, TileValue)
             else v.elements.copy() if isinstance(v, GlobalArray) else None
             for v in binding.values]
    args = [_jit_scalar(v) if work is None
            else work if isinstance(v, GlobalArray) else _jit_value(v.spec, work, v.valid)
            for v, work in zip(binding.values, works)]
    results = [_engine_array(spec, np.zeros(spec.rows * spec.cols, dtype=spec.dtype))
               for spec in specs]
    returned = _run_cores(text, entry, [*args, *results], target, list(cores))
    # A Level 2 function's own results are scalars (jit/__init__.py returns them
    # packed); a Level 1 kernel's are its out-parameters, and its scalars
    # the `?` valid extents of those (rows first, pipeline.to_dps).
    scalars = ([] if returned is None else
               list(returned) if isinstance(returned, tuple) else [returned])
    tiles = [np.ascontiguousarray(_logical(spec, work)) for spec, work in zip(specs, results)]
    if specs:
        extents, scalars = iter(scalars), []
        tiles = [Tile(array, spec.take_valid(extents)) if None in spec.static_valid else array
                 for spec, array in zip(specs, tiles)]
    outs = [works[param.position].reshape(value.shape) if isinstance(value, GlobalArray)
            else _logical(value.spec, works[param.position])
            for param, value in zip(binding.params, binding.values)
            if param.position in binding.written]
    # Results are C-ordered arrays on both engines (the interpreter's
    # to_array), whatever the layout: a DN result's storage is Fortran-ordered.
    return scalars + tiles + binding.write_back(outs)
