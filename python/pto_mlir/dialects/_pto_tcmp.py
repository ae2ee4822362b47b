"""The builders of tcmp and tcmps."""
from __future__ import annotations

from collections.abc import Sequence

from .. import ir
from ._pto_enums import CmpMode, as_enum
from ._pto_ops_gen import TCmpOp, TCmpSOp
from ._pto_tile_op import build_tile_op

__all__ = ["tcmp", "tcmps"]


def _one(result: ir.Value | tuple[ir.Value, ...] | ir.OpView) -> ir.Value | ir.OpView:
    assert not isinstance(result, tuple)
    return result


def tcmp(src0: ir.Value, src1: ir.Value, *, cmp_mode: CmpMode | str = CmpMode.EQ,
         result_type: ir.Type | None = None, outs: Sequence[ir.Value] | None = None,
         loc: ir.Location | None = None,
         ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """The mask of ``src0 <cmp_mode> src1`` (a CmpMode or its spelling,
    "lt"); Level 1 returns a mask tile of ``result_type``, Level 2
    ``tcmp(..., outs=[m])`` writes ``m``."""
    return _one(build_tile_op(TCmpOp, {"src0": src0, "src1": src1}, outs,
                              _result_types(result_type, outs), loc=loc, ip=ip,
                              cmpMode=as_enum(CmpMode, cmp_mode, "cmp_mode")))


def tcmps(src: ir.Value, scalar: ir.Value, *, cmp_mode: CmpMode | str = CmpMode.EQ,
          result_type: ir.Type | None = None, outs: Sequence[ir.Value] | None = None,
          loc: ir.Location | None = None,
          ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
    """The mask of ``src <cmp_mode> scalar``; Level 1 returns a mask tile of
    ``result_type``, Level 2 ``tcmps(..., outs=[m])`` writes ``m``."""
    return _one(build_tile_op(TCmpSOp, {"src": src, "scalar": scalar}, outs,
                              _result_types(result_type, outs), loc=loc, ip=ip,
                              cmpMode=as_enum(CmpMode, cmp_mode, "cmp_mode")))


def _result_types(result_type: ir.Type | None,
                  outs: Sequence[ir.Value] | None) -> list[ir.Type] | None:
    """Level 1 takes the mask's type (it differs from the sources'), Level 2 none."""
    if outs is not None:
        return None
    if result_type is None:
        raise ValueError("a Level 1 compare takes result_type, the mask tile's type")
    return [result_type]
