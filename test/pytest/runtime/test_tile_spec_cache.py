"""The interpreter's TileSpec cache stays bounded however many tile types a
process meets, and specs built after it starts over are right."""
from pto_mlir import ir
from pto_mlir.runtime import values


def test_tile_spec_cache_is_bounded():
    with ir.Context():
        for cols in range(1, values._SPECS_MAX + 2):
            t = ir.Type.parse(f"!pto.tile_buf<vec, 1x{32 * cols}xi8>")
            spec = values.tile_spec(t)
            assert spec.shape == (1, 32 * cols)
            assert len(values._specs) <= values._SPECS_MAX
