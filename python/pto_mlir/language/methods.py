"""The methods of a tile value in a kernel (issue 34, item 5):
``x.astype(pl.f16)``, ``x.sum(axis=1)``, ``x.max(axis=1)``, ``x.min(axis=1)``,
``x.prod(axis=1)``. Each builds the op its pl function builds (pl.tcvt,
pl.trowsum ...), with the result type derived from ``x``; what the op does
not allow is its verifier's error, at the caller's line."""
from __future__ import annotations

from collections.abc import Callable

from .. import ir
from ..dialects import pto
from .ops import FAMILY_FUNCTIONS, tcvt
from .types import DType

__all__ = ["tile_method", "TILE_METHODS"]

# The reductions by method name: the row family's op for axis=1.
_ROW_REDUCTIONS = {"sum": "trowsum", "max": "trowmax", "min": "trowmin", "prod": "trowprod"}
TILE_METHODS = ("astype", *_ROW_REDUCTIONS)

# A tile without boxes fills whole 32-byte blocks along its major axis
# (the type's rule tile_c7).
_BLOCK_BYTES = 32


def _like(tile: pto.TileType, **changes: object) -> ir.Type:
    """``tile``'s type with ``changes`` (TileType.get's keywords)."""
    fields: dict[str, object] = {
        "shape": list(tile.shape), "element_type": tile.element_type,
        "location": tile.location, "valid_shape": list(tile.valid_shape),
        "blayout": tile.blayout, "slayout": tile.slayout, "fractal": tile.fractal,
        "pad": tile.pad}
    fields.update(changes)
    shape, element_type = fields.pop("shape"), fields.pop("element_type")
    return pto.TileType.get(shape, element_type, **fields)


def _astype(x: ir.Value) -> Callable[..., ir.Value]:
    def astype(dtype: DType, rounding: str | None = None, saturate: bool = False) -> ir.Value:
        """``x`` converted to ``dtype`` (pl.tcvt): ``rounding`` a RoundMode
        spelling ("ROUND", ...; a float to an integer only), ``saturate``
        clamping first."""
        if not isinstance(dtype, DType):
            raise TypeError(f"astype takes an element type (pl.f16, ...), got {dtype!r}")
        result = _like(pto.TileType(x.type), element_type=dtype.mlir_type())
        return tcvt(x, result, rmode=rounding, sat_mode="ON" if saturate else None)
    return astype


def _column_of(tile: pto.TileType) -> ir.Type:
    """Where a row reduction of ``tile`` goes: one column of its valid rows,
    as a DN column when that fills whole blocks, else column 0 of an ND
    tile one block wide."""
    valid_rows = tile.valid_shape[0]
    element_bytes = tile.element_type.width // 8
    if tile.rows * element_bytes % _BLOCK_BYTES == 0:
        return _like(tile, shape=[tile.rows, 1], valid_shape=[valid_rows, 1],
                     blayout="col_major", slayout="none_box")
    return _like(tile, shape=[tile.rows, _BLOCK_BYTES // element_bytes],
                 valid_shape=[valid_rows, 1], blayout="row_major", slayout="none_box")


def _reduction(x: ir.Value, method: str) -> Callable[..., ir.Value]:
    def reduce(axis: int, tmp: ir.Value | None = None) -> ir.Value:
        if axis != 1:
            raise ValueError(f"x.{method}(axis={axis!r}): pto-mlir reduces rows "
                             f"(axis=1, pl.{_ROW_REDUCTIONS[method]}) only")
        tile = pto.TileType(x.type)
        if tmp is None:
            # The NPU's scratch (a2a3 accumulates in it): a tile of its own,
            # never x itself, which it would overwrite while reading it.
            tmp = FAMILY_FUNCTIONS["texpands"](0, result=_like(tile))
        return FAMILY_FUNCTIONS[_ROW_REDUCTIONS[method]](x, tmp, result=_column_of(tile))
    reduce.__name__ = method
    reduce.__doc__ = (f"Each valid row of x folded by pl.{_ROW_REDUCTIONS[method]} into one "
                      "column; ``tmp`` the NPU's scratch tile (a new one, zero-filled, "
                      "when not given).")
    return reduce


def tile_method(x: ir.Value, name: str) -> Callable[..., ir.Value] | None:
    """The method ``name`` of tile value ``x``, or None when a tile has none."""
    if name == "astype":
        return _astype(x)
    if name in _ROW_REDUCTIONS:
        return _reduction(x, name)
    return None
