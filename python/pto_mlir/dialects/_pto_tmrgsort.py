"""Builder of pto.tmrgsort."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import ir
from .._mlir_libs._pto import TileType
from ._pto_ops_gen import TMrgSortOp
from ._pto_tile_op import build_tile_op, tile_like

__all__ = ["tmrgsort"]


def tmrgsort(*srcs: ir.Value, block_len: ir.Value | None = None, tmp: ir.Value | None = None,
             exhausted: bool | None = None, outs: Sequence[ir.Value] | None = None,
             result_type: ir.Type | None = None, loc: ir.Location | None = None,
             ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """Merges sorted lists of 8-byte records.

    Single list, ``tmrgsort(src, block_len=n)``: each group of 4 sorted
    blocks of ``n`` columns (an integer value) merged; the result by default
    of ``src``'s type. Lists, ``tmrgsort(src0, src1[, src2[, src3]],
    tmp=t[, exhausted=True])``: the lists merged; the result by default one
    row of all their columns. Level 2 takes ``outs=[dst]``.
    """
    if block_len is not None:
        if len(srcs) != 1 or tmp is not None or exhausted:
            raise ValueError("tmrgsort with block_len merges one src, without tmp or exhausted")
        ins = [srcs[0], block_len]
    else:
        if not 2 <= len(srcs) <= 4 or tmp is None:
            raise ValueError("tmrgsort merges 2 to 4 lists with a tmp tile, or one src with "
                             "block_len")
        ins = [*srcs, tmp]
    result_types = None
    if outs is None:
        if result_type is None:
            first = TileType(srcs[0].type)
            if block_len is not None:
                result_type = first
            else:
                types = [TileType(s.type) for s in srcs]
                valid = [t.valid_shape[1] for t in types]
                result_type = tile_like(
                    first, shape=[1, sum(t.shape[1] for t in types)],
                    valid_shape=[1, None if None in valid else sum(valid)])
        result_types = [result_type]
    # Any, not object: mypy would take it for build_tile_op's out_names too.
    attributes: dict[str, Any] = {} if exhausted is None else {"exhausted": exhausted}
    return build_tile_op(TMrgSortOp, {f"src{k}": v for k, v in enumerate(ins)}, outs,
                         result_types, loc=loc, ip=ip, **attributes)
