"""The builders of tmatmul, tmatmul.acc and tmatmul.bias."""
from __future__ import annotations

from collections.abc import Sequence

from .. import ir
from .._mlir_libs._pto import TileType
from ._pto_ops_gen import TMatmulAccOp, TMatmulBiasOp, TMatmulOp
from ._pto_tile_op import build_tile_op

__all__ = ["tmatmul", "tmatmul_acc", "tmatmul_bias", "matmul_result_type"]


def matmul_result_type(lhs: ir.Type, rhs: ir.Type) -> TileType:
    """The acc tile of ``lhs`` (M x K) times ``rhs`` (K x N): M x N, valid
    lhs's valid rows x rhs's valid cols, i32 for i8 inputs and f32 for the
    others, NZ with 1024-byte boxes (rules tmatmul_c2 ... c7)."""
    a, b = TileType(lhs), TileType(rhs)
    element = (ir.IntegerType.get_signless(32) if isinstance(a.element_type, ir.IntegerType)
               else ir.F32Type.get())
    return TileType.get([a.shape[0], b.shape[1]], element, location="acc",
                        valid_shape=[a.valid_shape[0], b.valid_shape[1]],
                        blayout="col_major", slayout="row_major", fractal=1024)


def _level1(outs: Sequence[ir.Value] | None, result_type: ir.Type | None,
            default: ir.Type) -> list[ir.Type] | None:
    return None if outs is not None else [result_type or default]


def tmatmul(lhs: ir.Value, rhs: ir.Value, *, outs: Sequence[ir.Value] | None = None,
            result_type: ir.Type | None = None, loc: ir.Location | None = None,
            ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """``lhs @ rhs`` into an acc tile (matmul_result_type by default);
    Level 2 ``tmatmul(a, b, outs=[c])`` writes ``c``."""
    types = _level1(outs, result_type, matmul_result_type(lhs.type, rhs.type))
    return build_tile_op(TMatmulOp, {"lhs": lhs, "rhs": rhs}, outs, types, loc=loc, ip=ip)


def tmatmul_acc(acc_in: ir.Value, lhs: ir.Value, rhs: ir.Value, *,
                outs: Sequence[ir.Value] | None = None, loc: ir.Location | None = None,
                ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """``acc_in + lhs @ rhs``, of acc_in's type; at Level 2 ``outs=[acc_in]``
    (the cube unit accumulates into its destination, rule tmatmul_c10)."""
    types = _level1(outs, None, acc_in.type)
    return build_tile_op(TMatmulAccOp, {"acc_in": acc_in, "lhs": lhs, "rhs": rhs}, outs, types,
                         loc=loc, ip=ip)


def tmatmul_bias(lhs: ir.Value, rhs: ir.Value, bias: ir.Value, *,
                 outs: Sequence[ir.Value] | None = None, result_type: ir.Type | None = None,
                 loc: ir.Location | None = None,
                 ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """``lhs @ rhs + bias`` (one row, added to every row)."""
    types = _level1(outs, result_type, matmul_result_type(lhs.type, rhs.type))
    return build_tile_op(TMatmulBiasOp, {"lhs": lhs, "rhs": rhs, "bias": bias}, outs, types,
                         loc=loc, ip=ip)
