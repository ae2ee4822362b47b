"""Level 2 buffers and placement: pto.alloc_tile, pto.tassign."""
from ....dialects import pto
from ...errors import OpFailure
from ...values import TileValue
from ..registry import register


@register(pto.AllocTileOp)
def alloc_tile(call, operands):
    """A zero-filled buffer (the runtime and the JIT agree on zero); its `?`
    valid extents come from the valid_row / valid_col operands; an ``addr``
    operand places it as ``pto.tassign`` does."""
    spec = call.result_spec(0)
    if spec.unsupported:
        raise OpFailure(f"{spec.text} cannot be held on the host: {spec.unsupported}")
    dynamic = iter(operands)
    addr = next(dynamic) if call.op.addr is not None else None
    valid = tuple(next(dynamic) if s is None else s for s in spec.static_valid)
    spec.check_valid(valid)
    tile = TileValue.zeros(spec, valid)
    if addr is not None:   # PTOAS's placement: the pto.tassign it stands for
        call.memory.place(tile, int(addr))
    return [tile]


@register(pto.TAssignOp)
def tassign(call, operands):
    tile, = operands
    call.memory.place(tile, call.op.addr.value)
    return []
