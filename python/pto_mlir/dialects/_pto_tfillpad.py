"""The builders of tfillpad, tfillpad_inplace and tfillpad_expand."""
from __future__ import annotations

from collections.abc import Sequence

from .. import ir
from ._pto_ops_gen import TFillPadExpandOp, TFillPadInplaceOp, TFillPadOp
from ._pto_tile_op import build_tile_op

__all__ = ["tfillpad", "tfillpad_inplace", "tfillpad_expand"]


def _fill(op_class: type[ir.OpView], src: ir.Value, outs: Sequence[ir.Value] | None,
          result_type: ir.Type | None, loc: ir.Location | None,
          ip: ir.InsertionPoint | None) -> ir.Value | ir.OpView:
    result_types: list[ir.Type] | None = None
    if outs is None:
        if result_type is None:
            raise ValueError(f"a Level 1 {op_class.OPERATION_NAME} needs result_type "
                             f"(the destination tile type, whose pad fills)")
        result_types = [result_type]
    result = build_tile_op(op_class, {"src": src}, outs, result_types, loc=loc, ip=ip)
    assert not isinstance(result, tuple)
    return result


def tfillpad(src: ir.Value, *, outs: Sequence[ir.Value] | None = None,
             result_type: ir.Type | None = None, loc: ir.Location | None = None,
             ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """``src``'s valid region, and the destination's pad value in every
    other cell of the destination (of ``src``'s shape). Level 1 returns
    the result, of type ``result_type``; Level 2 ``tfillpad(s, outs=[d])``
    writes ``d`` and returns the op."""
    return _fill(TFillPadOp, src, outs, result_type, loc, ip)


def tfillpad_inplace(src: ir.Value, *, outs: Sequence[ir.Value] | None = None,
                     result_type: ir.Type | None = None, loc: ir.Location | None = None,
                     ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """As tfillpad (PTOAS writes it with one buffer as src and dst)."""
    return _fill(TFillPadInplaceOp, src, outs, result_type, loc, ip)


def tfillpad_expand(src: ir.Value, *, outs: Sequence[ir.Value] | None = None,
                    result_type: ir.Type | None = None, loc: ir.Location | None = None,
                    ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """As tfillpad, into a destination at least as large as ``src``."""
    return _fill(TFillPadExpandOp, src, outs, result_type, loc, ip)
