"""PTOAS's sections, core queries and synchronization (docs/ptoas.md).

The interpreter runs a kernel on one core at a time: the core queries
answer with the position of the core it runs (``Interpreter.core``, a
grid.CorePosition; block 0 of 1 unless ``run(..., grid=...)``). It runs the
ops of a kernel one after another, so a barrier, a set_flag/wait_flag pair
or a record_event/wait_event pair orders nothing that is not ordered
already; and it runs both kinds of section, in program order.
"""
from ....dialects import pto
from ..registry import register


@register(pto.SectionCubeOp)
@register(pto.SectionVectorOp)
def section(call, operands):
    call.run_region(0, [])
    return []


@register(pto.GetBlockIdxOp)
def get_block_idx(call, operands):
    return [call.interpreter.core.block]


@register(pto.GetBlockNumOp)
def get_block_num(call, operands):
    return [call.interpreter.core.blocks]


@register(pto.GetSubBlockIdxOp)
def get_subblock_idx(call, operands):
    return [call.interpreter.core.subblock]


@register(pto.GetSubBlockNumOp)
def get_subblock_num(call, operands):
    return [call.interpreter.core.subblocks]


@register(pto.BarrierOp)
@register(pto.SetFlagOp)
@register(pto.WaitFlagOp)
@register(pto.RecordEventOp)
@register(pto.WaitEventOp)
def orders_nothing(call, operands):
    return []
