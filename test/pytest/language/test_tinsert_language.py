"""pl.tinsert and pl.textract through the language, on both engines: every
form (into or a result type, indices from Python ints or kernel values,
relu, scalar and vector quant, saturate, acc_to_vec and split modes,
mat -> left)."""
import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same

ACC = pl.Tile(16, 16, pl.f32, loc="acc", layout="nz", fractal=1024)
MAT_I8 = pl.Tile(32, 32, pl.i8, loc="mat", layout="nz")
MAT_F16 = pl.Tile(32, 32, pl.f16, loc="mat", layout="nz")


@pl.kernel(target="a5")
def insert_constant(src: pl.Tile[8, 16, pl.f16], dst: pl.Tile[16, 32, pl.f16]):
    return pl.tinsert(src, 8, 16, into=dst)


@pl.kernel(target="a5")
def insert_at(src: pl.Tile[8, 16, pl.f16], dst: pl.Tile[16, 32, pl.f16], r: pl.index,
              c: pl.i32):
    return pl.tinsert(src, r, c, into=dst)


@pl.kernel(target="a5")
def insert_fresh(src: pl.Tile[8, 16, pl.f16], r: pl.index):
    return pl.tinsert(src, r, 0, pl.Tile[16, 32, pl.f16])


@pl.kernel(target="a5")
def extract_at(src: pl.Tile[16, 32, pl.f16], r: pl.index, c: pl.index):
    return pl.textract(src, r, c, pl.Tile[8, 16, pl.f16]), pl.textract(src, 0, 16,
                                                                       pl.Tile[8, 16, pl.f16])


@pl.kernel
def insert_relu(acc: ACC):
    return pl.tinsert(acc, 16, 0, MAT_F16, relu=True)


@pl.kernel(target="a5")
def insert_scalar_quant(acc: ACC, word: pl.u64):
    return pl.tinsert(acc, 0, 16, MAT_I8, quant=word)


@pl.kernel(target="a5")
def insert_constant_quant(acc: ACC):
    return pl.tinsert(acc, 0, 0, MAT_I8, quant=0x3F000000 | (1 << 46), relu=True)


@pl.kernel(target="a5")
def insert_vector_quant(acc: ACC, fp: pl.Tile(1, 16, pl.u64, loc="scaling")):
    return pl.tinsert(acc, 16, 16, MAT_I8, quant=fp)


@pl.kernel(target="a5")
def insert_saturate(acc: ACC, word: pl.u64):
    return pl.tinsert(acc, 0, 0, MAT_F16, quant=word, saturate=True)


@pl.kernel(target="a5")
def insert_acc_to_vec(acc: ACC):
    dst = pl.Tile[16, 16, pl.f16]
    single = pl.tinsert(acc, 0, 0, dst, acc_to_vec=pl.AccToVecMode.SingleVec1)
    dual = pl.tinsert(acc, 0, 0, dst, acc_to_vec="dual_split_m")
    return single, dual


@pl.kernel(target="a5")
def insert_split(src: pl.Tile(16, 16, pl.f16, layout="nz")):
    return pl.tinsert(src, 16, 0, MAT_F16, split=pl.SplitMode.Split2)


@pl.kernel(target="a5")
def extract_quant(acc: pl.Tile(32, 32, pl.f32, loc="acc", layout="nz", fractal=1024),
                  word: pl.i64):
    return pl.textract(acc, 16, 0, pl.Tile(16, 32, pl.i8, loc="mat", layout="nz"),
                       quant=word, relu=True)


@pl.kernel
def extract_left(src: pl.Tile(32, 32, pl.f32, loc="mat", layout="zn")):
    return pl.textract(src, 16, 16, pl.Tile(16, 16, pl.f32, loc="left", layout="nz"))


def _f16(rng, shape):
    return rng.standard_normal(shape).astype(np.float16)


def _word(scale, offset=0, signed=True):
    return int(np.float32(scale).view(np.uint32)) | (offset << 37) | (int(signed) << 46)


def _quantized_i8(values, scale, offset, signed=True, relu=False):
    low, high = (-128, 127) if signed else (0, 255)
    q = np.clip(np.rint(values * np.float32(scale) + np.float32(offset)), low, high)
    return (np.maximum(q, 0) if relu else q).astype(np.int8)


def test_tinsert_into_at_constant_indices(engine):
    rng = np.random.default_rng(20)
    src, dst = _f16(rng, (8, 16)), _f16(rng, (16, 32))
    expected = dst.copy()
    expected[8:, 16:] = src
    assert_same(insert_constant(src, dst, engine=engine), expected)


@pytest.mark.parametrize("r, c", [(0, 0), (8, 16), (3, 5)])
def test_tinsert_into_at_kernel_indices(engine, r, c):
    rng = np.random.default_rng(21)
    src, dst = _f16(rng, (8, 16)), _f16(rng, (16, 32))
    expected = dst.copy()
    expected[r:r + 8, c:c + 16] = src
    assert_same(insert_at(src, dst, r, c, engine=engine), expected)


def test_tinsert_into_a_fresh_tile(engine):
    src = _f16(np.random.default_rng(22), (8, 16))
    expected = np.zeros((16, 32), np.float16)
    expected[4:12, :16] = src
    assert_same(insert_fresh(src, 4, engine=engine), expected)


def test_textract_at_kernel_and_constant_indices(engine):
    src = _f16(np.random.default_rng(23), (16, 32))
    window, corner = extract_at(src, 5, 9, engine=engine)
    assert_same(window, src[5:13, 9:25])
    assert_same(corner, src[:8, 16:])


def test_tinsert_relu_acc_to_mat(engine):
    acc = np.random.default_rng(24).standard_normal((16, 16)).astype(np.float32)
    expected = np.zeros((32, 32), np.float16)
    expected[16:, :16] = np.maximum(acc, 0).astype(np.float16)
    assert_same(insert_relu(acc, engine=engine), expected)


def test_tinsert_scalar_quant_from_a_kernel_value(engine):
    acc = (np.random.default_rng(25).standard_normal((16, 16)) * 100).astype(np.float32)
    expected = np.zeros((32, 32), np.int8)
    expected[:16, 16:] = _quantized_i8(acc, 0.5, 7)
    assert_same(insert_scalar_quant(acc, _word(0.5, 7), engine=engine), expected)


def test_tinsert_scalar_quant_from_a_python_int_with_relu(engine):
    acc = (np.random.default_rng(26).standard_normal((16, 16)) * 100).astype(np.float32)
    expected = np.zeros((32, 32), np.int8)
    expected[:16, :16] = _quantized_i8(acc, 0.5, 0, relu=True)
    assert_same(insert_constant_quant(acc, engine=engine), expected)


def test_tinsert_vector_quant(engine):
    rng = np.random.default_rng(27)
    acc = (rng.standard_normal((16, 16)) * 50).astype(np.float32)
    scales = np.array([0.5, 0.25, 1.0, 2.0] * 4, np.float32)   # 13 low mantissa bits zero
    fp = np.array([[_word(s) for s in scales]], np.uint64)
    expected = np.zeros((32, 32), np.int8)
    expected[16:, 16:] = _quantized_i8(acc, scales[None, :], 0)
    assert_same(insert_vector_quant(acc, fp, engine=engine), expected)


def test_tinsert_saturate(engine):
    acc = np.array([[1e6, -1e6, np.nan, 1.5] * 4] * 16, np.float32)
    expected = np.zeros((32, 32), np.float16)
    expected[:16, :16] = np.array([65504, -65504, 0, 3.0] * 4, np.float16)
    assert_same(insert_saturate(acc, _word(2.0), engine=engine), expected)


def test_tinsert_acc_to_vec_modes_move_the_same_values(engine):
    acc = np.random.default_rng(28).standard_normal((16, 16)).astype(np.float32)
    single, dual = insert_acc_to_vec(acc, engine=engine)
    assert_same(single, acc.astype(np.float16))
    assert_same(dual, acc.astype(np.float16))


def test_tinsert_split_mode(engine):
    src = _f16(np.random.default_rng(29), (16, 16))
    expected = np.zeros((32, 32), np.float16)
    expected[16:, :16] = src
    assert_same(insert_split(src, engine=engine), expected)


def test_textract_quant_and_relu_from_a_kernel_value(engine):
    acc = (np.random.default_rng(30).standard_normal((32, 32)) * 100).astype(np.float32)
    expected = _quantized_i8(acc[16:, :], 0.25, 3, relu=True)
    assert_same(extract_quant(acc, _word(0.25, 3), engine=engine), expected)


def test_textract_mat_to_left(engine):
    src = np.random.default_rng(31).standard_normal((32, 32)).astype(np.float32)
    assert_same(extract_left(src, engine=engine), src[16:, 16:])
