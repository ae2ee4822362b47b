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



def test_the_window_to_tile_mapping_is_pto_isas():
    # pto-isa include/pto/cpu/tile_offsets.hpp:169 (MapTileIndicesToGlobalOffset):
    # ND rows run over dimensions 0-3, columns over 4; DN rows over 3,
    # columns over 0, 1, 2, 4 (its GlobalTensor has five, pto_tile.hpp:31).
    from pto_mlir._mlir_libs import _pto
    assert _pto.GLOBAL_RANK == 5
    assert _pto.window_tile_dims("nd") == ((0, 1, 2, 3), (4,))
    assert _pto.window_tile_dims("dn") == ((3,), (0, 1, 2, 4))


def test_a_view_type_names_its_layout():
    with ir.Context():
        f32 = ir.F32Type.get()
        dn = pto.PartitionTensorViewType.get([16, 8], f32, layout="dn")
        assert (str(dn), dn.layout) == ("!pto.partition_tensor_view<16x8xf32, dn>", "dn")
        assert pto.TensorViewType.get([None, 8], f32).layout is None
        for layout, message in [("nz", "!pto.tensor_view layout nz is not supported by "
                                 "pto-mlir (nd and dn are)"),
                                ("zn", "unknown layout 'zn'")]:
            try:
                pto.TensorViewType.get([16, 8], f32, layout=layout)
            except ValueError as error:
                assert str(error) == message
            else:
                raise AssertionError(f"layout {layout!r} was accepted")
