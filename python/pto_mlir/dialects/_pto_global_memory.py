"""Builders of the global memory ops (pto.make_tensor_view,
pto.partition_view, pto.tload, pto.tstore) and pto.tmov, and the tile op
view (``ins``, ``outs``) of the ops with named operands."""
from ._ods_common import _cext as _ods_cext
from ._pto_enums import GlobalLayout, as_enum
from ._pto_ops_gen import _Dialect
from ._pto_ops_gen import (MakeTensorViewOp, PartitionViewOp, TLoadOp as _TLoadOp,
                           TMovOp as _TMovOp, TStoreOp)
from .. import ir as _ir

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


def _one_in_one_out(op_class, src, outs, result_type, loc, ip):
    if outs is not None:
        if result_type is not None:
            raise ValueError("a Level 2 op (with outs) has no result type")
        dst, = outs
        return op_class(None, src, dst=dst, loc=loc, ip=ip)
    if result_type is None:
        raise ValueError("a Level 1 op needs its result_type")
    return op_class(result_type, src, loc=loc, ip=ip).result


def _index(value):
    """An index operand: an SSA value, or an int made an arith.constant."""
    if isinstance(value, int) and not isinstance(value, bool):
        from . import arith
        return arith.ConstantOp(_ir.IndexType.get(), value).result
    return value


def make_tensor_view(ptr, shape, strides, *, result_type, layout=None, loc=None, ip=None):
    """The global tensor at ``ptr`` (a ``!pto.ptr`` value) with ``shape`` and
    ``strides`` in elements (index values or ints), of ``result_type`` (a
    ``TensorViewType``); ``layout`` a GlobalLayout or its spelling ("nd",
    "dn")."""
    if layout is not None:
        layout = as_enum(GlobalLayout, layout, "layout")
    return MakeTensorViewOp(result_type, ptr, [_index(s) for s in shape],
                            [_index(s) for s in strides], layout=layout, loc=loc,
                            ip=ip).result


def partition_view(tensor, offsets, sizes, *, result_type, loc=None, ip=None):
    """The window of ``tensor`` at ``offsets`` of ``sizes`` (index values or
    ints), of ``result_type`` (a ``PartitionTensorViewType``)."""
    return PartitionViewOp(result_type, tensor, [_index(o) for o in offsets],
                           [_index(s) for s in sizes], loc=loc, ip=ip).result


def tload(window, *, outs=None, result_type=None, loc=None, ip=None):
    """Loads a tile from ``window``. Level 1: ``tload(w, result_type=T)``
    returns the tile; Level 2: ``tload(w, outs=[b])`` writes ``b``."""
    return _one_in_one_out(TLoadOp, window, outs, result_type, loc, ip)


def tstore(src, window, *, loc=None, ip=None):
    """Stores ``src``'s valid region into ``window`` (either level)."""
    return TStoreOp(src, window, loc=loc, ip=ip)


def tmov(src, *, outs=None, result_type=None, loc=None, ip=None):
    """Copies a vec tile. Level 1 returns the copy (its type defaults to
    ``src``'s); Level 2 ``tmov(s, outs=[d])`` writes ``d``."""
    if outs is None and result_type is None:
        result_type = src.type
    return _one_in_one_out(TMovOp, src, outs, result_type, loc, ip)
