"""Level 2 buffers and placement: pto.alloc_tile, pto.tassign."""
from ...dialects import pto
from ..errors import OpFailure
from ..registry import register
from ..values import TileValue


@register(pto.AllocTileOp)
def alloc_tile(call, operands):
    """A zero-filled buffer (the runtime and the JIT agree on zero); its `?`
    valid extents come from the valid_row / valid_col operands."""
    spec = call.result_spec(0)
    if spec.unsupported:
        raise OpFailure(f"{spec.text} cannot be held on the host: {spec.unsupported}")
    dynamic = iter(operands)
    valid = tuple(next(dynamic) if s is None else s for s in spec.static_valid)
    spec.check_valid(valid)
    return [TileValue.zeros(spec, valid)]


@register(pto.TAssignOp)
def tassign(call, operands):
    tile, = operands
    call.memory.place(tile, call.op.addr.value)
    return []
