"""pto.treshape (the Level 2 copy and buffer views) through the compiled
engine."""
import numpy as np
import pytest

from pto_mlir.testing import dps_kernel, random_data

jit = pytest.importorskip("pto_mlir.runtime.jit")


def _same_bits(actual, expected):
    assert actual.view(np.uint8).tobytes() == expected.view(np.uint8).tobytes()


@pytest.mark.parametrize("src_t, src_shape, src_dtype, dst_t, dst_shape, dst_dtype", [
    ("!pto.tile_buf<vec, 4x16xf32, valid=2x3>", (4, 16), np.float32,
     "!pto.tile_buf<vec, 8x8xf32, valid=1x1>", (8, 8), np.float32),
    ("!pto.tile_buf<vec, 4x16xi16>", (4, 16), np.int16,
     "!pto.tile_buf<vec, 2x64xui8>", (2, 64), np.uint8),
    ("!pto.tile_buf<vec, 8x16xf32, blayout=col_major>", (8, 16), np.float32,
     "!pto.tile_buf<vec, 16x8xf32>", (16, 8), np.float32),
])
def test_treshape_copy_moves_every_byte(src_t, src_shape, src_dtype, dst_t, dst_shape, dst_dtype):
    """Valid shapes play no part; a DN source is copied in storage order."""
    src = random_data(np.random.default_rng(13), src_shape, src_dtype)
    if "col_major" in src_t:
        src = np.asfortranarray(src)
    dst = np.zeros(dst_shape, dst_dtype)
    jit.run(dps_kernel("k", "pto.treshape", [src_t], [dst_t]), "k", src, dst)
    assert dst.tobytes() == src.tobytes(order="A")


def test_treshape_buffer_view_aliases_the_bytes():
    """A tor through a 2x32 view of a 4x16 buffer writes the buffer."""
    a = "!pto.tile_buf<vec, 4x16xi16>"
    v = "!pto.tile_buf<vec, 2x32xi16>"
    kernel = (f"func.func @k(%a: {a}, %b: {v}) {{\n"
              f"  %v = pto.treshape %a : {a} -> {v}\n"
              f"  pto.tor ins(%v, %b : {v}, {v}) outs(%v : {v})\n"
              f"  return\n}}\n")
    rng = np.random.default_rng(14)
    x, y = random_data(rng, (4, 16), np.int16), random_data(rng, (2, 32), np.int16)
    expected = (x.reshape(2, 32) | y).reshape(4, 16)
    jit.run(kernel, "k", x, y)
    _same_bits(x, expected)
