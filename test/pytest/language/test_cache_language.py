"""Compiled once per argument signature and target, in a bounded cache."""
import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same


def _or(a: pl.Tile, b: pl.Tile):
    return a | b


def test_one_specialization_per_signature():
    kernel = pl.kernel(_or)
    a16, a8 = np.ones((4, 32), np.int16), np.ones((4, 64), np.uint8)
    b16 = np.ones((8, 32), np.int16)
    assert_same(kernel(a16, a16), a16)
    assert_same(kernel(a16, a16, engine="interp"), a16)
    assert kernel.cache_info() == (1, 1, 1, pl.DEFAULT_CACHE_SIZE)
    kernel(b16, b16)
    kernel(a8, a8)
    kernel(a16, a16)
    assert kernel.cache_info() == (2, 3, 3, pl.DEFAULT_CACHE_SIZE)
    assert kernel.specialize(a16, a16) is kernel.specialize(a16.copy(), a16)
    assert kernel.specialize(a16, a16).jit() is kernel.specialize(a16, a16).jit()


def test_the_cache_is_bounded_least_recently_used_first():
    kernel = pl.kernel(_or, cache_size=2)
    arrays = [np.ones((4, 32 * k), np.int16) for k in (1, 2, 3)]
    for a in arrays:
        kernel(a, a)
    assert kernel.cache_info() == (0, 3, 2, 2)
    kernel(arrays[2], arrays[2])        # still cached
    kernel(arrays[0], arrays[0])        # evicted: compiled again
    assert kernel.cache_info() == (1, 4, 2, 2)
    kernel.cache_clear()
    assert kernel.cache_info() == (0, 0, 0, 2)


def _right_half(a: pl.Tile):
    return pl.textract(a, 0, 16, pl.Tile[4, 16, pl.u16])


def test_each_target_compiles_its_own_module():
    # A2/A3 copies vec -> vec ui16, A5 does not (pto-isa 3186c381: its
    # headers; docs/rules.md). (This used tor on i32, which both targets take
    # since that audit.)
    a = np.arange(4 * 32, dtype=np.uint16).reshape(4, 32)
    a2a3, a5 = pl.kernel(_right_half, target="a2a3"), pl.kernel(_right_half, target="a5")
    assert_same(a2a3(a), a[:, 16:])
    assert_same(a2a3(a, engine="interp"), a[:, 16:])
    assert 'pto.target_arch = "a2a3"' in a2a3.mlir
    with pytest.raises(pl.CompileError) as error:
        a5(a)
    assert error.value.message == (
        "'pto.textract' op src element type ui16 is not supported on a5 (allowed: f16, bf16, "
        "f32, i32, i8, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN)")


def test_a_fully_annotated_kernel_has_one_specialization():
    @pl.kernel
    def fixed(a: pl.Tile[4, 32, pl.i16]):
        return a | a
    a = np.ones((4, 32), np.int16)
    text = fixed.mlir
    for _ in range(3):
        fixed(a)
    assert fixed.cache_info() == (3, 1, 1, pl.DEFAULT_CACHE_SIZE)
    assert fixed.mlir is text


def test_bad_options():
    with pytest.raises(ValueError) as error:
        pl.kernel(_or, target="a9")
    assert str(error.value) == "target 'a9' is unknown (targets: a2a3, a5)"
    with pytest.raises(ValueError) as error:
        pl.kernel(_or, cache_size=0)
    assert str(error.value) == "cache_size must be a positive int, got 0"
