"""pto.tinsert / pto.textract in the reference interpreter: windows and
bounds, relu, the quant words (scalar and vector) with rounding, clamping,
wrapping and saturation, exactly as docs/semantics.md (TINSERT and TEXTRACT) states."""
import ml_dtypes
import numpy as np
import pytest

from pto_mlir import runtime

A5 = 'module attributes {pto.target_arch = "a5"} {\n%s\n}'
A2A3 = 'module attributes {pto.target_arch = "a2a3"} {\n%s\n}'
ACC = "!pto.tile<acc, 16x16x{e}, blayout=col_major, slayout=row_major, fractal=1024>"
NAN, INF = float("nan"), float("inf")
ONE = 0x3F800000               # f32 1.0 in the scale bits


def _word(scale_bits=ONE, shift=0, offset=0, signed=True):
    return scale_bits | shift << 32 | offset << 37 | int(signed) << 46


def _acc_insert(src_e, dst, quant_type=None, attrs="", module=A5):
    """@k(src acc tile[, quant]) -> dst: insert at (0, 0)."""
    src = ACC.format(e=src_e)
    q_arg = f", %q: {quant_type}" if quant_type else ""
    q_use, q_ty = (", %q", f", {quant_type}") if quant_type else ("", "")
    return module % f"""func.func @k(%s: {src}{q_arg}) -> {dst} {{
  %c0 = arith.constant 0 : index
  %r = pto.tinsert %s, %c0, %c0{q_use} {attrs}: ({src}, index, index{q_ty}) -> {dst}
  return %r : {dst}
}}"""


def _acc(values, dtype):
    """A 16x16 acc tile whose first row starts with ``values``."""
    tile = np.zeros((16, 16), dtype=dtype)
    tile[0, :len(values)] = values
    return tile


def test_vec_to_vec_window_level2_keeps_the_rest():
    s, d = "!pto.tile_buf<vec, 2x8xf32>", "!pto.tile_buf<vec, 4x16xf32>"
    kernel = A5 % f"""func.func @k(%s: {s}, %d: {d}, %i: index, %j: index) {{
  pto.tinsert ins(%s, %i, %j : {s}, index, index) outs(%d : {d})
  return
}}"""
    src = np.arange(16, dtype=np.float32).reshape(2, 8) + 1
    dst = np.full((4, 16), -1, dtype=np.float32)
    runtime.run(kernel, "k", src, dst, 2, 8)
    want = np.full((4, 16), -1, dtype=np.float32)
    want[2:4, 8:16] = src
    assert dst.tobytes() == want.tobytes()
    with pytest.raises(runtime.KernelError, match=r"^'pto.tinsert' op at -:3:3: window "
                                                  r"\[3:5, 8:16\] exceeds dst's valid shape "
                                                  r"4x16$"):
        runtime.run(kernel, "k", src, dst, 3, 8)
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", src, dst, 0, 70000)
    assert str(info.value) == "'pto.tinsert' op at -:3:3: index_col is 70000, allowed 0..65535"


def test_level1_without_into_is_zero_outside_and_with_into_copies_it():
    s, d = "!pto.tile<vec, 1x8xf32>", "!pto.tile<vec, 2x16xf32>"
    kernel = A5 % f"""func.func @k(%s: {s}, %into: {d}) -> ({d}, {d}) {{
  %c1 = arith.constant 1 : index
  %a = pto.tinsert %s, %c1, %c1 : ({s}, index, index) -> {d}
  %b = pto.tinsert %s, %c1, %c1 into %into : ({s}, index, index) -> {d}
  return %a, %b : {d}, {d}
}}"""
    src = np.arange(1, 9, dtype=np.float32).reshape(1, 8)
    into = np.full((2, 16), 7, dtype=np.float32)
    fresh, onto = runtime.run(kernel, "k", src, into)
    assert fresh[1, 1:9].tolist() == src[0].tolist() and fresh.sum() == src.sum()
    want = np.full((2, 16), 7, dtype=np.float32)
    want[1, 1:9] = src[0]
    assert onto.tobytes() == want.tobytes()
    assert (into == 7).all()       # a Level 1 operand is never modified


def test_relu_turns_nan_and_negative_zero_into_plus_zero():
    dst = "!pto.tile<vec, 16x16xf16>"
    src = _acc([NAN, -0.0, -3.0, 2.5, 65519.0, 1e6], np.float32)
    out = runtime.run(_acc_insert("f32", dst, attrs="{relu} "), "k", src)
    assert out[0, :6].tolist() == [0.0, 0.0, 0.0, 2.5, 65504.0, INF]
    assert not np.signbit(out[0, :3]).any()
    plain = runtime.run(_acc_insert("f32", dst), "k", src)
    assert np.isnan(plain[0, 0]) and np.signbit(plain[0, 1]) and plain[0, 2] == -3.0


def test_scalar_quant_f32_to_i8_rounds_half_even_and_clamps_by_the_sign_bit():
    dst = "!pto.tile<vec, 16x32xi8>"
    src = _acc([0.5, 1.5, 2.5, -0.5, -1.5, 300.0, -300.0, NAN], np.float32)
    out = runtime.run(_acc_insert("f32", dst, "i64"), "k", src, _word())
    assert out[0, :8].tolist() == [0, 2, 2, 0, -2, 127, -128, 0]
    shifted = runtime.run(_acc_insert("f32", dst, "i64"), "k", src, _word(offset=10))
    assert shifted[0, :5].tolist() == [10, 12, 12, 10, 8]        # 10.5 -> 10, 11.5 -> 12
    relu = runtime.run(_acc_insert("f32", dst, "i64", "{relu} "), "k", src, _word())
    assert relu[0, :8].tolist() == [0, 2, 2, 0, 0, 127, 0, 0]


def test_scalar_quant_unsigned_range_without_the_sign_bit():
    dst = "!pto.tile<vec, 16x32xui8>"
    src = _acc([-3, 300, 5, 255], np.int32)
    half = 0x3F000000                                          # scale 0.5
    out = runtime.run(_acc_insert("i32", dst, "i64"), "k", src, _word(half, signed=False))
    assert out[0, :4].tolist() == [0, 150, 2, 128]             # 2.5 -> 2, 127.5 -> 128


def test_scalar_quant_i32_to_i16_shifts_and_wraps():
    # A2/A3 only, acc -> mat (NZ).
    dst = "!pto.tile<mat, 16x16xi16, blayout=col_major, slayout=row_major>"
    src = _acc([0x7FFFFFFF, -32, 100, 0x12345678], np.int32)
    out = runtime.run(_acc_insert("i32", dst, "i64", module=A2A3), "k", src, _word(shift=3))
    # >> (3 + 1): 0x07FFFFFF -> int16 0xFFFF; 0x01234567 -> 0x4567
    assert out[0, :4].tolist() == [-1, -2, 6, 0x4567]


def test_scalar_quant_i32_to_f16_clamps():
    dst = "!pto.tile<vec, 16x16xf16>"
    src = _acc([40000, -40000, 3, 16777217], np.int32)
    out = runtime.run(_acc_insert("i32", dst, "i64"), "k", src, _word(0x40000000))  # x2
    assert out[0, :4].tolist() == [65504.0, -65504.0, 6.0, 65504.0]


@pytest.mark.parametrize("saturate,expected", [
    (False, [INF, NAN, 65504.0, -65504.0, 1.0, -INF]),
    (True, [65504.0, 0.0, 65504.0, -65504.0, 1.0, -65504.0])])
def test_scalar_quant_f32_to_f16_saturation(saturate, expected):
    dst = "!pto.tile<vec, 16x16xf16>"
    src = _acc([INF, NAN, 1e6, -1e6, 1.0, -INF], np.float32)
    attrs = "{saturate} " if saturate else ""
    out = runtime.run(_acc_insert("f32", dst, "i64", attrs), "k", src, _word())
    np.testing.assert_array_equal(out[0, :6], np.array(expected, dtype=np.float16))


def test_vector_quant_uses_the_column_word_with_13_scale_bits_dropped():
    dst, fp = "!pto.tile<vec, 16x32xi8>", "!pto.tile<scaling, 1x16xui64>"
    words = np.array([[_word(ONE | 0x1FFF), _word(0x3F000000)] * 8], dtype=np.uint64)
    src = _acc([100.5, 100.5, 3.0, 3.0], np.float32)
    out = runtime.run(_acc_insert("f32", dst, fp), "k", src, words)
    # column 0: scale exactly 1.0 (low bits dropped): rint(100.5) = 100; column 1: x0.5.
    assert out[0, :4].tolist() == [100, 50, 3, 2]
    scalar = runtime.run(_acc_insert("f32", dst, "i64"), "k", src, _word(ONE | 0x1FFF))
    assert scalar[0, 0] == 101      # the scalar word keeps all 32 scale bits


def test_textract_window_and_vector_quant_column_offset():
    # src holds the whole 16x32 dst at (1, 4) (textract_c25): 32x48.
    src = "!pto.tile<acc, 32x48xf32, blayout=col_major, slayout=row_major, fractal=1024>"
    dst, fp = "!pto.tile<vec, 16x32xi8, valid=2x4>", "!pto.tile<scaling, 1x48xui64>"
    kernel = A5 % f"""func.func @k(%s: {src}, %q: {fp}) -> {dst} {{
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = pto.textract %s, %c1, %c4, %q : ({src}, index, index, {fp}) -> {dst}
  return %r : {dst}
}}"""
    values = np.arange(32 * 48, dtype=np.float32).reshape(32, 48) % 251
    words = np.array([[_word(ONE)] * 4 + [_word(0x3F000000)] * 44], dtype=np.uint64)
    words[0, 6] = _word(ONE)
    out = runtime.run(kernel, "k", values, words)
    # dst[r, c] = q(src[1 + r, 4 + c]) with fp[0, 4 + c]
    want = np.zeros((16, 32), dtype=np.int8)
    for r in range(2):
        for c in range(4):
            v = values[1 + r, 4 + c] * (1.0 if c == 2 else 0.5)
            want[r, c] = min(127, np.rint(v))
    assert out.tobytes() == want.tobytes()


def test_acc_to_vec_modes_and_plain_saturate_move_the_same_values():
    dst = "!pto.tile<vec, 16x16xf16>"
    src = _acc([1.5, -2.0, 1e6, NAN, 65519.0], np.float32)
    plain = runtime.run(_acc_insert("f32", dst), "k", src)
    assert plain[0, :5].tolist()[:3] == [1.5, -2.0, INF] and plain[0, 4] == 65504.0
    for mode in ("single_vec0", "single_vec1", "dual_split_m", "dual_split_n"):
        attrs = f"{{acc_to_vec = #pto.acc_to_vec<{mode}>}} "
        out = runtime.run(_acc_insert("f32", dst, attrs=attrs), "k", src)
        assert out.tobytes() == plain.tobytes()
    # Without a quant word the conversion is the simulator's cast, which the
    # core's saturation bit does not touch.
    saturated = runtime.run(_acc_insert("f32", dst, attrs="{saturate} "), "k", src)
    assert saturated.tobytes() == plain.tobytes()


def test_nz_split_insert_into_mat():
    src = "!pto.tile<vec, 16x16xf16, blayout=col_major, slayout=row_major>"
    dst = "!pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>"
    values = np.arange(256, dtype=np.float16).reshape(16, 16)
    want = np.zeros((16, 32), dtype=np.float16)
    want[:, 16:] = values
    for attrs in ("", "{split = #pto.split<split2>} ", "{split = #pto.split<split4>} "):
        kernel = A5 % f"""func.func @k(%s: {src}) -> {dst} {{
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r = pto.tinsert %s, %c0, %c16 {attrs}: ({src}, index, index) -> {dst}
  return %r : {dst}
}}"""
        assert runtime.run(kernel, "k", values).tobytes() == want.tobytes()


def test_textract_window_touching_the_source_bounds():
    s, d = "!pto.tile_buf<vec, 4x16xf32>", "!pto.tile_buf<vec, 2x8xf32>"
    kernel = A5 % f"""func.func @k(%s: {s}, %d: {d}, %i: index, %j: index) {{
  pto.textract ins(%s, %i, %j : {s}, index, index) outs(%d : {d})
  return
}}"""
    src = np.arange(64, dtype=np.float32).reshape(4, 16)
    dst = np.zeros((2, 8), dtype=np.float32)
    runtime.run(kernel, "k", src, dst, 2, 8)
    assert dst.tobytes() == src[2:4, 8:16].tobytes()
    with pytest.raises(runtime.KernelError, match=r"^'pto.textract' op at -:3:3: window "
                                                  r"\[2:4, 9:17\] exceeds src's valid shape "
                                                  r"4x16$"):
        runtime.run(kernel, "k", src, dst, 2, 9)


def _bf16_bits(f32):
    """Round-half-even of f32 values to bf16 bit patterns (std::bfloat16_t's
    conversion), NaN as the quiet NaN of its sign: a model written from
    the formats, not from ml_dtypes."""
    bits = f32.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = ((bits >> 16) & 0x8000) | 0x7FC0
    return np.where(np.isnan(f32), nan, rounded).astype(np.uint16)


def _qf322bf16_pre(src, scale, relu):
    """pto-isa's quantize_element for QF322BF16_PRE (include/pto/cpu/
    common.hpp:154) without saturation: the f32 product, clamped to
    +-FLT_MAX when finite (no change); relu last; then the cast to bf16."""
    with np.errstate(all="ignore"):
        result = src * np.float32(scale)
        big = np.finfo(np.float32).max
        result = np.where(np.isfinite(result), np.clip(result, -big, big), result)
        if relu:
            result = np.where(result > 0, result, np.float32(0))
    return _bf16_bits(result)


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("attrs", ["", "relu"])
@pytest.mark.parametrize("scale", [0.37, 3.0e38, float("inf"), float("nan"), -2.0])
def test_scalar_quant_f32_to_bf16_is_the_simulators(engine, attrs, scale):
    s = "!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>"
    d = "!pto.tile_buf<vec, 16x16xbf16>"
    attr_text = f" {{{attrs}}}" if attrs else ""
    kernel = A5 % f"""func.func @k(%s: {s}, %w: i64, %d: {d}) {{
  %c0 = arith.constant 0 : index
  pto.textract ins(%s, %c0, %c0, %w : {s}, index, index, i64) outs(%d : {d}){attr_text}
  return
}}"""
    rng = np.random.default_rng(38)
    src = (rng.standard_normal((16, 16)) * 100).astype(np.float32)
    src.flat[:6] = [np.nan, np.inf, -np.inf, -0.0, 1.0e38, 1.0e-40]
    word = int(np.float32(scale).view(np.uint32))
    dst = np.zeros((16, 16), dtype=ml_dtypes.bfloat16)
    runtime.run(kernel, "k", src, word, dst, engine=engine)
    want = _qf322bf16_pre(src, np.float32(scale), "relu" in attrs)
    assert dst.view(np.uint16).tolist() == want.tolist()
