"""The tile types from Python: builders, accessors, errors, registration."""
import pytest

from pto_mlir import ir, passmanager
from pto_mlir.dialects import arith, func, pto, scf  # noqa: F401


def test_tile_type_defaults_and_accessors(ctx):
    t = pto.TileType.get([16, 64], ir.F32Type.get())
    assert str(t) == "!pto.tile<vec, 16x64xf32>"
    assert t.shape == [16, 64]
    assert (t.rows, t.cols) == (16, 64)
    assert t.valid_shape == [16, 64]
    assert str(t.element_type) == "f32"
    assert (t.location, t.blayout, t.slayout, t.fractal, t.pad) == (
        "vec", "row_major", "none_box", 512, "null")


def test_tile_buf_type_all_fields(ctx):
    b = pto.TileBufType.get([128, 64], ir.F32Type.get(), location="acc",
                            valid_shape=[128, None], blayout="col_major",
                            slayout="row_major", fractal=1024, pad="zero")
    assert str(b) == ("!pto.tile_buf<acc, 128x64xf32, valid=128x?, "
                      "blayout=col_major, slayout=row_major, fractal=1024, pad=zero>")
    assert b.valid_shape == [128, None]
    assert pto.TileBufType.isinstance(b)
    assert not pto.TileType.isinstance(b)


@pytest.mark.parametrize("valid, expected", [
    ("", [("bytes", "memref<2048xi8>")]),
    (", valid=?x?", [("bytes", "memref<2048xi8>"), ("valid_rows", "index"),
                     ("valid_cols", "index")]),
    (", valid=16x?", [("bytes", "memref<2048xi8>"), ("valid_cols", "index")]),
    (", valid=?x32", [("bytes", "memref<2048xi8>"), ("valid_rows", "index")]),
])
def test_lowered_args_are_the_host_lowerings(ctx, valid, expected):
    # What pto-to-std makes of the type in an argument list, from its type
    # converter: the bytes of the whole static tile, then each `?` extent.
    b = pto.TileBufType(ir.Type.parse(f"!pto.tile_buf<vec, 16x32xf32{valid}>"))
    assert [(kind, str(t)) for kind, t in b.lowered_args] == expected


def test_parsed_type_casts(ctx):
    parsed = ir.Type.parse("!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=32, "
                           "v_row=?, v_col=32, blayout=row_major, "
                           "slayout=none_box, fractal=512, pad=3>")
    b = pto.TileBufType(parsed)
    assert b.location == "mat"
    assert b.valid_shape == [None, 32]
    assert b.pad == "min"
    assert str(b.element_type) == "bf16"


def test_invalid_parameters_raise_value_error(ctx):
    f32 = ir.F32Type.get()
    with pytest.raises(ValueError, match=r"^row_major \(ND\) tile needs cols \* sizeof\(f32\) "
                       r"to be a multiple of 32 bytes, got cols=3 \(12 bytes\)$"):
        pto.TileType.get([16, 3], f32)
    with pytest.raises(ValueError, match=r"^unknown location 'ub'$"):
        pto.TileType.get([16, 64], f32, location="ub")
    with pytest.raises(ValueError, match=r"^tile valid rows must be in \[0, 16\], got 17$"):
        pto.TileBufType.get([16, 64], f32, valid_shape=[17, 64])
    with pytest.raises(ValueError, match=r"^tile fractal size must be 16, 32, 512 or 1024, got 7$"):
        pto.TileType.get([16, 64], f32, fractal=7)
    with pytest.raises(ValueError,
                       match=r"^tile shape must have rank 2 \(rows x cols\), got rank 1$"):
        pto.TileType.get([64], f32)


def test_every_context_has_the_dialects(ctx):
    module = ir.Module.parse("""
      module attributes {pto.target_arch = "a5"} {
        func.func @k(%a: !pto.tile<vec, 16x32xi16>, %n: index) -> !pto.tile<vec, 16x32xi16> {
          %c = arith.constant 0 : index
          %r = scf.for %i = %c to %n step %n iter_args(%x = %a) -> !pto.tile<vec, 16x32xi16> {
            %y = pto.tor %x, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
            scf.yield %y : !pto.tile<vec, 16x32xi16>
          }
          return %r : !pto.tile<vec, 16x32xi16>
        }
      }""")  # noqa: E501
    assert module.operation.verify()


def test_pass_manager_reaches_upstream_passes(ctx):
    module = ir.Module.parse("""
      func.func @k(%a: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
        %dead = pto.tor %a, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
        return %a : !pto.tile<vec, 16x32xi16>
      }""")  # noqa: E501
    passmanager.PassManager.parse("builtin.module(canonicalize,cse)").run(module.operation)
    assert "pto.tor" not in str(module)


def test_verifier_errors_raise(ctx):
    with pytest.raises(ir.MLIRError) as info:
        ir.Module.parse("func.func private @f(!pto.tile<16x3xf32>)")
    assert ("row_major (ND) tile needs cols * sizeof(f32) to be a multiple of 32 "
            "bytes, got cols=3 (12 bytes)") in str(info.value)


@pytest.mark.parametrize("make", [pto.TileType.get, pto.TileBufType.get])
def test_extents_must_be_ints_not_bools(ctx, make):
    i16 = ir.IntegerType.get_signless(16)
    with pytest.raises(TypeError, match=r"^valid_shape entries must be ints or None, "
                                        r"got True$"):
        make([16, 32], i16, valid_shape=(True, True))
    with pytest.raises(TypeError, match=r"^shape entries must be ints, got False$"):
        make([16, False], i16)
    with pytest.raises(TypeError, match=r"^shape entries must be ints, got 1\.5$"):
        make([1.5, 32], i16)
    # None is '?' in a valid shape only.
    with pytest.raises(TypeError, match=r"^shape entries must be ints, got None$"):
        make([None, 32], i16)
    assert make((16, 32), i16, valid_shape=[16, None]).valid_shape == [16, None]
