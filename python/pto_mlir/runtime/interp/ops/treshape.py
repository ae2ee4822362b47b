"""pto.treshape (docs/ops/treshape.md)."""
from ....dialects import pto
from ...values import TileValue
from ..registry import register, result_shape


@register(pto.TReshapeOp)
def treshape(call, operands):
    """Reinterprets the bytes of the whole static tile. The view forms
    (Level 1, and tile_buf -> tile_buf) alias the source's storage; the DPS
    form copies every storage byte into dst."""
    src = call.value(call.op.src)
    if call.op.dst is not None:
        dst = call.value(call.op.dst)
        dst.storage.bytes[:] = src.storage.bytes.copy()
        return []
    # A view computes nothing: one that nothing reads has no valid shape to
    # resolve (a `?` extent the view cannot determine fails only when read),
    # as in the compiled engine, where pto-to-dps erases the dead view.
    if next(iter(call.op.result.uses), None) is None:
        return [None]
    return [TileValue(*result_shape(call, 0), src.storage)]
