"""Builder of pto.treshape."""
from ._pto_ops_gen import TReshapeOp
from ._pto_tile_op import build_tile_op

__all__ = ["treshape"]


def treshape(src, result_type=None, *, outs=None, loc=None, ip=None):
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
