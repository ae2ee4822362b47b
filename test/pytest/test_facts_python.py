"""The dialect's facts as Python reads them (pto_mlir.dialects.pto, through
the C API): the values every layer shares."""
from pto_mlir import ir
from pto_mlir.dialects import pto


def test_tile_facts():
    assert pto.TILE_INDEX_LIMIT == 65535
    assert pto.TILE_ALIGNMENT == 32
    assert pto.TSORT32_BLOCK == 32
    assert (pto.TSORT32_RECORD_BYTES, pto.TSORT32_RECORD_INDEX_OFFSET) == (8, 4)


def test_targets_and_their_attribute():
    assert pto.TARGETS == ("a2a3", "a5")
    assert pto.TARGET_ARCH_ATTR == "pto.target_arch"


def test_declared_target_reads_the_attribute_as_written_and_as_named():
    # PTOAS's spellings name our targets; a module without one declares none.
    declared = {}
    for arch in ["a2", "a3", "a2a3", "a5", None]:
        with ir.Context():
            attribute = "" if arch is None else f' attributes {{pto.target_arch = "{arch}"}}'
            declared[arch] = pto.declared_target(ir.Module.parse(f"module{attribute} {{}}"))
    assert declared == {"a2": ("a2", "a2a3"), "a3": ("a3", "a2a3"), "a2a3": ("a2a3", "a2a3"),
                        "a5": ("a5", "a5"), None: (None, None)}


def test_type_defaults_are_what_the_printer_leaves_out():
    assert pto.TILE_DEFAULTS == {"location": "vec", "blayout": "row_major",
                                 "slayout": "none_box", "fractal": 512, "pad": "null"}
    with ir.Context(), ir.Location.unknown():
        t = pto.TileType.get([16, 64], ir.F32Type.get(), **pto.TILE_DEFAULTS)
        assert str(t) == "!pto.tile<vec, 16x64xf32>"
        assert t == pto.TileType.get([16, 64], ir.F32Type.get())

