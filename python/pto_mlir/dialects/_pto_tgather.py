"""Builder of pto.tgather."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import ir
from ._pto_enums import MaskPattern, as_enum
from ._pto_ops_gen import TGatherOp
from ._pto_tile_op import build_tile_op

__all__ = ["tgather"]


def tgather(src: ir.Value, indices: ir.Value | None = None, tmp: ir.Value | None = None, *,
            mask_pattern: MaskPattern | str | None = None,
            outs: Sequence[ir.Value] | None = None, result_type: ir.Type | None = None,
            loc: ir.Location | None = None,
            ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """Gathers elements of ``src``: by ``indices`` with a ``tmp`` tile (the
    index form) or by ``mask_pattern`` (a MaskPattern or its spelling,
    "P0101": the mask form). Level 1 returns the result, of type
    ``result_type`` (default: ``src``'s type); Level 2 ``tgather(...,
    outs=[d])`` writes ``d`` and returns the op."""
    if (mask_pattern is None) == (indices is None) or (indices is None) != (tmp is None):
        raise ValueError("tgather takes indices and tmp (index form) or mask_pattern "
                         "(mask form)")
    # Any, not object: mypy would take it for build_tile_op's out_names too.
    attributes: dict[str, Any] = {}
    if mask_pattern is not None:
        attributes["maskPattern"] = as_enum(MaskPattern, mask_pattern, "mask_pattern")
    result_types = None if outs is not None else [result_type or src.type]
    return build_tile_op(TGatherOp, {"src": src, "src1": indices, "tmp": tmp}, outs,
                         result_types, loc=loc, ip=ip, **attributes)
