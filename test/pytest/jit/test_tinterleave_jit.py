"""pto.tinterleave / pto.tdeinterleave through the compiled engine, against
numpy oracles written from docs/semantics.md."""
import numpy as np
import pytest

from oracles import deinterleave_expected, interleave_expected
from pto_mlir.testing import dps_kernel, host_types, random_data, tile_buf

INTERLEAVE_TYPES = host_types("tinterleave_c1")

jit = pytest.importorskip("pto_mlir.runtime.jit")


def _same_bits(actual, expected):
    assert actual.view(np.uint8).tobytes() == expected.view(np.uint8).tobytes()


def _tiles(rng, dtype, shape, count):
    return [random_data(rng, shape, dtype) for _ in range(count)]


@pytest.mark.parametrize("element", sorted(INTERLEAVE_TYPES))
def test_tinterleave_every_type(element):
    dtype = INTERLEAVE_TYPES[element]
    cols = 64 // np.dtype(dtype).itemsize
    t = tile_buf(3, cols, element)
    src0, src1, dst0, dst1 = _tiles(np.random.default_rng(5), dtype, (3, cols), 4)
    expected = interleave_expected(src0, src1, dst0, dst1, (3, cols))
    jit.run(dps_kernel("k", "pto.tinterleave", [t, t], [t, t]), "k", src0, src1, dst0, dst1)
    _same_bits(dst0, expected[0])
    _same_bits(dst1, expected[1])


def test_tinterleave_small_example():
    """The first half of the stream a0 b0 a1 b1 ... goes to dst0."""
    t = tile_buf(1, 16, "i16")
    a = np.arange(16, dtype=np.int16).reshape(1, 16)
    b = a + 100
    d0, d1 = np.zeros_like(a), np.zeros_like(a)
    jit.run(dps_kernel("k", "pto.tinterleave", [t, t], [t, t]), "k", a, b, d0, d1)
    assert d0[0].tolist() == [0, 100, 1, 101, 2, 102, 3, 103, 4, 104, 5, 105, 6, 106, 7, 107]
    assert d1[0].tolist() == [8, 108, 9, 109, 10, 110, 11, 111, 12, 112, 13, 113, 14, 114, 15, 115]


@pytest.mark.parametrize("dynamic", [False, True])
def test_tinterleave_valid_region_keeps_the_rest(dynamic):
    valid = (3, 6)
    t = tile_buf(4, 16, "f32", (None, None) if dynamic else valid)
    tiles = _tiles(np.random.default_rng(6), np.float32, (4, 16), 4)
    expected = interleave_expected(*tiles, valid)
    args = [(x, valid) for x in tiles] if dynamic else tiles
    jit.run(dps_kernel("k", "pto.tinterleave", [t, t], [t, t]), "k", *args)
    _same_bits(tiles[2], expected[0])
    _same_bits(tiles[3], expected[1])


def test_tinterleave_in_place_reads_sources_first():
    """dst0 is src0: the op reads every source before writing."""
    t = tile_buf(2, 16, "i16")
    buf = "!pto.tile_buf<vec, 2x16xi16>"
    kernel = (f"func.func @k(%a: {t}, %b: {t}, %d: {t}) {{\n"
              f"  pto.tinterleave ins(%a, %b : {buf}, {buf}) outs(%a, %d : {buf}, {buf})\n"
              f"  return\n}}\n")
    a, b, d = _tiles(np.random.default_rng(7), np.int16, (2, 16), 3)
    expected = interleave_expected(a, b, a, d, (2, 16))
    jit.run(kernel, "k", a, b, d)
    _same_bits(a, expected[0])
    _same_bits(d, expected[1])


@pytest.mark.parametrize("element", ["ui8", "bf16", "f32"])
def test_tdeinterleave_two_sources(element):
    dtype = INTERLEAVE_TYPES[element]
    cols = 32 // np.dtype(dtype).itemsize * 2
    t = tile_buf(3, cols, element, (3, cols - 2))
    src0, src1, dst0, dst1 = _tiles(np.random.default_rng(8), dtype, (3, cols), 4)
    expected = deinterleave_expected([src0, src1], dst0, dst1, (3, cols - 2))
    jit.run(dps_kernel("k", "pto.tdeinterleave", [t, t], [t, t]), "k", src0, src1, dst0, dst1)
    _same_bits(dst0, expected[0])
    _same_bits(dst1, expected[1])


def test_tdeinterleave_inverts_tinterleave():
    t = tile_buf(2, 32, "ui16")
    rng = np.random.default_rng(9)
    a, b = _tiles(rng, np.uint16, (2, 32), 2)
    mid0, mid1, back0, back1 = (np.zeros((2, 32), np.uint16) for _ in range(4))
    jit.run(dps_kernel("k", "pto.tinterleave", [t, t], [t, t]), "k", a, b, mid0, mid1)
    jit.run(dps_kernel("k", "pto.tdeinterleave", [t, t], [t, t]), "k", mid0, mid1, back0, back1)
    _same_bits(back0, a)
    _same_bits(back1, b)


# One source: each dst takes src valid cols / 2, even or odd (pto-isa
# 3186c381's TDEINTERLEAVE page: src valid cols 6 give dst valid cols 3).
@pytest.mark.parametrize("half", [10, 3])
@pytest.mark.parametrize("dynamic", [False, True])
def test_tdeinterleave_one_source(dynamic, half):
    src_t = tile_buf(4, 32, "i8", (None, None) if dynamic else (3, 2 * half))
    dst_t = tile_buf(4, 32, "i8", (None, None) if dynamic else (3, half))
    src, dst0, dst1 = _tiles(np.random.default_rng(10), np.int8, (4, 32), 3)
    expected = deinterleave_expected([src], dst0, dst1, (3, half))
    args = ([(src, (3, 2 * half)), (dst0, (3, half)), (dst1, (3, half))] if dynamic
            else [src, dst0, dst1])
    jit.run(dps_kernel("k", "pto.tdeinterleave", [src_t], [dst_t, dst_t]), "k", *args)
    _same_bits(dst0, expected[0])
    _same_bits(dst1, expected[1])


@pytest.mark.parametrize("op, ins, valids, message", [
    ("pto.tinterleave", 2, [(2, 8), (2, 8), (2, 6), (2, 8)],
     "valid shape of dst0 is 2x6, src0's is 2x8; they must be equal"),
    ("pto.tinterleave", 2, [(2, 7)] * 4, "dst0 has 7 valid columns; it must be even"),
    ("pto.tdeinterleave", 2, [(1, 8), (2, 8), (2, 8), (2, 8)],
     "valid shape of src1 is 2x8, src0's is 1x8; they must be equal"),
    ("pto.tdeinterleave", 1, [(2, 14), (2, 8), (2, 8)],
     "valid shape of src is 2x14; it must be 2x16 (dst0's rows by twice its columns)"),
    ("pto.tdeinterleave", 2, [(2, 7)] * 4, "dst0 has 7 valid columns; it must be even"),
])
def test_dynamic_shape_errors_name_the_op(op, ins, valids, message):
    t = tile_buf(2, 16, "i16", (None, None))
    arrays = [np.full((2, 16), k, np.int16) for k in range(len(valids))]
    before = [a.copy() for a in arrays]
    with pytest.raises(jit.KernelError) as info:
        jit.run(dps_kernel("k", op, [t] * ins, [t, t]), "k",
                *[(a, v) for a, v in zip(arrays, valids)])
    assert str(info.value) == f"'{op}' op at -:2:3: {message}"
    for a, b in zip(arrays, before):
        _same_bits(a, b)
