"""The builders of tsel and tsels."""
from __future__ import annotations

from collections.abc import Sequence

from .. import ir
from ._pto_ops_gen import TSelOp, TSelSOp
from ._pto_tile_op import build_tile_op

__all__ = ["tsel", "tsels"]


def _one(result: ir.Value | tuple[ir.Value, ...] | ir.OpView) -> ir.Value | ir.OpView:
    assert not isinstance(result, tuple)
    return result


def tsel(mask: ir.Value, src0: ir.Value, src1: ir.Value, tmp: ir.Value, *,
         outs: Sequence[ir.Value] | None = None, loc: ir.Location | None = None,
         ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """``src0`` where the mask's next bit is 1, else ``src1``; Level 1
    returns a tile of ``src0``'s type, Level 2 ``tsel(..., outs=[d])``
    writes ``d``."""
    result_types = None if outs is not None else [src0.type]
    return _one(build_tile_op(TSelOp, {"mask": mask, "src0": src0, "src1": src1, "tmp": tmp},
                              outs, result_types, loc=loc, ip=ip))


def tsels(mask: ir.Value, src: ir.Value, tmp: ir.Value, scalar: ir.Value, *,
          outs: Sequence[ir.Value] | None = None, loc: ir.Location | None = None,
          ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """``src`` where the mask's bit of the cell is 1, else ``scalar``;
    Level 1 returns a tile of ``src``'s type, Level 2 writes ``outs``."""
    result_types = None if outs is not None else [src.type]
    return _one(build_tile_op(TSelSOp, {"mask": mask, "src": src, "tmp": tmp,
                                        "scalar": scalar},
                              outs, result_types, loc=loc, ip=ip))
