"""Builders of the global memory ops (pto.make_tensor_view,
pto.partition_view, pto.tload, pto.tstore) and pto.tmov, and the tile op
view (``ins``, ``outs``) of the ops with named operands."""
from __future__ import annotations

from collections.abc import Sequence

from .. import ir as _ir
from .._mlir_libs._pto import PartitionTensorViewType, TensorViewType
from ._ods_common import _cext as _ods_cext
from ._pto_enums import GlobalLayout, as_enum
from ._pto_ops_gen import (
    MakeTensorViewOp,
    PartitionViewOp,
    TLoadOp as _TLoadOp,
    TMovOp as _TMovOp,
    TStoreOp,
    _Dialect,
)

__all__ = ["TLoadOp", "TMovOp", "make_tensor_view", "partition_view", "tload", "tstore",
           "tmov"]


# ``ins`` and ``outs`` of a tile op with the named operands ``src`` and
# ``dst`` (Pto_OneInOneOutTileOp), as every tile op has them. (The generated
# classes are extension types: no mixin base.)
_ins = property(lambda self: [self.src])
_outs = property(lambda self: [] if self.dst is None else [self.dst])


@_ods_cext.register_operation(_Dialect, replace=True)
class TLoadOp(_TLoadOp):
    ins, outs = _ins, _outs


@_ods_cext.register_operation(_Dialect, replace=True)
class TMovOp(_TMovOp):
    ins, outs = _ins, _outs


def _one_in_one_out(op_class: type[_ir.OpView], src: _ir.Value,
                    outs: Sequence[_ir.Value] | None, result_type: _ir.Type | None,
                    loc: _ir.Location | None, ip: _ir.InsertionPoint | None
                    ) -> _ir.Value | _ir.OpView:
    if outs is not None:
        if result_type is not None:
            raise ValueError("a Level 2 op (with outs) has no result type")
        dst, = outs
        return op_class(None, src, dst=dst, loc=loc, ip=ip)
    if result_type is None:
        raise ValueError("a Level 1 op needs its result_type")
    return op_class(result_type, src, loc=loc, ip=ip).result


def _index(value: int | _ir.Value) -> _ir.Value:
    """An index operand: an SSA value, or an int made an arith.constant."""
    if isinstance(value, int) and not isinstance(value, bool):
        from . import arith
        return arith.ConstantOp(_ir.IndexType.get(), value).result
    return value


def make_tensor_view(ptr: _ir.Value, shape: Sequence[int | _ir.Value],
                     strides: Sequence[int | _ir.Value], *, result_type: _ir.Type,
                     layout: GlobalLayout | str | None = None, loc: _ir.Location | None = None,
                     ip: _ir.InsertionPoint | None = None) -> _ir.Value:
    """The global tensor at ``ptr`` (a ``!pto.ptr`` value) with ``shape`` and
    ``strides`` in elements (index values or ints), of ``result_type`` (a
    ``TensorViewType``). The tensor's layout is its type's
    (``TensorViewType.get(shape, f32, layout="dn")``); ``layout`` (a
    GlobalLayout or its spelling, "nd", "dn") writes it into a
    ``result_type`` that names none."""
    if layout is not None:
        spelling = str(as_enum(GlobalLayout, layout, "layout"))
        view = TensorViewType(result_type)
        if view.layout not in (None, spelling):
            raise ValueError(f"layout is {spelling!r} but result_type names {view.layout!r}")
        result_type = TensorViewType.get(view.shape, view.element_type, layout=spelling,
                                         context=result_type.context)
    return MakeTensorViewOp(result_type, ptr, [_index(s) for s in shape],
                            [_index(s) for s in strides], loc=loc, ip=ip).result


def partition_view(tensor: _ir.Value, offsets: Sequence[int | _ir.Value],
                   sizes: Sequence[int | _ir.Value], *, result_type: _ir.Type,
                   loc: _ir.Location | None = None, ip: _ir.InsertionPoint | None = None
                   ) -> _ir.Value:
    """The window of ``tensor`` at ``offsets`` of ``sizes`` (index values or
    ints), of ``result_type`` (a ``PartitionTensorViewType``; one that names
    no layout takes the tensor's, as partition_view_c6 asks)."""
    window, layout = PartitionTensorViewType(result_type), TensorViewType(tensor.type).layout
    if window.layout is None and layout is not None:
        result_type = PartitionTensorViewType.get(window.shape, window.element_type,
                                                  layout=layout, context=result_type.context)
    return PartitionViewOp(result_type, tensor, [_index(o) for o in offsets],
                           [_index(s) for s in sizes], loc=loc, ip=ip).result


def tload(window: _ir.Value, *, outs: Sequence[_ir.Value] | None = None,
          result_type: _ir.Type | None = None, loc: _ir.Location | None = None,
          ip: _ir.InsertionPoint | None = None) -> _ir.Value | _ir.OpView:
    """Loads a tile from ``window``. Level 1: ``tload(w, result_type=T)``
    returns the tile; Level 2: ``tload(w, outs=[b])`` writes ``b``."""
    return _one_in_one_out(TLoadOp, window, outs, result_type, loc, ip)


def tstore(src: _ir.Value, window: _ir.Value, *, loc: _ir.Location | None = None,
           ip: _ir.InsertionPoint | None = None) -> TStoreOp:
    """Stores ``src``'s valid region into ``window`` (either level)."""
    return TStoreOp(src, window, loc=loc, ip=ip)


def tmov(src: _ir.Value, *, outs: Sequence[_ir.Value] | None = None,
         result_type: _ir.Type | None = None, loc: _ir.Location | None = None,
         ip: _ir.InsertionPoint | None = None) -> _ir.Value | _ir.OpView:
    """Copies a vec tile. Level 1 returns the copy (its type defaults to
    ``src``'s); Level 2 ``tmov(s, outs=[d])`` writes ``d``."""
    if outs is None and result_type is None:
        result_type = src.type
    return _one_in_one_out(TMovOp, src, outs, result_type, loc, ip)
