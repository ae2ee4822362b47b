"""Builders of tinsert and textract."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import ir
from . import arith
from ._pto_enums import AccToVecMode, SplitMode, as_enum
from ._pto_ops_gen import TExtractOp, TInsertOp
from ._pto_tile_op import build_tile_op

__all__ = ["tinsert", "textract"]


def _index(value: int | ir.Value) -> ir.Value:
    """An index operand: a Value as is, a Python int as an index constant."""
    if isinstance(value, int):
        return arith.ConstantOp(ir.IndexType.get(), value).result
    return value


def _modes(relu: bool, saturate: bool, acc_to_vec: AccToVecMode | str | None,
           split: SplitMode | str | None = None) -> dict[str, object]:
    """The mode attributes; the op classes build the enum attributes from
    the members (an AccToVecMode, a SplitMode, or its spelling)."""
    modes: dict[str, object] = {"relu": relu, "saturate": saturate}
    if acc_to_vec is not None:
        modes["acc_to_vec"] = as_enum(AccToVecMode, acc_to_vec, "acc_to_vec")
    if split is not None:
        modes["split"] = as_enum(SplitMode, split, "split")
    return modes


def _window_copy(op_class: type[ir.OpView], src: ir.Value, index_row: int | ir.Value,
                 index_col: int | ir.Value, quant: ir.Value | None,
                 outs: Sequence[ir.Value] | None, result_type: ir.Type | None,
                 loc: ir.Location | None, ip: ir.InsertionPoint | None,
                 **attributes: Any) -> ir.Value | ir.OpView:
    # attributes are Any, not object: mypy would take an object passed on in
    # **attributes for build_tile_op's out_names too.
    operands = dict(src=src, index_row=_index(index_row),
                    index_col=_index(index_col), quant=quant)
    result_types: list[ir.Type] | None = None
    if outs is None:
        if result_type is None:
            raise ValueError(f"a Level 1 {op_class.OPERATION_NAME} needs "
                             "result_type (the destination tile type)")
        result_types = [result_type]
    return build_tile_op(op_class, operands, outs, result_types, loc=loc, ip=ip,
                         **attributes)


def tinsert(src: ir.Value, index_row: int | ir.Value, index_col: int | ir.Value, *,
            quant: ir.Value | None = None, into: ir.Value | None = None, relu: bool = False,
            saturate: bool = False, acc_to_vec: AccToVecMode | str | None = None,
            split: SplitMode | str | None = None, outs: Sequence[ir.Value] | None = None,
            result_type: ir.Type | None = None, loc: ir.Location | None = None,
            ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """Inserts ``src`` into the destination at (index_row, index_col).

    Indices are Values of index/integer type or Python ints. ``quant`` is the
    scalar quant word (an i64/ui64 Value) or the vector quant ``fp`` tile.
    ``acc_to_vec`` is an AccToVecMode (or its spelling, "dual_split_m"),
    ``split`` a SplitMode (or "split2"/"split4"). Level 1: returns the
    result; its type is ``result_type``, or ``into``'s type when ``into``
    (the destination the window is written into) is given.
    Level 2: ``tinsert(s, r, c, outs=[d])`` writes ``d`` and returns the op.
    """
    if into is not None:
        if outs is not None:
            raise ValueError("'into' is a Level 1 operand: at Level 2 pass "
                             "the destination in outs")
        result_type = result_type or into.type
    return _window_copy(TInsertOp, src, index_row, index_col, quant, outs,
                        result_type, loc, ip, into=into,
                        **_modes(relu, saturate, acc_to_vec, split))


def textract(src: ir.Value, index_row: int | ir.Value, index_col: int | ir.Value, *,
             quant: ir.Value | None = None, relu: bool = False, saturate: bool = False,
             acc_to_vec: AccToVecMode | str | None = None,
             outs: Sequence[ir.Value] | None = None, result_type: ir.Type | None = None,
             loc: ir.Location | None = None, ip: ir.InsertionPoint | None = None
             ) -> ir.Value | ir.OpView:
    """Extracts the window of ``src`` at (index_row, index_col).

    Operands as ``tinsert`` (no ``into``, no ``split``). Level 1 needs
    ``result_type``; Level 2 writes ``outs=[d]`` and returns the op.
    """
    return _window_copy(TExtractOp, src, index_row, index_col, quant, outs,
                        result_type, loc, ip,
                        **_modes(relu, saturate, acc_to_vec))
