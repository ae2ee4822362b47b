"""Builder of pto.tsort32."""
from __future__ import annotations

from collections.abc import Sequence

from .. import ir
from .._mlir_libs._pto import TileType
from ._pto_ops_gen import TSort32Op
from ._pto_tile_op import build_tile_op, scale_extent, tile_like

__all__ = ["tsort32"]


def tsort32(src: ir.Value, idx: ir.Value | None = None, tmp: ir.Value | None = None, *,
            outs: Sequence[ir.Value] | None = None,
            result_types: Sequence[ir.Type] | None = None, loc: ir.Location | None = None,
            ip: ir.InsertionPoint | None = None
            ) -> ir.Value | tuple[ir.Value, ir.Value] | ir.OpView:
    """Sorts 32-element blocks of each row.

    Page form, ``tsort32(src)``: Level 1 returns ``(dst, idx)``, by default
    of ``src``'s type and of ``src``'s shape in ui32; Level 2 takes
    ``outs=[dst, idx]``.
    Hardware form, ``tsort32(src, idx[, tmp])``: Level 1 returns the records
    tile ``dst``, by default ``src``'s type with 2 (32-bit) or 4 (16-bit)
    times the columns and valid columns; Level 2 takes ``outs=[dst]``.
    """
    if tmp is not None and idx is None:
        raise ValueError("tsort32 takes tmp only with idx (hardware form)")
    if outs is None and result_types is None:
        src_type = TileType(src.type)
        if idx is None:
            ui32 = ir.IntegerType.get_unsigned(32)
            result_types = [src_type, tile_like(src_type, element_type=ui32)]
        else:
            slots = 64 // src_type.element_type.width
            rows, cols = src_type.shape
            valid_rows, valid_cols = src_type.valid_shape
            result_types = [tile_like(
                src_type, shape=[rows, cols * slots],
                valid_shape=[valid_rows, scale_extent(valid_cols, slots)])]
    return build_tile_op(TSort32Op, dict(src=src, idx=idx, tmp=tmp), outs,
                         result_types, out_names=("dst", "dst_idx"), loc=loc,
                         ip=ip)
