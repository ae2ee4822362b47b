"""``run(..., engine="pto-isa")``: a kernel on pto-isa's CPU simulator.

The entry and the functions it calls are converted as the JIT's are
(``pipeline.to_dps``: a Level 1 kernel bufferized, its results become
out-parameters after the inputs), its tile arguments are passed through
global memory (tile_arguments.py: a ``!pto.ptr`` each, tload at the start,
tstore of those it may write before returning), every buffer is placed by
``pto-plan-memory`` (manual placements kept) and the module is written by
the PTOAS exporter for ptoas's level3, so that the simulator runs the
placement our passes checked. pto_isa.py runs ptoas, compiles the C++ with
a generated driver against ``$PTO_ISA_ROOT`` and runs it. What the exporter
or tile_arguments.py refuses (a tile of another location or layout,
results other than tiles, tinterleave, ...: docs/ptoas.md) raises
``pto_isa.UnsupportedError`` naming the construct, before anything runs.

Arguments: a global array (``!pto.ptr``) goes to the simulator as its
bytes, a tile as its storage's bytes (row by row), a Level 1 result as
zeros, as on the JIT; those the kernel may write (writes.py) come back into
the caller's array, and the results are returned, as on the other engines.
Scalars go as numbers. The simulator's memories are sized for the module's
target (the exporter's default, a5, without one).
"""
import re
import weakref

import numpy as np

from .. import ir, pipeline, ptoas
from ..dialects import pto
from . import jit, pto_isa
from .globals import GlobalArray
from .kernel import find_function, function_type
from .scalars import float_dtype
from .tile_arguments import pass_tiles_through_memory
from .values import TileValue, tile_spec
from .writes import written_arguments

__all__ = ["engine_input", "run_pto_isa"]

# What the simulator runs: ptoas's level3 (the placement our passes made).
LEVEL = "level3"

_TARGET = re.compile(r'pto\.target_arch = "(a3|a5)"')


def _kind(arg_type):
    if pto.PtrType.isinstance(arg_type):
        return "buffer"
    return "float" if float_dtype(arg_type) is not None else "int"


class _EngineInput:
    """What the simulator runs for one kernel: the PTOAS text, the kind of
    each argument (pto_isa.KINDS), the simulator's target ("a3"/"a5"), the
    specs of a Level 1 kernel's results (out-parameters after the inputs)."""

    def __init__(self, module, entry, kernel, target):
        text = module.operation.get_asm(enable_debug_info=True)
        converted = ir.Module.parse(jit.entry_closure(text, entry))
        pipeline.to_dps(converted, target=target, placement="none")
        pass_tiles_through_memory(converted, entry, written_arguments(converted, entry))
        try:
            pipeline.run(converted, "builtin.module(func.func(pto-plan-memory))")
        except pipeline.PipelineError as error:
            # The arguments' tiles now live in on-chip memory too: they may
            # not fit beside the kernel's, or overlap its manual placements.
            raise pto_isa.UnsupportedError(
                f"the pto-isa engine cannot run @{entry}: with its tile arguments loaded "
                f"into on-chip memory, the kernel does not verify or place:\n{error}") from None
        try:
            self.text = ptoas.emit(converted, level=LEVEL)
        except ValueError as error:
            raise pto_isa.UnsupportedError(f"the pto-isa engine cannot run @{entry}: PTOAS "
                                           f"cannot express it:\n{error}") from None
        signature = function_type(find_function(converted, entry))
        self.kinds = tuple(_kind(t) for t in signature.inputs)
        self.arch = _TARGET.search(self.text).group(1)
        self.result_specs = [tile_spec(t) for t in kernel.signature.results
                             if pto.TileType.isinstance(t)]


# Kernel -> {target: _EngineInput} (the target sizes the memories the
# placement fills, so each target has its own text).
_engine_inputs = weakref.WeakKeyDictionary()


def engine_input(module, entry, kernel, target):
    """The (cached) _EngineInput of ``kernel``, entry ``entry`` of ``module``."""
    by_target = _engine_inputs.setdefault(kernel, {})
    found = by_target.get(target)
    if found is None:
        found = by_target[target] = _EngineInput(module, entry, kernel, target)
    return found


def _bytes(value):
    """What the simulator takes for one bound argument."""
    if isinstance(value, GlobalArray):
        return value.elements
    if isinstance(value, TileValue):
        return value.storage.bytes
    return int(value) if isinstance(value, (bool, np.bool_)) else value


def _logical(value, data):
    """The caller's logical array of a written argument, from its bytes
    after the run."""
    if isinstance(value, GlobalArray):
        return data.view(value.elements.dtype).reshape(value.shape)
    return data.view(value.spec.dtype).reshape(value.spec.shape)


def run_pto_isa(module, entry, kernel, binding, target):
    """Runs ``entry`` on the simulator; returns run()'s results (a Level 1
    kernel's result tiles, then the written arguments, handed back in the
    caller's arrays)."""
    found = engine_input(module, entry, kernel, target)
    program = pto_isa.build(found.text, entry, found.kinds, level=LEVEL, arch=found.arch)
    results = [np.zeros(spec.rows * spec.cols, dtype=spec.dtype) for spec in found.result_specs]
    buffers = program.run([_bytes(v) for v in binding.values] + results)
    positions = [i for i, kind in enumerate(found.kinds) if kind == "buffer"]
    after = dict(zip(positions, buffers))
    outs = [_logical(value, after[param.position])
            for param, value in zip(binding.params, binding.values)
            if param.position in binding.written]
    first_result = len(binding.values)
    return ([after[first_result + k].view(spec.dtype).reshape(spec.shape)
             for k, spec in enumerate(found.result_specs)]
            + binding.write_back(outs))
