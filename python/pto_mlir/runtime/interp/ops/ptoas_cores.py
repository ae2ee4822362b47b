"""PTOAS's sections, core queries and synchronization (docs/ptoas.md).

The interpreter runs one kernel on one core of a grid of one: its block and
subblock are 0 of 1. It runs the ops of a kernel one after another, so a
barrier, a set_flag/wait_flag pair or a record_event/wait_event pair orders
nothing that is not ordered already; and it runs both kinds of section, in
program order.
"""
from ....dialects import pto
from ..registry import register

# The grid the interpreter runs a kernel on: (blocks, subblocks) and this
# core's indices in it.
GRID_BLOCKS, GRID_SUBBLOCKS = 1, 1
BLOCK_INDEX, SUBBLOCK_INDEX = 0, 0


@register(pto.SectionCubeOp)
@register(pto.SectionVectorOp)
def section(call, operands):
    call.run_region(0, [])
    return []


@register(pto.GetBlockIdxOp)
def get_block_idx(call, operands):
    return [BLOCK_INDEX]


@register(pto.GetBlockNumOp)
def get_block_num(call, operands):
    return [GRID_BLOCKS]


@register(pto.GetSubBlockIdxOp)
def get_subblock_idx(call, operands):
    return [SUBBLOCK_INDEX]


@register(pto.GetSubBlockNumOp)
def get_subblock_num(call, operands):
    return [GRID_SUBBLOCKS]


@register(pto.BarrierOp)
@register(pto.SetFlagOp)
@register(pto.WaitFlagOp)
@register(pto.RecordEventOp)
@register(pto.WaitEventOp)
def orders_nothing(call, operands):
    return []
