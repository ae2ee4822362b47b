"""The op registry: op class -> the function that executes it.

Handlers are keyed by the generated OpView class of their op
(``pto.TOrOp``, ``arith.AddIOp``, ``scf.ForOp``, ...), the class the
bindings build for an operation (``operation.opview``), so an op is found by
its type, never by its name string. Every handler has one signature,
``handler(call, operands) -> results``: ``call`` is the OpCall of
interpreter.py (``call.op``, the typed op view with the generated accessors,
result types, regions, the interpreter), ``operands`` the runtime values of
the op's operands, and it returns the runtime values of the op's results.
Adding an op is one decorated function in ``ops/``.

Tile ops share their two IR levels through ``tile_op``: the decorated
function ``fn(call, dsts)`` reads the op's operands through their generated
accessors (``call.value(call.op.src0)``) and writes its destinations
``dsts``; at Level 2 they are the ``outs`` buffers, at Level 1 fresh tiles
made from the result types (zero-filled: cells the op does not write are
zero), which become the results.
"""
from typing import Any

from ... import ir
from ..errors import OpFailure
from ..values import TileValue

__all__ = ["register", "handler", "tile_op", "result_shape", "fresh_destination"]

_HANDLERS: dict[type, Any] = {}


def register(op_class):
    """Registers ``handler(call, operands) -> results`` for the ops of
    ``op_class``, a generated OpView class."""
    if not (isinstance(op_class, type) and issubclass(op_class, ir.OpView)
            and hasattr(op_class, "OPERATION_NAME")):
        raise TypeError(f"handlers are registered for a generated op class "
                        f"(e.g. pto.TOrOp), not {op_class!r}")

    def decorate(fn):
        if op_class in _HANDLERS:
            raise ValueError(f"two handlers for {op_class.OPERATION_NAME}")
        _HANDLERS[op_class] = fn
        return fn
    return decorate


def handler(op_view):
    """The handler of ``op_view``'s class (an ``operation.opview``), or None.
    The class may be a Python extension of the generated one (func.FuncOp,
    scf.ForOp, ...), which subclasses it: its bases are looked up too."""
    for op_class in type(op_view).__mro__:
        found = _HANDLERS.get(op_class)
        if found is not None:
            return found
    return None


def result_shape(call, index, natural_valid=None):
    """(spec, valid shape) of result ``index``. A dynamic (`?`) valid extent
    takes its value from ``natural_valid``, the valid shape the op defines
    for that result; without one it cannot be known."""
    spec = call.result_spec(index)
    if spec.unsupported:
        raise OpFailure(f"result #{index} ({spec.text}) cannot be held on the host: "
                        f"{spec.unsupported}")
    valid = spec.static_valid
    if None in valid:
        if natural_valid is None:
            raise OpFailure(f"result #{index} ({spec.text}) has a dynamic valid shape "
                            f"that the op does not determine")
        valid = spec.resolve_valid(natural_valid)
        spec.check_valid(valid)
    return spec, valid


def fresh_destination(call, index, natural_valid=None):
    """A zero-filled tile of result ``index``'s type (see result_shape)."""
    return TileValue.zeros(*result_shape(call, index, natural_valid))


def tile_op(op_class, *, result_valid=None, destinations=None):
    """Registers ``fn(call, dsts)`` for both levels of tile op ``op_class``.

    ``result_valid(call)`` gives the natural valid shape of each result
    (used for `?` extents at Level 1); ``destinations(call)`` replaces the
    default fresh zero-filled results when the op starts from an existing
    tile (TINSERT ``into``).
    """
    def decorate(fn):
        def run(call, operands):
            if not call.result_types:   # Level 2: the op writes its outs
                fn(call, call.outs(operands))
                return []
            if destinations is not None:
                dsts = destinations(call)
            else:
                natural = result_valid(call) if result_valid else None
                dsts = [fresh_destination(call, k, natural[k] if natural else None)
                        for k in range(len(call.result_types))]
            fn(call, dsts)
            return dsts
        register(op_class)(run)
        return fn
    return decorate
