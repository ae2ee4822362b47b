"""Builder of pto.treshape."""
from __future__ import annotations

from collections.abc import Sequence

from .. import ir
from ._pto_ops_gen import TReshapeOp
from ._pto_tile_op import build_tile_op

__all__ = ["treshape"]


def treshape(src: ir.Value, result_type: ir.Type | None = None, *,
             outs: Sequence[ir.Value] | None = None, loc: ir.Location | None = None,
             ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """Reinterprets the bytes of ``src``.

    ``treshape(src, T)``: a view of type ``T`` at ``src``'s level (a
    ``!pto.tile`` value, or a ``!pto.tile_buf`` sharing ``src``'s bytes);
    returns it. ``treshape(src, outs=[d])``: copies the bytes of the buffer
    ``src`` into ``d``; returns the op.
    """
    if (result_type is None) == (outs is None):
        raise ValueError("treshape needs either a result type (a view) or "
                         "outs=[dst] (a copy)")
    return build_tile_op(TReshapeOp, dict(src=src), outs,
                         None if outs is not None else [result_type],
                         loc=loc, ip=ip)
