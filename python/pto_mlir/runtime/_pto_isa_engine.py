"""``run(..., engine="pto-isa")``: a kernel on pto-isa's CPU simulator.

The entry and the functions it calls are converted as the JIT's are
(``pipeline.to_dps``: a Level 1 kernel bufferized, every buffer placed by
``pto-plan-memory``, manual placements kept) and written by the PTOAS
exporter for ptoas's level3, so that the simulator runs the placement our
passes checked. pto_isa.py runs ptoas, compiles the C++ with a generated
driver against ``$PTO_ISA_ROOT`` and runs it. What the exporter refuses
(a tile passed to the entry, results, tinterleave, ...: docs/ptoas.md)
raises ``pto_isa.UnsupportedError`` naming the construct, before anything runs.

Arguments: a global array (``!pto.ptr``) goes to the simulator as its
bytes, and those the kernel may write (writes.py) come back into the
caller's array, as on the other engines; scalars as numbers. The
simulator's memories are sized for the module's target (the exporter's
default, a5, without one).
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

__all__ = ["run_pto_isa"]

# What the simulator runs: ptoas's level3 (the placement our passes made).
LEVEL = "level3"


def _kind(arg_type):
    if pto.PtrType.isinstance(arg_type):
        return "buffer"
    return "float" if float_dtype(arg_type) is not None else "int"


# Kernel -> (PTOAS text, argument kinds, simulator target ("a3"/"a5")).
_engine_inputs = weakref.WeakKeyDictionary()

_TARGET = re.compile(r'pto\.target_arch = "(a3|a5)"')


def _engine_input(module, entry, kernel, target):
    found = _engine_inputs.get(kernel)
    if found is None:
        text = module.operation.get_asm(enable_debug_info=True)
        converted = ir.Module.parse(jit.entry_closure(text, entry))
        pipeline.to_dps(converted, target=target)
        try:
            exported = ptoas.emit(converted, level=LEVEL)
        except ValueError as error:
            raise pto_isa.UnsupportedError(f"the pto-isa engine cannot run @{entry}: PTOAS cannot "
                                   f"express it:\n{error}") from None
        signature = function_type(find_function(converted, entry))
        kinds = tuple(_kind(t) for t in signature.inputs)
        found = _engine_inputs[kernel] = (exported, kinds,
                                          _TARGET.search(exported).group(1))
    return found


def _value(value):
    if isinstance(value, GlobalArray):
        return value.elements
    return int(value) if isinstance(value, (bool, np.bool_)) else value


def run_pto_isa(module, entry, kernel, binding, target):
    """Runs ``entry`` on the simulator; returns run()'s results (the
    written global arrays, handed back in the caller's)."""
    text, kinds, arch = _engine_input(module, entry, kernel, target)
    program = pto_isa.build(text, entry, kinds, level=LEVEL, arch=arch)
    buffers = program.run([_value(v) for v in binding.values])
    positions = [i for i, kind in enumerate(kinds) if kind == "buffer"]
    after = dict(zip(positions, buffers))
    outs = [after[param.position].view(value.elements.dtype).reshape(value.shape)
            for param, value in zip(binding.params, binding.values)
            if param.position in binding.written]
    return binding.write_back(outs)
