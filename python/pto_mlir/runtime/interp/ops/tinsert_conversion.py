"""Element conversions of TINSERT/TEXTRACT (docs/ops/tinsert.md).

Plain: relu (``v > 0 ? v : 0`` in the source type, so NaN and -0.0 become
+0) then the C++ conversion to the destination type (round-half-even for
narrower floats). Quantized: a 64-bit quant word per source column (its
fields: dialects/_pto_quant_word.py, docs/semantics.md), all arithmetic in
f32, relu applied last:

    f32/i32 -> i8/u8: round-half-even(f32(src) * scale + offset), clamped
    i32 -> f16:       clamp(f32(src) * scale, +-65504)
    f32 -> f16:       (scalar word only) saturate: NaN -> 0 then clamp;
                      otherwise finite values clamp, inf and NaN pass
    f32 -> bf16:      (scalar word only) f32(src) * scale (pto-isa's
                      QF322BF16_PRE: its clamp at +-FLT_MAX changes no
                      finite value; saturate is for f16 only)
    i32 -> i16:       int16(src >> (k + 1)), wrapping

Other quantized pairs have no defined formula and raise.
"""
import numpy as np

from ....dialects._pto_quant_word import decode as decode_quant_words
from ...failures import failure

F16_MAX = np.float32(65504.0)

__all__ = ["plain", "quantize"]


def _relu(values):
    return np.where(values > 0, values, np.zeros((), dtype=values.dtype))


def _to_integer(values, dtype):
    """float -> integer as the simulator's x86 code does: NaN -> 0 (the
    8-bit paths only reach this after clamping), then wrap to the width."""
    values = np.where(np.isnan(values), np.float32(0), values)
    return values.astype(np.int64).astype(dtype)


def plain(values, dst_dtype, relu):
    if relu:
        values = _relu(values)
    # f32 -> f16 overflows to inf and NaN stays NaN, as the C++ cast does.
    with np.errstate(over="ignore", invalid="ignore"):
        return values.astype(dst_dtype)


def quantize(values, dst_dtype, words, *, vector, saturate, relu, elements):
    """Converts ``values`` (rows x cols) with ``words`` (uint64, one per
    column, broadcast over rows); ``elements`` are the source and
    destination element types as the dialect spells them (for the failure
    of an undefined pair)."""
    src, dst = values.dtype, np.dtype(dst_dtype)
    scale, shift, offset, signed = decode_quant_words(words, vector)
    with np.errstate(all="ignore"):
        if src == np.int32 and dst == np.int16:
            result = (values >> (shift + 1)).astype(np.int16)
        elif src in (np.float32, np.int32) and dst in (np.int8, np.uint8):
            scaled = np.rint(values.astype(np.float32) * scale + offset)
            result = np.clip(scaled, np.where(signed, np.float32(-128), np.float32(0)),
                             np.where(signed, np.float32(127), np.float32(255)))
        elif src == np.int32 and dst == np.float16:
            result = np.clip(values.astype(np.float32) * scale, -F16_MAX, F16_MAX)
        elif src == np.float32 and dst == np.float16 and not vector:
            scaled = values * scale
            if saturate:
                result = np.clip(np.where(np.isnan(scaled), np.float32(0), scaled),
                                 -F16_MAX, F16_MAX)
            else:
                result = np.where(np.isfinite(scaled), np.clip(scaled, -F16_MAX, F16_MAX),
                                  scaled)
        elif src == np.float32 and dst.name == "bfloat16" and not vector:
            # (by name: ml_dtypes is imported only for kernels that use it)
            result = values * scale
        else:
            raise failure("quantization_undefined", form="vector" if vector else "scalar",
                          src=elements[0], dst=elements[1])
        if relu:
            result = _relu(result)
        if np.issubdtype(dst, np.integer) and not np.issubdtype(result.dtype, np.integer):
            return _to_integer(result, dst)
        return result.astype(dst)
