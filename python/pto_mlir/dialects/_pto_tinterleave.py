"""Builders of pto.tinterleave and pto.tdeinterleave.

At Level 1 the result types default to what the op's rules make natural
(see each builder); pass ``result_types`` to choose others.
"""
from __future__ import annotations

from collections.abc import Sequence

from .. import ir
from .._mlir_libs._pto import TileType
from ._pto_ops_gen import TDeinterleaveOp, TInterleaveOp
from ._pto_tile_op import build_tile_op, tile_like

__all__ = ["tinterleave", "tdeinterleave"]


def tinterleave(src0: ir.Value, src1: ir.Value, *, outs: Sequence[ir.Value] | None = None,
                result_types: Sequence[ir.Type] | None = None,
                loc: ir.Location | None = None, ip: ir.InsertionPoint | None = None
                ) -> tuple[ir.Value, ir.Value] | ir.OpView:
    """Interleaves two tiles into two.

    Level 1: returns ``(dst0, dst1)``, both of ``src0``'s type by default.
    Level 2: ``tinterleave(a, b, outs=[d0, d1])`` returns the op.
    """
    if outs is None and result_types is None:
        result_types = [src0.type, src0.type]
    return build_tile_op(TInterleaveOp, dict(src0=src0, src1=src1), outs,
                         result_types, out_names=("dst0", "dst1"), loc=loc,
                         ip=ip)


def tdeinterleave(*srcs: ir.Value, outs: Sequence[ir.Value] | None = None,
                  result_types: Sequence[ir.Type] | None = None,
                  loc: ir.Location | None = None, ip: ir.InsertionPoint | None = None
                  ) -> tuple[ir.Value, ir.Value] | ir.OpView:
    """Splits interleaved tiles back: ``tdeinterleave(s0, s1)`` (the inverse of
    tinterleave) or ``tdeinterleave(s)`` (even and odd columns of one tile).

    Level 1: returns ``(dst0, dst1)``. Their type defaults to the sources'
    (two sources) or to the source's with half the columns and half the
    valid columns (one source).
    """
    if len(srcs) not in (1, 2):
        raise ValueError(f"tdeinterleave takes 1 or 2 sources, got {len(srcs)}")
    if outs is None and result_types is None:
        if len(srcs) == 2:
            dst = srcs[0].type
        else:
            src = TileType(srcs[0].type)
            rows, cols = src.shape
            valid_rows, valid_cols = src.valid_shape
            if cols % 2 or (valid_cols is not None and valid_cols % 2):
                raise ValueError(
                    f"cannot halve the columns of {src}: pass result_types")
            dst = tile_like(src, shape=[rows, cols // 2],
                             valid_shape=[valid_rows,
                                          None if valid_cols is None
                                          else valid_cols // 2])
        result_types = [dst, dst]
    return build_tile_op(TDeinterleaveOp, dict(zip(("src0", "src1"), srcs)),
                         outs, result_types, out_names=("dst0", "dst1"),
                         loc=loc, ip=ip)
