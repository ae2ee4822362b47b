"""Element types by name or numpy dtype; tile locations, layouts, fractals
and valid shapes in the annotation."""
import ml_dtypes
import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same

NAMES = {"i8": "i8", "u8": "ui8", "i16": "i16", "u16": "ui16", "i32": "i32", "u32": "ui32",
         "i64": "i64", "u64": "ui64", "f16": "f16", "bf16": "bf16", "f32": "f32",
         "f8e4m3": "f8E4M3FN", "f8e5m2": "f8E5M2", "f8e8m0": "f8E8M0FNU",
         "f4e2m1": "f4E2M1FN"}


def test_element_type_names():
    assert {name: t.mlir for name, t in pl.ELEMENT_TYPES.items()} == NAMES
    for name in NAMES:
        assert getattr(pl, name) is pl.ELEMENT_TYPES[name]
    assert pl.dtype_of(np.float16) is pl.f16
    assert pl.dtype_of(ml_dtypes.bfloat16) is pl.bf16
    assert pl.dtype_of("ui8") is pl.u8
    assert pl.u16.numpy == np.uint16 and pl.f4e2m1.numpy is None


def test_not_an_element_type():
    with pytest.raises(ValueError) as error:
        pl.dtype_of(np.float64)
    assert str(error.value) == (
        "<class 'numpy.float64'> is not an element type (element types: pl.i8, pl.u8, "
        "pl.i16, pl.u16, pl.i32, pl.u32, pl.i64, pl.u64, pl.f16, pl.bf16, pl.f32, "
        "pl.f8e4m3, pl.f8e5m2, pl.f8e8m0, pl.f4e2m1, or their numpy dtypes)")


@pl.kernel
def same_type(a: pl.Tile):
    return pl.treshape(a, pl.Tile[a.shape[0], a.shape[1], a.dtype])


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32,
                                   np.uint32, np.float16, ml_dtypes.bfloat16, np.float32])
def test_each_element_type_through_a_generic_kernel(engine, dtype):
    a = np.arange(4 * 64).reshape(4, 64).astype(dtype)
    assert_same(same_type(a, engine=engine), a)


@pl.kernel
def numpy_annotations(a: pl.Tile[4, 32, np.int16], n: np.int32):
    acc = a
    for _ in range(n):
        acc = acc | a
    return acc


def test_numpy_dtypes_in_annotations(engine):
    a = np.arange(128, dtype=np.int16).reshape(4, 32)
    assert_same(numpy_annotations(a, 2, engine=engine), a)
    assert "%arg1: i32" in numpy_annotations.mlir


@pl.kernel
def fields(acc: pl.Tile(16, 16, pl.f32, loc="acc", layout="nz", fractal=1024),
           mat: pl.Tile(32, 16, pl.f16, loc="mat", blayout="col_major", slayout="row_major"),
           dn: pl.Tile(16, 8, pl.i16, layout="dn", valid=(12, 8))):
    return pl.tinsert(acc, 16, 0, into=mat)


def test_locations_layouts_fractals_and_valid_shapes():
    text = fields.mlir
    assert ("(%arg0: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, "
            "fractal=1024>, %arg1: !pto.tile<mat, 32x16xf16, blayout=col_major, "
            "slayout=row_major>, %arg2: !pto.tile<vec, 16x8xi16, valid=12x8, "
            "blayout=col_major>)") in text


def test_boxed_and_column_major_arguments_are_logical_arrays(engine):
    rng = np.random.default_rng(60)
    acc = rng.standard_normal((16, 16)).astype(np.float32)
    mat = rng.standard_normal((32, 16)).astype(np.float16)
    dn = np.zeros((16, 8), np.int16)
    expected = mat.copy()
    expected[16:] = acc.astype(np.float16)
    assert_same(fields(acc, mat, dn, engine=engine), expected)


@pl.kernel
def dynamic_rows(a: pl.Tile(16, 32, pl.i16, valid=(None, 32)),
                 b: pl.Tile(16, 32, pl.i16, valid=(None, 32))):
    return a | b  # dynamic


def test_dynamic_valid_shapes(engine):
    a = np.arange(512, dtype=np.int16).reshape(16, 32)
    result = dynamic_rows(pl.Valid(a, valid=(5, 32)), pl.Valid(a * 3, valid=(5, 32)),
                          engine=engine)
    expected = np.zeros((16, 32), np.int16)
    expected[:5] = (a | (a * 3))[:5]
    assert result.valid == (5, 32)
    assert_same(result.array, expected)
    assert "valid=?x32" in dynamic_rows.mlir


@pl.kernel
def dynamic_loop(a: pl.Tile(16, 32, pl.i16, valid=(None, 32)), n: pl.index):
    for _ in range(n):
        a = a | a
    return a


def test_loops_carry_dynamic_valid_tiles(engine):
    a = np.arange(512, dtype=np.int16).reshape(16, 32)
    result = dynamic_loop(pl.Valid(a, valid=(5, 32)), 2, engine=engine)
    assert result.valid == (5, 32)
    expected = np.zeros((16, 32), np.int16)
    expected[:5] = a[:5]
    assert_same(result.array, expected)


@pl.kernel(target="a5")
def head(s: pl.Tile(16, 32, pl.f16, valid=(None, 32))):
    return pl.textract(s, 0, 0, pl.Tile[8, 32, pl.f16])


def test_a_dynamic_valid_argument(engine):
    a = np.random.default_rng(61).standard_normal((16, 32)).astype(np.float16)
    assert_same(head(pl.Valid(a, valid=(12, 32)), engine=engine), a[:8])


def test_tile_annotations():
    assert repr(pl.Tile[16, 64, pl.f32]) == "pl.Tile(16, 64, pl.f32)"
    assert repr(pl.Tile[..., pl.u8]) == "pl.Tile(..., ..., pl.u8)"
    assert repr(pl.Tile(16, 16, np.float32, loc="acc", layout="nz", fractal=1024)) == (
        "pl.Tile(16, 16, pl.f32, loc='acc', blayout='col_major', slayout='row_major', "
        "fractal=1024)")
    with pytest.raises(ValueError) as error:
        pl.Tile(16, 16, pl.f32, layout="nn")
    assert str(error.value) == "unknown layout 'nn' (layouts: nd, dn, nz, zn, zz)"
    with pytest.raises(ValueError) as error:
        pl.Tile[16, pl.f32]
    assert str(error.value) == ("pl.Tile[...] takes rows, cols, dtype (or ..., dtype); "
                                "got (16, pl.f32)")


def test_a_valid_shape_outside_the_tile_is_refused_alike(engine):
    a = np.zeros((16, 32), np.int16)
    with pytest.raises(pl.ArgumentError) as error:
        dynamic_rows(pl.Valid(a, valid=(17, 32)), pl.Valid(a, valid=(5, 32)), engine=engine)
    assert str(error.value) == ("argument #0 'a' (!pto.tile<vec, 16x32xi16, valid=?x32>): "
                                "valid extent 0 is 17, allowed 0..16")
