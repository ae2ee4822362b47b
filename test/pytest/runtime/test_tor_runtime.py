"""pto.tor in the reference interpreter: literal cases and a numpy model."""
import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.testing import host_types

TYPES = host_types("tor_c1")


def _kernel(rows, cols, element, valid=""):
    b = f"!pto.tile_buf<vec, {rows}x{cols}x{element}{valid}>"
    return f"""func.func @k(%a: {b}, %b: {b}, %d: {b}) {{
  pto.tor ins(%a, %b : {b}, {b}) outs(%d : {b})
  return
}}"""


def test_literal_ui8():
    a = np.array([[0x0F, 0xF0, 0x00, 0x81] * 8], dtype=np.uint8)
    b = np.array([[0xF0, 0x0F, 0x00, 0x18] * 8], dtype=np.uint8)
    d = np.zeros((1, 32), dtype=np.uint8)
    runtime.run(_kernel(1, 32, "ui8"), "k", a, b, d)
    assert d.tolist() == [[0xFF, 0xFF, 0x00, 0x99] * 8]


def _model(a, b, d, valid):
    """docs/semantics.md, TOR, written independently: OR on the valid region."""
    out = d.copy()
    for r in range(valid[0]):
        for c in range(valid[1]):
            out[r, c] = a[r, c] | b[r, c]
    return out


@pytest.mark.parametrize("element", sorted(TYPES))
def test_against_model_with_static_valid_smaller_than_the_tile(element):
    dtype = TYPES[element]
    rng = np.random.default_rng(5)
    info = np.iinfo(dtype)
    cols = 64 // np.dtype(dtype).itemsize
    a, b, d = (rng.integers(info.min, info.max, (3, cols), dtype=dtype, endpoint=True)
               for _ in range(3))
    expected = _model(a, b, d, (2, 5))
    runtime.run(_kernel(3, cols, element, ", valid=2x5"), "k", a, b, d)
    assert d.tobytes() == expected.tobytes()


def test_level1_cells_outside_valid_are_zero():
    t = "!pto.tile<vec, 2x16xi16, valid=1x2>"
    kernel = f"""func.func @k(%a: {t}, %b: {t}) -> {t} {{
  %r = pto.tor %a, %b : ({t}, {t}) -> {t}
  return %r : {t}
}}"""
    a = np.full((2, 16), 1, dtype=np.int16)
    b = np.full((2, 16), 2, dtype=np.int16)
    result = runtime.run(kernel, "k", a, b)
    want = np.zeros((2, 16), dtype=np.int16)
    want[0, :2] = 3
    assert result.tobytes() == want.tobytes()
