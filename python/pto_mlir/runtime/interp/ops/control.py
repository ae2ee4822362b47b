"""Calls and structured control flow: func.call, scf.for, scf.if, scf.while,
scf.execute_region.

Tiles pass by reference: a Level 2 buffer handed to a callee or carried
through a loop is the same buffer (as on the device); Level 1 tiles are
immutable, so sharing them is safe.
"""
from ....dialects import func, scf
from ...errors import OpFailure
from ...failures import failure
from ...scalars import integer_width, unsigned, wrap
from ..registry import register


@register(func.CallOp)
def call(call, operands):
    callee = call.op.callee.value
    function = call.interpreter.functions.get(callee)
    if function is None or not function.regions[0].blocks:
        raise OpFailure(f"calls @{callee}, which has no body in the module")
    return call.interpreter.call(callee, operands)


@register(scf.ForOp)
def for_loop(call, operands):
    lower, upper, step, *carried = operands
    width = integer_width(call.operation.operands[0].type)
    if call.op.unsignedCmp:
        lower, upper, step = (unsigned(v, width) for v in (lower, upper, step))
    if step <= 0:
        raise failure("non_positive_step", step=step)
    iv = lower
    while iv < upper:
        carried = call.run_region(0, [wrap(iv, width), *carried])
        iv += step
    return carried


@register(scf.IfOp)
def if_then_else(call, operands):
    condition, = operands
    return call.run_region(0 if condition else 1, [])


@register(scf.ExecuteRegionOp)
def execute_region(call, operands):
    """Runs its region once; its scf.yield gives the results. (The
    interpreter runs regions of one block, without branches.)"""
    if len(call.operation.regions[0].blocks) != 1:
        raise OpFailure("has a region of several blocks, which the interpreter does not run")
    return call.run_region(0, [])


@register(scf.WhileOp)
def while_loop(call, operands):
    """The before region decides (its scf.condition), the after region
    computes the next values; the forwarded values are the results."""
    carried = operands
    while True:
        condition, *forwarded = call.run_region(0, carried)
        if not condition:
            return forwarded
        carried = call.run_region(1, forwarded)
