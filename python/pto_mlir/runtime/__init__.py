"""Run pto kernels on numpy arrays: the bit-exact reference runtime.

``run(module, entry, *args, engine="interp", target=None)`` runs function
``entry`` of ``module`` (an ``ir.Module`` or IR text), Level 1 or Level 2,
one caller value per function argument (see arguments.py: numpy arrays of
the full static tile, ``Tile(array, valid=(vr, vc))``, Python numbers).

It returns the function's results (numpy arrays; ``Tile`` when the result
type's valid shape is dynamic) followed by the out-parameters: every
``!pto.tile_buf`` argument the kernel's ops may write (decided from the IR,
writes.py, the same on both engines, whatever the data), written in place
into the caller's array (elements the ops do not write keep their values)
and returned as the caller passed it; a read-only array for one is an
ArgumentError before anything runs. One value is returned as is, several as a
tuple, none as None.

Engines: ``"interp"`` (default), the reference interpreter of this package
(interpreter.py, ops/); ``"jit"``, the compiled engine (jit.py), which
lowers every op and form the interpreter runs, with the exceptions
docs/lowering.md lists (calls between kernel functions, packed 4-bit
tiles, ...), for which it raises ``jit.UnsupportedError``.
``target`` (one of ``TARGETS``: "a2a3", "a5") sizes the simulated on-chip
memories when the module has no ``pto.target_arch``; without either, the
larger sizes apply.

Errors: ``ArgumentError`` (a TypeError) for arguments that do not fit the
signature, before anything runs; ``KernelError`` (a RuntimeError) for a
kernel failing while it runs, naming the op and its location; invalid IR
raises ``ir.MLIRError`` from parsing or verification. After an error the
caller's arrays are untouched.
"""
import collections
import threading

from .. import ir
from ..dialects import func
from ..dialects import pto
from .arguments import Tile, bind
from .errors import ArgumentError, KernelError
from .interpreter import Interpreter
from .values import TileValue, tile_spec
from .writes import written_arguments

__all__ = ["run", "Tile", "ArgumentError", "KernelError", "ENGINES", "TARGETS"]

ENGINES = ("interp", "jit")
TARGETS = pto.TARGETS
_TARGET_ATTR = pto.TARGET_ARCH_ATTR


def find_function(module, entry):
    """The func.func named ``entry``; ArgumentError listing the others."""
    names = []
    for op in module.body.operations:
        if isinstance(op, func.FuncOp):
            name = op.sym_name.value
            if name == entry:
                if not op.operation.regions[0].blocks:
                    raise ArgumentError(f"@{entry} is a declaration without a body")
                return op.operation
            names.append(name)
    raise ArgumentError(f"no func.func @{entry} in the module "
                        f"(found: {', '.join(names) or 'none'})")


def function_type(function):
    return ir.FunctionType(ir.TypeAttr(function.attributes["function_type"]).value)


def _resolve_target(module, target):
    attrs = module.operation.attributes
    written = attrs[_TARGET_ATTR].value if _TARGET_ATTR in attrs else None
    # PTOAS's spellings ("a3") name our targets ("a2a3").
    declared = pto.TARGET_ARCH_NAMES[written] if written is not None else None
    if target is not None and target not in TARGETS:
        raise ArgumentError(f"target '{target}' is unknown (targets: {', '.join(TARGETS)})")
    if target is not None and declared is not None and target != declared:
        raise ArgumentError(f"target '{target}' contradicts the module's "
                            f"{_TARGET_ATTR} = \"{written}\"")
    return target or declared


def _to_caller(value, result_type):
    if not isinstance(value, TileValue):
        return value
    array = value.to_array()
    return Tile(array, value.valid) if None in tile_spec(result_type).static_valid else array


def _pack(values):
    if not values:
        return None
    return values[0] if len(values) == 1 else tuple(values)


# Kernels given as text, parsed (and verified) once: text -> (module in its
# own context, the interpreter's plans of its blocks). At most _PARSED_MAX,
# the least recently used dropped first. Neither the module nor a plan is
# changed once built, so calls (and threads) share them.
_PARSED_MAX = 32
_parsed_modules = collections.OrderedDict()
_parsed_lock = threading.Lock()


def _parsed(text):
    with _parsed_lock:
        entry = _parsed_modules.get(text)
        if entry is not None:
            _parsed_modules.move_to_end(text)
            return entry
    with ir.Context():
        module = ir.Module.parse(text)   # raises ir.MLIRError; nothing cached
    entry = (module, {})
    with _parsed_lock:
        entry = _parsed_modules.setdefault(text, entry)
        while len(_parsed_modules) > _PARSED_MAX:
            _parsed_modules.popitem(last=False)
    return entry


def run(module, entry, *args, engine="interp", target=None):
    """Runs ``entry`` of ``module`` on ``args``; see the module docstring."""
    if engine not in ENGINES:
        raise ArgumentError(f"engine '{engine}' is unknown (engines: {', '.join(ENGINES)})")
    plans = None
    if isinstance(module, str):
        module, plans = _parsed(module)
    with module.context, ir.Location.unknown():
        if plans is None:  # a module of the caller's, who may have changed it
            module.operation.verify()
        target = _resolve_target(module, target)
        function = find_function(module, entry)
        signature = function_type(function)
        binding = bind(entry, signature, args, written_arguments(module, entry))
        if engine == "jit":
            from ._jit_engine import run_jit
            results = run_jit(module, entry, signature, binding)
        else:
            values = Interpreter(module, target, plans).call(entry, binding.values)
            results = [_to_caller(v, t) for v, t in zip(values, signature.results)]
            results += binding.write_back()
        return _pack(results)
