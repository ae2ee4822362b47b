"""pto.tinterleave / pto.tdeinterleave in the reference interpreter."""
import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pto_mlir import runtime


def _t(rows, cols, element="i32", valid="", kind="tile"):
    return f"!pto.{kind}<vec, {rows}x{cols}x{element}{valid}>"


def _interleave_l1(t):
    return f"""func.func @k(%a: {t}, %b: {t}) -> ({t}, {t}) {{
  %x, %y = pto.tinterleave %a, %b : ({t}, {t}) -> ({t}, {t})
  return %x, %y : {t}, {t}
}}"""


def _deinterleave2_l1(t):
    return f"""func.func @k(%a: {t}, %b: {t}) -> ({t}, {t}) {{
  %x, %y = pto.tdeinterleave %a, %b : ({t}, {t}) -> ({t}, {t})
  return %x, %y : {t}, {t}
}}"""


def test_interleave_literal():
    # 1x8 i32 tiles: the stream 0,100,1,101,...; dst0 its first half.
    a = np.arange(8, dtype=np.int32).reshape(1, 8)
    b = a + 100
    x, y = runtime.run(_interleave_l1(_t(1, 8)), "k", a, b)
    assert x.tolist() == [[0, 100, 1, 101, 2, 102, 3, 103]]
    assert y.tolist() == [[4, 104, 5, 105, 6, 106, 7, 107]]


def _interleave_model(a, b, vr, vc):
    """docs/semantics.md, TINTERLEAVE, element by element."""
    x, y = np.zeros_like(a), np.zeros_like(a)
    for r in range(vr):
        for c in range(vc // 2):
            x[r, 2 * c], x[r, 2 * c + 1] = a[r, c], b[r, c]
            y[r, 2 * c], y[r, 2 * c + 1] = a[r, c + vc // 2], b[r, c + vc // 2]
    return x, y


@pytest.mark.parametrize("element,dtype", [("i8", np.int8), ("f16", np.float16),
                                           ("bf16", ml_dtypes.bfloat16), ("f32", np.float32)])
def test_interleave_against_model_valid_smaller_than_static(element, dtype):
    cols = 64 // np.dtype(dtype).itemsize
    rng = np.random.default_rng(3)
    a = rng.standard_normal((4, cols)).astype(dtype) if element != "i8" else \
        rng.integers(-128, 127, (4, cols), dtype=np.int8)
    b = (a * 3).astype(dtype)
    t = _t(4, cols, element, ", valid=3x6")
    x, y = runtime.run(_interleave_l1(t), "k", a, b)
    ex, ey = _interleave_model(a, b, 3, 6)
    assert x.tobytes() == ex.tobytes() and y.tobytes() == ey.tobytes()


def test_deinterleave_two_sources_inverts_interleave():
    rng = np.random.default_rng(4)
    a = rng.integers(-1000, 1000, (2, 16), dtype=np.int32)
    b = rng.integers(-1000, 1000, (2, 16), dtype=np.int32)
    t = _t(2, 16)
    x, y = runtime.run(_interleave_l1(t), "k", a, b)
    a2, b2 = runtime.run(_deinterleave2_l1(t), "k", x, y)
    assert a2.tobytes() == a.tobytes() and b2.tobytes() == b.tobytes()


def test_deinterleave_single_source_literal():
    s, d = _t(1, 16), _t(1, 8)
    kernel = f"""func.func @k(%s: {s}) -> ({d}, {d}) {{
  %x, %y = pto.tdeinterleave %s : {s} -> ({d}, {d})
  return %x, %y : {d}, {d}
}}"""
    src = np.arange(16, dtype=np.int32).reshape(1, 16)
    x, y = runtime.run(kernel, "k", src)
    assert x.tolist() == [[0, 2, 4, 6, 8, 10, 12, 14]]
    assert y.tolist() == [[1, 3, 5, 7, 9, 11, 13, 15]]


def test_deinterleave_single_source_odd_half():
    """src valid cols 6 give each dst 3 (pto-isa 3186c381's TDEINTERLEAVE)."""
    s, d = _t(1, 8, valid=", valid=1x6"), _t(1, 8, valid=", valid=1x3")
    kernel = f"""func.func @k(%s: {s}) -> ({d}, {d}) {{
  %x, %y = pto.tdeinterleave %s : {s} -> ({d}, {d})
  return %x, %y : {d}, {d}
}}"""
    src = np.arange(10, 18, dtype=np.int32).reshape(1, 8)
    x, y = runtime.run(kernel, "k", src)
    assert x.tolist() == [[10, 12, 14, 0, 0, 0, 0, 0]]
    assert y.tolist() == [[11, 13, 15, 0, 0, 0, 0, 0]]


def test_level2_dynamic_valid_keeps_cells_outside_and_checks_even_columns():
    b = _t(2, 8, valid=", valid=?x?", kind="tile_buf")
    kernel = f"""func.func @k(%a: {b}, %b: {b}, %x: {b}, %y: {b}) {{
  pto.tinterleave ins(%a, %b : {b}, {b}) outs(%x, %y : {b}, {b})
  return
}}"""
    a = np.arange(16, dtype=np.int32).reshape(2, 8)
    bb = -a
    x, y = np.full((2, 8), 9, np.int32), np.full((2, 8), 9, np.int32)
    tiles = [runtime.Tile(v, (1, 4)) for v in (a, bb, x, y)]
    runtime.run(kernel, "k", *tiles)
    assert x.tolist() == [[0, 0, 1, -1, 9, 9, 9, 9], [9] * 8]
    assert y.tolist() == [[2, -2, 3, -3, 9, 9, 9, 9], [9] * 8]
    odd = [runtime.Tile(v, (1, 3)) for v in (a, bb, x, y)]
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", *odd)
    assert str(info.value) == ("'pto.tinterleave' op at -:2:3: dst0 has 3 valid columns; "
                               "it must be even")
    mixed = [runtime.Tile(v, s) for v, s in ((a, (1, 4)), (bb, (1, 4)), (x, (2, 4)), (y, (1, 4)))]
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", *mixed)
    assert str(info.value) == ("'pto.tinterleave' op at -:2:3: valid shape of dst0 is 2x4, "
                               "src0's is 1x4; they must be equal")


@settings(max_examples=40, deadline=None)
@given(vr=st.integers(0, 3), half=st.integers(0, 8), seed=st.integers(0, 2**32 - 1))
def test_roundtrip_property_on_dynamic_valid_shapes(vr, half, seed):
    b = _t(3, 16, "i16", ", valid=?x?", kind="tile_buf")
    kernel = f"""func.func @k(%a: {b}, %b: {b}, %x: {b}, %y: {b}, %p: {b}, %q: {b}) {{
  pto.tinterleave ins(%a, %b : {b}, {b}) outs(%x, %y : {b}, {b})
  pto.tdeinterleave ins(%x, %y : {b}, {b}) outs(%p, %q : {b}, {b})
  return
}}"""
    rng = np.random.default_rng(seed)
    arrays = [rng.integers(-2**15, 2**15, (3, 16), dtype=np.int16) for _ in range(6)]
    before = [a.copy() for a in arrays]
    valid = (vr, 2 * half)
    runtime.run(kernel, "k", *[runtime.Tile(a, valid) for a in arrays])
    a, b_, x, y, p, q = arrays
    assert p[:vr, :2 * half].tobytes() == a[:vr, :2 * half].tobytes()
    assert q[:vr, :2 * half].tobytes() == b_[:vr, :2 * half].tobytes()
    for out, old in zip(arrays[2:], before[2:]):
        inside = np.zeros((3, 16), bool)
        inside[:vr, :2 * half] = True
        assert (out[~inside] == old[~inside]).all()
