"""Building tile ops from Python at either IR level.

Every tile op has named operands, the ones it reads (`ins`) and at Level 2
the buffers it writes (`outs`), and at Level 1 results (see
dialect/include/pto/PtoOpBase.td); the generated op classes take them by
name. At Level 1 a builder returns the new tile value(s); at Level 2
(``outs`` given) it returns the operation, which writes its ``outs`` in
place.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from .. import ir
from .._mlir_libs._pto import TileType


def tile_like(type_: ir.Type, *, shape: Sequence[int] | None = None,
              valid_shape: Sequence[int | None] | None = None,
              element_type: ir.Type | None = None) -> TileType:
    """A ``!pto.tile`` with ``type_``'s fields except the ones given."""
    t = TileType(type_)
    return TileType.get(shape or t.shape, element_type or t.element_type,
                        location=t.location,
                        valid_shape=valid_shape or t.valid_shape,
                        blayout=t.blayout, slayout=t.slayout,
                        fractal=t.fractal, pad=t.pad)


def scale_extent(extent: int | None, factor: int) -> int | None:
    """A valid extent times ``factor``; None (dynamic) stays None."""
    return None if extent is None else extent * factor


def build_tile_op(op_class: type[ir.OpView], operands: Mapping[str, ir.Value | None],
                  outs: Sequence[ir.Value] | None = None,
                  result_types: Sequence[ir.Type] | None = None, *,
                  out_names: Sequence[str] = ("dst",), loc: ir.Location | None = None,
                  ip: ir.InsertionPoint | None = None, **attributes: object
                  ) -> ir.Value | tuple[ir.Value, ...] | ir.OpView:
    """Creates ``op_class`` at Level 2 when ``outs`` is given, else Level 1.

    ``operands`` maps the names of the operands the op reads to their values
    (None for an optional one not given); ``outs`` is the list of buffers
    written, given to the op's outs named ``out_names`` in order. Level 1
    needs ``result_types`` (a list). Returns the single result, a tuple of
    results, or the Level 2 operation.
    """
    operands = {name: value for name, value in operands.items()
                if value is not None}
    if outs is not None:
        if result_types:
            raise ValueError("a Level 2 op (with outs) has no result types")
        outs = list(outs)
        if len(outs) > len(out_names):
            raise ValueError(
                f"{op_class.OPERATION_NAME} writes at most {len(out_names)} "
                f"outs ({', '.join(out_names)}), got {len(outs)}")
        return op_class([], **operands, **dict(zip(out_names, outs)), loc=loc,
                        ip=ip, **attributes)
    if not result_types:
        raise ValueError("a Level 1 op needs its result types")
    op = op_class(list(result_types), **operands, loc=loc, ip=ip,
                  **attributes)
    results = tuple(op.results)
    return results[0] if len(results) == 1 else results
