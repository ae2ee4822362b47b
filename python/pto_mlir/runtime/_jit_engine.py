"""``run(..., engine="jit")``: checked arguments handed to the compiled
engine (jit.py) in its calling convention.

jit.py runs Level 2 functions on arrays in storage order (C order for ND,
Fortran order for DN), written in place, with ``(array, (vr, vc))`` for
dynamic valid shapes. A Level 1 kernel is first converted by
``pipeline.to_dps``: its results become zero-filled out-parameters after
the inputs. Out-parameters of a Level 2 kernel are the buffer arguments
whose bytes changed (the compiled code cannot report which it wrote).
"""
import numpy as np

from .. import ir, pipeline
from ..dialects import pto
from . import jit
from .arguments import Tile
from .values import TileValue, tile_spec

__all__ = ["run_jit"]


def _storage_order(spec):
    return "C" if spec.blayout == "row_major" else "F"


def _jit_value(spec, array, valid):
    return (array, valid) if None in spec.static_valid else array


def _working_array(spec, array):
    """``array`` itself when the engine can write it in place, else a copy
    in the tile's storage order."""
    order = _storage_order(spec)
    contiguous = array.flags.c_contiguous if order == "C" else array.flags.f_contiguous
    if contiguous and array.flags.writeable:
        return array
    return np.array(array, order=order)


def _text_with_locations(module):
    """jit.py compiles module text; with the locations in it, its errors
    point at the caller's source, not at a reprint."""
    return module.operation.get_asm(enable_debug_info=True)


def _is_level1(signature):
    return any(pto.TileType.isinstance(t) for t in [*signature.inputs, *signature.results])


def run_jit(module, entry, signature, binding):
    """Runs ``entry`` compiled; returns the results in run()'s convention."""
    if _is_level1(signature):
        return _run_level1(module, entry, signature, binding)
    args, updates = [], []
    for value, caller in zip(binding.values, binding.callers):
        if not isinstance(value, TileValue):
            args.append(value)
            continue
        spec = value.spec
        array = caller.array if isinstance(caller, Tile) else caller
        work = _working_array(spec, array)
        updates.append((caller, array, work, work.tobytes(order="A")))
        args.append(_jit_value(spec, work, value.valid))
    jit.run(_text_with_locations(module), entry, *args)
    written = []
    for caller, array, work, before in updates:
        if work.tobytes(order="A") != before:
            if work is not array:
                array[...] = work
            written.append(caller)
    return written


def _run_level1(module, entry, signature, binding):
    converted = ir.Module.parse(_text_with_locations(module))
    pipeline.to_dps(converted)
    args = [_jit_value(v.spec, np.array(v.to_array(), order=_storage_order(v.spec)), v.valid)
            if isinstance(v, TileValue) else v for v in binding.values]
    results = []
    for result_type in signature.results:
        spec = tile_spec(result_type)
        results.append(np.zeros(spec.shape, dtype=spec.dtype, order=_storage_order(spec)))
    jit.run(_text_with_locations(converted), entry, *args, *results)
    return results

