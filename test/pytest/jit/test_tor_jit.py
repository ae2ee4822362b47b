"""pto.tor through the compiled engine: results, run-time checks, binding."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from oracles import tor_expected
from pto_mlir import runtime
from pto_mlir.testing import host_types, random_tile, tor_kernel

TOR_TYPES = host_types("tor_c1")


jit = pytest.importorskip("pto_mlir.runtime.jit")


def _check(kernel, args, expected):
    """The JIT result is the expected one, and the reference interpreter
    gives the same bits."""
    outs = [a[0] if isinstance(a, tuple) else a for a in args]
    copies = [runtime.Tile(o.copy(), a[1]) if isinstance(a, tuple) else o.copy()
              for o, a in zip(outs, args)]
    runtime.run(kernel, "tor", *copies)
    jit.run(kernel, "tor", *args)
    np.testing.assert_array_equal(outs[2], expected)
    assert outs[2].tobytes() == expected.tobytes()
    ref = copies[2].array if isinstance(copies[2], runtime.Tile) else copies[2]
    assert ref.tobytes() == outs[2].tobytes()


@pytest.mark.parametrize("element", sorted(TOR_TYPES))
def test_tor_full_tile(element):
    rng = np.random.default_rng(1)
    dtype = TOR_TYPES[element]
    cols = 32 // np.dtype(dtype).itemsize * 2
    a, b, d = (random_tile(rng, (4, cols), dtype) for _ in range(3))
    _check(tor_kernel(4, cols, element), [a, b, d], a | b)


def test_tor_static_valid_region_keeps_the_rest():
    rng = np.random.default_rng(2)
    a, b, d = (random_tile(rng, (8, 32), np.int16) for _ in range(3))
    expected = tor_expected(a, b, d, (5, 7))
    _check(tor_kernel(8, 32, "i16", (5, 7)), [a, b, d], expected)


def test_tor_dynamic_valid_region():
    rng = np.random.default_rng(3)
    a, b, d = (random_tile(rng, (8, 32), np.uint8) for _ in range(3))
    expected = tor_expected(a, b, d, (3, 17))
    _check(tor_kernel(8, 32, "ui8", (None, None)),
           [(a, (3, 17)), (b, (3, 17)), (d, (3, 17))], expected)


def test_tor_dynamic_mismatch_raises_naming_the_op():
    rng = np.random.default_rng(4)
    a, b, d = (random_tile(rng, (8, 32), np.int8) for _ in range(3))
    before = d.copy()
    with pytest.raises(jit.KernelError) as info:
        jit.run(tor_kernel(8, 32, "i8", (None, None)), "tor",
                (a, (3, 17)), (b, (3, 16)), (d, (3, 17)))
    assert str(info.value) == ("'pto.tor' op at -:2:3: valid shape of src1 is 3x16, src0's "
                               "is 3x17; they must be equal")
    assert d.tobytes() == before.tobytes()


def test_unsupported_layout_is_rejected_with_the_reason():
    buf = "!pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=col_major>"
    kernel = f"func.func @k(%a: {buf}) {{\n  return\n}}"
    with pytest.raises(jit.UnsupportedError) as info:
        jit.run(kernel, "k")
    assert str(info.value) == (
        f"the kernel cannot be compiled for the host:\n'func.func' op argument #0 ({buf}) "
        "cannot be held on the host: layout blayout=col_major, slayout=col_major has no "
        "storage order")


def test_level1_argument_is_rejected_with_its_location():
    buf, tile = "!pto.tile_buf<vec, 1x32xi16>", "!pto.tile<vec, 1x32xi16>"
    kernel = (f"func.func @k(%t: {tile}, %b: {buf}) {{\n"
              f"  pto.tor ins(%b, %b : {buf}, {buf}) outs(%b : {buf})\n"
              "  return\n}")
    with pytest.raises(jit.UnsupportedError) as info:
        jit.run(kernel, "k", np.zeros((1, 32), np.int16), np.zeros((1, 32), np.int16))
    assert str(info.value) == (
        "the kernel cannot be compiled for the host:\n'func.func' op argument #0 is a "
        f"Level 1 tile ({tile}); run pto-ssa-to-dps before lowering to host code")


@pytest.mark.parametrize("bad, error, message", [
    (lambda a: a.astype(np.int32), TypeError, r"dtype is int32, expected int16"),
    (lambda a: a[:, :16].copy(), ValueError, r"shape is \(8, 16\), expected \(8, 32\)"),
    (lambda a: np.asfortranarray(a), ValueError, r"the array must be C \(row-major\)-contiguous"),
    (lambda a: a.tolist(), TypeError, r"expected a numpy array, got list"),
])
def test_argument_errors(bad, error, message):
    a = np.zeros((8, 32), np.int16)
    with pytest.raises(error, match=r"argument #0 \(!pto.tile_buf<vec, 8x32xi16>\): " + message):
        jit.run(tor_kernel(8, 32, "i16"), "tor", bad(a), a, a.copy())


def test_dynamic_extent_out_of_range():
    a = np.zeros((8, 32), np.int16)
    with pytest.raises(ValueError, match=r"valid extent 1 is 33, allowed 0\.\.32"):
        jit.run(tor_kernel(8, 32, "i16", (8, None)), "tor",
                (a, (8, 33)), (a, (8, 33)), (a, (8, 33)))


def test_compiles_once_per_module_and_options():
    kernel = tor_kernel(2, 32, "i16")
    assert jit.compile(kernel, "tor") is jit.compile(kernel, "tor")
    assert jit.compile(kernel, "tor") is not jit.compile(kernel, "tor", opt_level=1)


def test_binds_without_copies():
    """The kernel writes the caller's array itself, also for DN strides."""
    a = np.ones((8, 32), np.int16)
    d = np.zeros((8, 32), np.int16)
    view = d  # the same object must see the result
    jit.run(tor_kernel(8, 32, "i16"), "tor", a, a, d)
    assert view.tobytes() == a.tobytes()


@st.composite
def tor_cases(draw):
    element = draw(st.sampled_from(sorted(TOR_TYPES)))
    dtype = TOR_TYPES[element]
    rows = draw(st.integers(1, 6))
    cols = 32 // np.dtype(dtype).itemsize * draw(st.integers(1, 3))
    valid = (draw(st.integers(0, rows)), draw(st.integers(0, cols)))
    dynamic = draw(st.tuples(st.booleans(), st.booleans()))
    type_valid = tuple(None if dyn else v for v, dyn in zip(valid, dynamic))
    seed = draw(st.integers(0, 2**32 - 1))
    return element, dtype, rows, cols, valid, type_valid, seed


@settings(max_examples=40, deadline=None)
@given(tor_cases())
def test_tor_property(case):
    element, dtype, rows, cols, valid, type_valid, seed = case
    rng = np.random.default_rng(seed)
    a, b, d = (random_tile(rng, (rows, cols), dtype) for _ in range(3))
    expected = tor_expected(a, b, d, valid)
    dynamic = None in type_valid
    args = [(x, valid) if dynamic else x for x in (a, b, d)]
    _check(tor_kernel(rows, cols, element, type_valid), args, expected)
