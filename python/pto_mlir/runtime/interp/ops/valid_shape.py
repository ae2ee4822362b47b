"""pto.valid_shape (docs/ops/valid_shape.md)."""
from ....dialects import pto
from ..registry import register


@register(pto.ValidShapeOp)
def valid_shape(call, operands):
    """The tile's valid rows and columns, as index values (ints)."""
    tile, = operands
    return list(tile.valid)
