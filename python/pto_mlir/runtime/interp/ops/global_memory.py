"""Global memory: pto.make_tensor_view, pto.partition_view, pto.tload,
pto.tstore (docs/ops/tload.md, docs/semantics.md#tload)."""
import numpy as np

from ....dialects import pto
from ...globals import (
    make_tensor,
    make_window,
    pad_value,
    tile_offsets,
    window_layout,
    window_tile_shape,
)
from ..registry import register, tile_op
from .tinsert_conversion import plain


def _stated(view_type):
    return pto.TensorViewType(view_type).shape if pto.TensorViewType.isinstance(view_type) \
        else pto.PartitionTensorViewType(view_type).shape


@register(pto.MakeTensorViewOp)
def make_tensor_view(call, operands):
    array, *rest = operands
    rank = len(rest) // 2
    view_type = pto.TensorViewType(call.result_types[0])
    # The layout is the type's: the runtime moved PTOAS's attribute there.
    return [make_tensor(array, rest[:rank], rest[rank:], view_type.shape, view_type.layout)]


@register(pto.PartitionViewOp)
def partition_view(call, operands):
    tensor, *rest = operands
    rank = len(rest) // 2
    stated = _stated(call.result_types[0])
    return [make_window(tensor, rest[:rank], rest[rank:], stated)]


def _natural_valid(call):
    """A Level 1 result's `?` valid extents: what the window covers."""
    window = call.value(call.op.src)
    spec = call.result_spec(0)
    return [window_tile_shape(window, window_layout(window, spec))]


@tile_op(pto.TLoadOp, result_valid=_natural_valid)
def tload(call, dsts):
    """dst = the tile's pad value everywhere, then the window over its valid
    region."""
    window, (dst,) = call.value(call.op.src), dsts
    spec = dst.spec
    offsets = tile_offsets(window, window_layout(window, spec), "dst", dst.valid)
    dst.write(0, 0, np.full(spec.shape, pad_value(spec), dtype=spec.dtype))
    dst.write(0, 0, window.array.elements[offsets])


def _has(op, name, value):
    """Whether ``op`` has the attribute ``name`` set to ``value`` (its
    text)."""
    return name in op.attributes and str(op.attributes[name]) == value


@register(pto.TStoreOp)
def tstore(call, operands):
    """The window = src's valid region; an acc tile's f32 elements converted
    to the window's f16/bf16 on the way (tstore_c6: the simulator's
    static_cast, include/pto/cpu/common.hpp:174-186, as tinsert's plain
    conversion), through ``v > 0 ? v : 0`` first with reluPreMode
    (common.hpp:180-182); with atomic_add each converted element is added to
    the window's, in the window's type (AddToElement's ``+=``,
    include/pto/common/pto_tile.hpp:604-613: integers wrap)."""
    src, window = operands
    offsets = tile_offsets(window, window_layout(window, src.spec), "src", src.valid)
    elements = window.array.elements
    relu = _has(call.op, "reluPreMode", "#pto<relu_pre_mode normal_relu>")
    values = plain(src.read(), elements.dtype, relu=relu)
    if _has(call.op, "atomicType", "#pto<atomic_type atomic_add>"):
        # One addition per cell in the tile's row-major order, as the
        # simulator's loop: a window that overlaps itself adds every cell.
        with np.errstate(over="ignore", invalid="ignore"):
            np.add.at(elements, np.ravel(offsets), np.ravel(values))
    else:
        elements[offsets] = values
    return []
