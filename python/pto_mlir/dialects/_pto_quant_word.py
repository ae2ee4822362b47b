"""The 64-bit quant word of TINSERT/TEXTRACT's quantized conversions
(docs/semantics.md, "The quant word"): where each field lies,
``quant_word(...)`` to build a word and ``quant_fields(...)`` to read one as
the engines do. The interpreter decodes words with ``decode`` (runtime/interp/ops/
tinsert_conversion.py); the host lowering decodes them on its own
(passes/lib/lowering/TInsertConversion.cpp), and the tests compare the two
engines on words built here.
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = ["QuantFields", "quant_fields", "quant_word"]

# bits 31..0: the scale's f32 bits (scalar word); a vector word (an ``fp``
# tile's) keeps bits 31..13 only, a float of 1 sign, 8 exponent and 10
# mantissa bits.
SCALAR_SCALE_MASK = 0xFFFFFFFF
VECTOR_SCALE_MASK = 0xFFFFE000
# (lowest bit, width) of the other fields.
SHIFT = (32, 4)    # k of i32 -> i16: src >> (k + 1)
OFFSET = (37, 9)   # unsigned, added before rounding to i8 / u8
SIGN = (46, 1)     # 1: clamp to [-128, 127]; 0: to [0, 255]
_Field = tuple[int, int]


class QuantFields(NamedTuple):
    """A quant word's fields as the engines read them:
    ``scale`` (numpy float32), ``shift`` and ``offset`` (ints), ``signed`` (bool)."""
    scale: np.float32
    shift: int
    offset: int
    signed: bool


def _field(words: npt.NDArray[np.uint64], field: _Field) -> npt.NDArray[np.uint64]:
    low, width = field
    return (words >> np.uint64(low)) & np.uint64((1 << width) - 1)


def decode(words: npt.ArrayLike, vector: bool
           ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int32], npt.NDArray[np.float32],
                      npt.NDArray[np.bool_]]:
    """The fields of ``words`` (uint64, any shape) as arrays: scale
    (float32), shift (int32), offset (float32), signed (bool)."""
    words = np.asarray(words, dtype=np.uint64)
    mask = np.uint64(VECTOR_SCALE_MASK if vector else SCALAR_SCALE_MASK)
    scale = (words & mask).astype(np.uint32).view(np.float32)
    return (scale, _field(words, SHIFT).astype(np.int32),
            _field(words, OFFSET).astype(np.float32), _field(words, SIGN).astype(bool))


def _check_field(name: str, value: int | np.integer[Any], field: _Field) -> int:
    limit = (1 << field[1]) - 1
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
            or not 0 <= value <= limit:
        raise ValueError(f"quant_word: {name} must be an integer in 0..{limit}, got {value!r}")
    return int(value) << field[0]


def quant_word(scale: float | np.floating[Any] | np.integer[Any], *,
               shift: int | np.integer[Any] = 0, offset: int | np.integer[Any] = 0,
               signed: bool | np.bool_ = False, vector: bool = False) -> int:
    """The quant word (an int in 0..2**64-1) of these fields: ``scale`` (a
    number, rounded to the nearest f32) for f32/i32 -> i8/u8 and -> f16;
    ``shift`` (0..15) for i32 -> i16; ``offset`` (0..511) and ``signed``
    (clamp to [-128, 127] rather than [0, 255]) for -> i8/u8. With
    ``vector=True`` (a word of an ``fp`` tile) the scale must be exact in
    the 10 mantissa bits such words keep, else ValueError. The unused bits
    are 0; ``quant_fields(word, vector=...)`` gives the fields back."""
    if isinstance(scale, bool) or not isinstance(scale, (int, float, np.floating, np.integer)):
        raise TypeError(f"quant_word: scale must be a number, got {type(scale).__name__}")
    if not isinstance(signed, (bool, np.bool_)):
        raise TypeError(f"quant_word: signed must be a bool, got {type(signed).__name__}")
    scale_bits = int(np.array(scale, dtype=np.float32).view(np.uint32))
    if vector and scale_bits & ~VECTOR_SCALE_MASK & SCALAR_SCALE_MASK:
        kept = np.array(scale_bits & VECTOR_SCALE_MASK, np.uint32).view(np.float32)
        above = np.array((scale_bits & VECTOR_SCALE_MASK) + 0x2000, np.uint32).view(np.float32)
        low, high = sorted([float(kept), float(above)], key=abs)
        raise ValueError(f"quant_word: scale {scale!r} is not exact in a vector word (1 sign, "
                         f"8 exponent, 10 mantissa bits); the nearest are {low!r} and {high!r}")
    return (scale_bits | _check_field("shift", shift, SHIFT)
            | _check_field("offset", offset, OFFSET) | int(bool(signed)) << SIGN[0])


def quant_fields(word: int | np.integer[Any], *, vector: bool = False) -> QuantFields:
    """The ``QuantFields`` the engines read from ``word`` (an int in
    0..2**64-1; a vector word's scale keeps its top 10 mantissa bits)."""
    if isinstance(word, bool) or not isinstance(word, (int, np.integer)) \
            or not 0 <= int(word) < 1 << 64:
        raise ValueError(f"quant_fields: word must be an integer in 0..2**64-1, got {word!r}")
    scale, shift, offset, signed = decode(np.uint64(int(word)), vector)
    return QuantFields(np.float32(scale), int(shift), int(offset), bool(signed))
