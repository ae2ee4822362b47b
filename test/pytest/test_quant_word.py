"""pto.quant_word builds TINSERT/TEXTRACT's 64-bit quant word from its
fields (docs/semantics.md, "The quant word"), pto.quant_fields reads them
back, and both engines convert with exactly the fields the word was built
from (expected values from numpy formulas on the fields, not on the word)."""
import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.dialects import pto

NZ = "blayout=col_major, slayout=row_major"


@pytest.mark.parametrize("fields,word", [
    ({"scale": 1.0}, 0x3F800000),
    ({"scale": -2.5}, 0xC0200000),
    ({"scale": 0.5, "offset": 3, "signed": True}, 0x4060_3F00_0000),
    ({"scale": 0.0, "shift": 5}, 0x5_0000_0000),
    ({"scale": 0.0, "shift": 15, "offset": 511, "signed": True}, 0x7FEF_0000_0000),
    ({"scale": 0.1}, 0x3DCCCCCD),  # rounded to the nearest f32
    ({"scale": 0.09997558593750, "vector": True}, 0x3DCCC000),
])
def test_words_and_fields(fields, word):
    assert pto.quant_word(**fields) == word
    vector = fields.get("vector", False)
    read = pto.quant_fields(word, vector=vector)
    assert read == (np.float32(fields["scale"]), fields.get("shift", 0),
                    fields.get("offset", 0), fields.get("signed", False))
    assert type(read.scale) is np.float32


def test_a_vector_word_reads_the_top_ten_mantissa_bits():
    word = pto.quant_word(0.1)  # a scalar word's full f32
    assert pto.quant_fields(word).scale == np.float32(0.1)
    assert pto.quant_fields(word, vector=True).scale == np.float32(0.0999755859375)


@pytest.mark.parametrize("call,message", [
    (lambda: pto.quant_word(1.0, shift=16),
     "quant_word: shift must be an integer in 0..15, got 16"),
    (lambda: pto.quant_word(1.0, offset=512),
     "quant_word: offset must be an integer in 0..511, got 512"),
    (lambda: pto.quant_word(1.0, offset=-1),
     "quant_word: offset must be an integer in 0..511, got -1"),
    (lambda: pto.quant_word(1.0, shift=1.5),
     "quant_word: shift must be an integer in 0..15, got 1.5"),
    (lambda: pto.quant_word(0.1, vector=True),
     "quant_word: scale 0.1 is not exact in a vector word (1 sign, 8 exponent, 10 "
     "mantissa bits); the nearest are 0.0999755859375 and 0.10003662109375"),
    (lambda: pto.quant_word(-0.1, vector=True),
     "quant_word: scale -0.1 is not exact in a vector word (1 sign, 8 exponent, 10 "
     "mantissa bits); the nearest are -0.0999755859375 and -0.10003662109375"),
    (lambda: pto.quant_fields(1 << 64),
     "quant_fields: word must be an integer in 0..2**64-1, got 18446744073709551616"),
    (lambda: pto.quant_fields(-1),
     "quant_fields: word must be an integer in 0..2**64-1, got -1"),
])
def test_bad_fields_are_refused(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value) == message


@pytest.mark.parametrize("call,message", [
    (lambda: pto.quant_word("1.0"), "quant_word: scale must be a number, got str"),
    (lambda: pto.quant_word(True), "quant_word: scale must be a number, got bool"),
    (lambda: pto.quant_word(1.0, signed=1), "quant_word: signed must be a bool, got int"),
])
def test_bad_types_are_refused(call, message):
    with pytest.raises(TypeError) as error:
        call()
    assert str(error.value) == message


def _textract(src, dst, quant_type):
    """`@k(src, ir, ic, quant, dst)`: one textract of a 16x32 acc tile into
    a 16x32 NZ mat tile, with a scalar word or a 1x32 fp tile."""
    s = f"!pto.tile_buf<acc, 16x32x{src}, {NZ}, fractal=1024>"
    d = f"!pto.tile_buf<mat, 16x32x{dst}, {NZ}>"
    return (f"func.func @k(%s: {s}, %ir: index, %ic: index, %q: {quant_type}, %d: {d}) {{\n"
            f"  pto.textract ins(%s, %ir, %ic, %q : {s}, index, index, {quant_type}) "
            f"outs(%d : {d})\n  return\n}}\n")


def _both_engines(kernel, src, quant, dst_dtype):
    """dst as each engine leaves it: [interp, jit]."""
    results = []
    for engine in ("interp", "jit"):
        dst = np.zeros((16, 32), dst_dtype)
        runtime.run(kernel, "k", src.copy(), 0, 0, quant, dst, engine=engine)
        results.append(dst)
    return results


SOURCE_F32 = (np.arange(16 * 32, dtype=np.float32).reshape(16, 32) - 256) * np.float32(0.75)
SOURCE_I32 = (np.arange(16 * 32, dtype=np.int32).reshape(16, 32) - 256) * 1001


@pytest.mark.parametrize("offset,signed", [(0, True), (7, True), (100, False), (511, False)])
def test_scalar_word_f32_to_i8_on_both_engines(offset, signed):
    word = pto.quant_word(0.375, offset=offset, signed=signed)
    low, high = (-128, 127) if signed else (0, 255)
    expected = np.clip(np.rint(SOURCE_F32 * np.float32(0.375) + np.float32(offset)), low, high)
    dst_dtype = np.int8 if signed else np.uint8
    kernel = _textract("f32", "i8" if signed else "ui8", "i64")
    for result in _both_engines(kernel, SOURCE_F32, word, dst_dtype):
        assert result.tolist() == expected.astype(dst_dtype).tolist()


@pytest.mark.parametrize("shift", [0, 3, 15])
def test_scalar_word_shift_i32_to_i16_on_both_engines(shift):
    word = pto.quant_word(0.0, shift=shift)
    expected = (SOURCE_I32 >> (shift + 1)).astype(np.int16)
    for result in _both_engines(_textract("i32", "i16", "i64"), SOURCE_I32, word, np.int16):
        assert result.tolist() == expected.tolist()


def test_scalar_word_i32_to_f16_on_both_engines():
    word = pto.quant_word(0.125)
    expected = np.clip(SOURCE_I32.astype(np.float32) * np.float32(0.125),
                       -65504, 65504).astype(np.float16)
    for result in _both_engines(_textract("i32", "f16", "i64"), SOURCE_I32, word, np.float16):
        assert result.view(np.uint16).tolist() == expected.view(np.uint16).tolist()


def test_vector_words_per_column_on_both_engines():
    scales = [0.5, 0.25, 1.5, -0.75, 2.0, 0.0999755859375, 3.0, 0.125] * 4
    offsets = [k * 5 for k in range(32)]
    words = np.array([[pto.quant_word(s, offset=o, signed=True, vector=True)
                       for s, o in zip(scales, offsets)]], dtype=np.uint64)
    expected = np.clip(np.rint(SOURCE_F32 * np.array(scales, np.float32)
                               + np.array(offsets, np.float32)), -128, 127).astype(np.int8)
    kernel = _textract("f32", "i8", "!pto.tile_buf<scaling, 1x32xui64>")
    for result in _both_engines(kernel, SOURCE_F32, words, np.int8):
        assert result.tolist() == expected.tolist()
