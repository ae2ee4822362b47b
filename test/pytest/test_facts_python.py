"""The dialect's facts as Python reads them (pto_mlir.dialects.pto, through
the C API): the values every layer shares."""
from pto_mlir import ir
from pto_mlir.dialects import pto


def test_tile_facts():
    assert pto.TILE_INDEX_LIMIT == 65535
    assert pto.TILE_ALIGNMENT == 32
    assert (pto.TSORT32_RECORD_BYTES, pto.TSORT32_RECORD_INDEX_OFFSET) == (8, 4)


def test_targets_and_their_attribute():
    assert pto.TARGETS == ("a2a3", "a5")
    assert pto.TARGET_ARCH_ATTR == "pto.target_arch"


def test_type_defaults_are_what_the_printer_leaves_out():
    assert pto.TILE_DEFAULTS == {"location": "vec", "blayout": "row_major",
                                 "slayout": "none_box", "fractal": 512, "pad": "null"}
    with ir.Context(), ir.Location.unknown():
        t = pto.TileType.get([16, 64], ir.F32Type.get(), **pto.TILE_DEFAULTS)
        assert str(t) == "!pto.tile<vec, 16x64xf32>"
        assert t == pto.TileType.get([16, 64], ir.F32Type.get())

