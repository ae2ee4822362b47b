"""Building tile ops from Python at either IR level.

Every tile op has the operand shape `ins`, `outs`, results (see
dialect/include/pto/PtoOpBase.td). At Level 1 a builder returns the new tile
value(s); at Level 2 (``outs`` given) it returns the operation, which writes
its ``outs`` in place.
"""
from .._mlir_libs._pto import TileType


def tile_like(type_, *, shape=None, valid_shape=None, element_type=None):
    """A ``!pto.tile`` with ``type_``'s fields except the ones given."""
    t = TileType(type_)
    return TileType.get(shape or t.shape, element_type or t.element_type,
                        location=t.location,
                        valid_shape=valid_shape or t.valid_shape,
                        blayout=t.blayout, slayout=t.slayout,
                        fractal=t.fractal, pad=t.pad)


def scale_extent(extent, factor):
    """A valid extent times ``factor``; None (dynamic) stays None."""
    return None if extent is None else extent * factor


def build_tile_op(op_class, ins, outs=None, result_types=None, *, loc=None,
                  ip=None, **attributes):
    """Creates ``op_class`` at Level 2 when ``outs`` is given, else Level 1.

    Level 1 needs ``result_types`` (a list). Returns the single result, a tuple
    of results, or the Level 2 operation.
    """
    if outs is not None:
        if result_types:
            raise ValueError("a Level 2 op (with outs) has no result types")
        return op_class([], list(ins), list(outs), loc=loc, ip=ip, **attributes)
    if not result_types:
        raise ValueError("a Level 1 op needs its result types")
    op = op_class(list(result_types), list(ins), [], loc=loc, ip=ip,
                  **attributes)
    results = tuple(op.results)
    return results[0] if len(results) == 1 else results
