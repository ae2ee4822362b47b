"""The builder of tcvt."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import ir
from ._pto_enums import RoundMode, SaturationMode, as_enum
from ._pto_ops_gen import TCvtOp
from ._pto_tile_op import build_tile_op

__all__ = ["tcvt"]


def tcvt(src: ir.Value, tmp: ir.Value | None = None, *,
         rmode: RoundMode | str | None = None, sat_mode: SaturationMode | str | None = None,
         outs: Sequence[ir.Value] | None = None, result_type: ir.Type | None = None,
         loc: ir.Location | None = None,
         ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """Converts ``src`` to the destination's element type. ``rmode`` is a
    RoundMode (or its spelling, "ROUND"; CAST_RINT when not given),
    ``sat_mode`` a SaturationMode (or "ON"/"OFF"; none when not given).
    Level 1 returns the result, of type ``result_type``; Level 2
    ``tcvt(s, outs=[d])`` writes ``d`` and returns the op."""
    # Any, not object: mypy would take it for build_tile_op's out_names too.
    modes: dict[str, Any] = {}
    if rmode is not None:
        modes["rmode"] = as_enum(RoundMode, rmode, "rmode")
    if sat_mode is not None:
        modes["sat_mode"] = as_enum(SaturationMode, sat_mode, "sat_mode")
    result_types: list[ir.Type] | None = None
    if outs is None:
        if result_type is None:
            raise ValueError("a Level 1 pto.tcvt needs result_type (the destination tile type)")
        result_types = [result_type]
    return build_tile_op(TCvtOp, {"src": src, "tmp": tmp}, outs, result_types, loc=loc, ip=ip,
                         **modes)
