"""The builders of tci and ttri."""
from __future__ import annotations

from collections.abc import Sequence

from .. import ir
from ._pto_ops_gen import TCIOp, TTriOp
from ._pto_tile_op import build_tile_op

__all__ = ["tci", "ttri"]


def _result_types(name: str, outs: Sequence[ir.Value] | None,
                  result_type: ir.Type | None) -> list[ir.Type] | None:
    if outs is not None:
        return None
    if result_type is None:
        raise ValueError(f"a Level 1 pto.{name} needs result_type (the destination tile type)")
    return [result_type]


def tci(start: ir.Value, *, descending: bool = False, outs: Sequence[ir.Value] | None = None,
        result_type: ir.Type | None = None, loc: ir.Location | None = None,
        ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """The sequence ``start + j`` (``start - j`` when ``descending``) in the
    valid columns of a 1-row tile. Level 1 returns the result, of type
    ``result_type``; Level 2 ``tci(s, outs=[d])`` writes ``d``."""
    attrs = {"descending": ir.BoolAttr.get(descending)} if descending else {}
    result = build_tile_op(TCIOp, {"S": start}, outs, _result_types("tci", outs, result_type),
                           loc=loc, ip=ip, **attrs)
    assert not isinstance(result, tuple)
    return result


def ttri(diagonal: ir.Value, *, upper: bool = False, outs: Sequence[ir.Value] | None = None,
         result_type: ir.Type | None = None, loc: ir.Location | None = None,
         ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """A triangle of ones over the valid region, the lower one (``c <= r +
    diagonal``) or with ``upper`` the upper one (``c >= r + diagonal``), 0
    elsewhere. Level 1 returns the result, of type ``result_type``; Level
    2 ``ttri(d, outs=[t])`` writes ``t``."""
    attrs = {}
    if upper:
        attrs["upperOrLower"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 1)
    result = build_tile_op(TTriOp, {"diagonal": diagonal}, outs,
                           _result_types("ttri", outs, result_type), loc=loc, ip=ip, **attrs)
    assert not isinstance(result, tuple)
    return result
