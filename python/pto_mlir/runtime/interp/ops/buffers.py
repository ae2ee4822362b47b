"""Level 2 buffers and placement: pto.alloc_tile, pto.tassign,
pto.set_validshape."""
from ....dialects import pto
from ...errors import OpFailure
from ...values import TileValue
from ..registry import register


@register(pto.AllocTileOp)
def alloc_tile(call, operands):
    """A zero-filled buffer (the runtime and the JIT agree on zero); its `?`
    valid extents come from the valid_row / valid_col operands; an ``addr``
    operand places it as ``pto.tassign`` places a fresh buffer: it is the
    memory's bytes at that address."""
    spec = call.result_spec(0)
    if spec.unsupported:
        raise OpFailure(f"{spec.text} cannot be held on the host: {spec.unsupported}")
    dynamic = iter(operands)
    addr = next(dynamic) if call.op.addr is not None else None
    valid = tuple(next(dynamic) if s is None else s for s in spec.static_valid)
    spec.check_valid(valid)
    tile = TileValue.zeros(spec, valid)
    if addr is not None:   # PTOAS's placement: the pto.tassign it stands for
        call.memory.place(tile, int(addr), keep_memory=True)
    return [tile]


@register(pto.SetValidShapeOp)
def set_validshape(call, operands):
    """The buffer's valid shape from here on: every later op reads the tile
    value the buffer is, so it sees the new extents; out of 0..rows and
    0..cols it is valid_extent_out_of_range (pto-isa's Tile::SetValidShape,
    include/pto/common/pto_tile.hpp:1635, asserts the unsigned bound)."""
    tile, rows, cols = operands
    valid = (int(rows), int(cols))
    tile.spec.check_valid(valid)
    tile.valid = valid
    return []


@register(pto.TAssignOp)
def tassign(call, operands):
    tile, = operands
    call.memory.place(tile, call.op.addr.value,
                      keep_memory=call.static_fact(_places_before_first_use))
    return []


def _places_before_first_use(assign):
    """Whether ``assign`` places its tile before the tile's first use: then
    the tile is the memory's bytes at the address, as on the device (the
    dialect's test, TAssignOp::placesBeforeFirstUse, which the compiled
    engine's placement uses too)."""
    return pto.places_before_first_use(assign.operation)
