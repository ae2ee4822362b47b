"""Global memory on both engines: kernels that take numpy arrays
(``!pto.ptr``), load tiles from windows of them, compute, and store back.
Each result is checked bit for bit against a numpy model, and both engines
must agree on every byte and on every failure message (agreement.py)."""
import numpy as np
import pytest

from agreement import agree
from pto_mlir import runtime

RNG = np.random.default_rng(24)

# out[r0:r0+16, c0:c0+32] = a[r0:.., c0:..] | b[r0:.., c0:..]; a, b and out
# are m x n arrays with row stride n (dynamic), the window offsets dynamic.
TOR_WINDOWS = """
func.func @k(%a: !pto.ptr<i16>, %b: !pto.ptr<i16>, %out: !pto.ptr<i16>,
             %m: index, %n: index, %r0: index, %c0: index) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %ta = pto.make_tensor_view %a, shape = [%m, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xi16>
  %tb = pto.make_tensor_view %b, shape = [%m, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xi16>
  %to = pto.make_tensor_view %out, shape = [%m, %n], strides = [%n, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi16>
  %wa = pto.partition_view %ta, offsets = [%r0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi16> -> !pto.partition_tensor_view<16x32xi16>
  %wb = pto.partition_view %tb, offsets = [%r0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi16> -> !pto.partition_tensor_view<16x32xi16>
  %wo = pto.partition_view %to, offsets = [%r0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi16> -> !pto.partition_tensor_view<16x32xi16>
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  %y = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  %z = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tload ins(%wa : !pto.partition_tensor_view<16x32xi16>) outs(%x : !pto.tile_buf<vec, 16x32xi16>)
  pto.tload ins(%wb : !pto.partition_tensor_view<16x32xi16>) outs(%y : !pto.tile_buf<vec, 16x32xi16>)
  pto.tor ins(%x, %y : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%z : !pto.tile_buf<vec, 16x32xi16>)
  pto.tstore ins(%z : !pto.tile_buf<vec, 16x32xi16>) outs(%wo : !pto.partition_tensor_view<16x32xi16>)
  return
}
"""

# The same at Level 1: the JIT runs it after pto-ssa-to-dps.
TOR_LEVEL1 = """
func.func @k(%a: !pto.ptr<i16>, %b: !pto.ptr<i16>, %out: !pto.ptr<i16>,
             %m: index, %n: index, %r0: index, %c0: index) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %ta = pto.make_tensor_view %a, shape = [%m, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xi16>
  %tb = pto.make_tensor_view %b, shape = [%m, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xi16>
  %to = pto.make_tensor_view %out, shape = [%m, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xi16>
  %wa = pto.partition_view %ta, offsets = [%r0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi16> -> !pto.partition_tensor_view<16x32xi16>
  %wb = pto.partition_view %tb, offsets = [%r0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi16> -> !pto.partition_tensor_view<16x32xi16>
  %wo = pto.partition_view %to, offsets = [%r0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi16> -> !pto.partition_tensor_view<16x32xi16>
  %x = pto.tload %wa : !pto.partition_tensor_view<16x32xi16> -> !pto.tile<vec, 16x32xi16>
  %y = pto.tload %wb : !pto.partition_tensor_view<16x32xi16> -> !pto.tile<vec, 16x32xi16>
  %z = pto.tor %x, %y : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  pto.tstore %z, %wo : (!pto.tile<vec, 16x32xi16>, !pto.partition_tensor_view<16x32xi16>) -> ()
  return
}
"""


def _tor_model(a, b, out, r0, c0):
    want = out.copy()
    want[r0:r0 + 16, c0:c0 + 32] = a[r0:r0 + 16, c0:c0 + 32] | b[r0:r0 + 16, c0:c0 + 32]
    return want


@pytest.mark.parametrize("kernel", [TOR_WINDOWS, TOR_LEVEL1], ids=["level2", "level1"])
@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_tor_of_windows_matches_numpy(kernel, engine):
    m, n, r0, c0 = 40, 70, 9, 21
    a, b, out = (RNG.integers(-2**15, 2**15, (m, n), dtype=np.int16) for _ in range(3))
    want = _tor_model(a, b, out, r0, c0)
    returned = runtime.run(kernel, "k", a, b, out, m, n, r0, c0, engine=engine)
    assert returned is out   # written in place, returned as passed
    assert out.tobytes() == want.tobytes()
    assert agree(kernel, [a, b, out.copy(), m, n, r0, c0]) == "ok"


# A column-major (DN) tensor into a column-major tile and back, and a
# three-dimensional ND window whose two leading extents make the rows.
LAYOUTS = """
func.func @k(%dn: !pto.ptr<f32>, %dn_out: !pto.ptr<f32>, %nd3: !pto.ptr<f16>, %nd3_out: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c48 = arith.constant 48 : index
  %c384 = arith.constant 384 : index
  %t = pto.make_tensor_view %dn, shape = [%c24, %c16], strides = [%c1, %c24] {layout = #pto.layout<dn>} : !pto.tensor_view<24x16xf32>
  %w = pto.partition_view %t, offsets = [%c8, %c4], sizes = [%c16, %c8] : !pto.tensor_view<24x16xf32> -> !pto.partition_tensor_view<16x8xf32>
  %to = pto.make_tensor_view %dn_out, shape = [%c24, %c16], strides = [%c1, %c24] {layout = #pto.layout<dn>} : !pto.tensor_view<24x16xf32>
  %wo = pto.partition_view %to, offsets = [%c0, %c8], sizes = [%c16, %c8] : !pto.tensor_view<24x16xf32> -> !pto.partition_tensor_view<16x8xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>
  pto.tload ins(%w : !pto.partition_tensor_view<16x8xf32>) outs(%b : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>)
  pto.tstore ins(%b : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>) outs(%wo : !pto.partition_tensor_view<16x8xf32>)
  %t3 = pto.make_tensor_view %nd3, shape = [%c4, %c8, %c48], strides = [%c384, %c48, %c1] : !pto.tensor_view<4x8x48xf16>
  %w3 = pto.partition_view %t3, offsets = [%c1, %c0, %c16], sizes = [%c2, %c8, %c16] : !pto.tensor_view<4x8x48xf16> -> !pto.partition_tensor_view<2x8x16xf16>
  %o3 = pto.make_tensor_view %nd3_out, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf16>
  %wo3 = pto.partition_view %o3, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<16x16xf16> -> !pto.partition_tensor_view<16x16xf16>
  %h = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  pto.tload ins(%w3 : !pto.partition_tensor_view<2x8x16xf16>) outs(%h : !pto.tile_buf<vec, 16x16xf16>)
  pto.tstore ins(%h : !pto.tile_buf<vec, 16x16xf16>) outs(%wo3 : !pto.partition_tensor_view<16x16xf16>)
  return
}
"""


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_dn_and_three_dimensional_windows_match_numpy(engine):
    # The DN tensor's element [i, j] sits at i + 24 * j: a (16, 24) C array
    # holds it transposed.
    dn = RNG.standard_normal((16, 24)).astype(np.float32)
    dn_out = np.zeros((16, 24), np.float32)
    nd3 = RNG.standard_normal((4, 8, 48)).astype(np.float16)
    nd3_out = np.zeros((16, 16), np.float16)
    want_dn = dn_out.copy()
    want_dn.T[0:16, 8:16] = dn.T[8:24, 4:12]
    want_nd3 = nd3[1:3, :, 16:32].reshape(16, 16)
    runtime.run(LAYOUTS, "k", dn, dn_out, nd3, nd3_out, engine=engine)
    assert dn_out.tobytes() == want_dn.tobytes()
    assert nd3_out.tobytes() == want_nd3.tobytes()


# tload fills the whole tile with its pad value, then the valid region.
PAD = """
func.func @k(%p: !pto.ptr<f32>, %q: !pto.ptr<ui8>,
             %f: !pto.tile_buf<vec, 8x16xf32, valid=4x8, pad=min>,
             %u: !pto.tile_buf<vec, 4x32xui8, valid=4x8, pad=max>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %t = pto.make_tensor_view %p, shape = [%c4, %c8], strides = [%c8, %c1] : !pto.tensor_view<4x8xf32>
  %w = pto.partition_view %t, offsets = [%c0, %c0], sizes = [%c4, %c8] : !pto.tensor_view<4x8xf32> -> !pto.partition_tensor_view<4x8xf32>
  pto.tload ins(%w : !pto.partition_tensor_view<4x8xf32>) outs(%f : !pto.tile_buf<vec, 8x16xf32, valid=4x8, pad=min>)
  %tu = pto.make_tensor_view %q, shape = [%c4, %c8], strides = [%c8, %c1] : !pto.tensor_view<4x8xui8>
  %wu = pto.partition_view %tu, offsets = [%c0, %c0], sizes = [%c4, %c8] : !pto.tensor_view<4x8xui8> -> !pto.partition_tensor_view<4x8xui8>
  pto.tload ins(%wu : !pto.partition_tensor_view<4x8xui8>) outs(%u : !pto.tile_buf<vec, 4x32xui8, valid=4x8, pad=max>)
  return
}
"""


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_tload_pads_the_whole_tile(engine):
    p = RNG.standard_normal(32).astype(np.float32)
    q = RNG.integers(0, 256, 32, dtype=np.uint8)
    f = np.full((8, 16), 7, np.float32)
    u = np.full((4, 32), 7, np.uint8)
    runtime.run(PAD, "k", p, q, f, u, engine=engine)
    want_f = np.full((8, 16), -np.inf, np.float32)
    want_f[:4, :8] = p.reshape(4, 8)
    want_u = np.full((4, 32), 255, np.uint8)
    want_u[:4, :8] = q.reshape(4, 8)
    assert f.tobytes() == want_f.tobytes()
    assert u.tobytes() == want_u.tobytes()


@pytest.mark.parametrize("args, message", [
    # m * n elements do not fit the array (row stride n)
    (lambda a, b, o: [a, b, o, 41, 70, 0, 0],
     "'pto.make_tensor_view' op at <unknown>: the tensor reaches element 2869 of an "
     "array of 2800 elements"),
    ((lambda a, b, o: [a, b, o, 0, 70, 0, 0]),
     "'pto.make_tensor_view' op at <unknown>: extent 0 of the tensor is 0; it must be "
     "positive"),
    ((lambda a, b, o: [a, b, o, 40, 70, 30, 0]),
     "'pto.partition_view' op at <unknown>: window [30, 46) of dimension 0 exceeds the "
     "tensor's extent 40"),
])
def test_run_time_checks_fail_alike(args, message):
    a, b, out = (np.zeros((40, 70), np.int16) for _ in range(3))
    found = agree(TOR_WINDOWS, args(a, b, out))
    assert found.endswith(message.split(": ", 1)[1]), found
    assert found.startswith(message.split(" at ")[0]), found


def test_pointer_arguments_are_checked():
    a = np.zeros((40, 70), np.int16)
    with pytest.raises(runtime.ArgumentError) as error:
        runtime.run(TOR_WINDOWS, "k", a, a.astype(np.int32), a, 40, 70, 0, 0)
    assert str(error.value) == "argument #1 (!pto.ptr<i16>): dtype is int32, expected int16"
    with pytest.raises(runtime.ArgumentError) as error:
        runtime.run(TOR_WINDOWS, "k", a, a.T, a, 40, 70, 0, 0)
    assert str(error.value) == (
        "argument #1 (!pto.ptr<i16>): the array is not C-contiguous (the kernel addresses "
        "its elements in memory order): pass np.ascontiguousarray(array)")
    with pytest.raises(runtime.ArgumentError) as error:
        runtime.run(TOR_WINDOWS, "k", a, np.zeros(0, np.int16), a, 40, 70, 0, 0)
    assert str(error.value) == (
        "argument #1 (!pto.ptr<i16>): the array is empty (a pointer needs an element to "
        "point to)")
    readonly = a.copy()
    readonly.setflags(write=False)
    with pytest.raises(runtime.ArgumentError) as error:
        runtime.run(TOR_WINDOWS, "k", a, a, readonly, 40, 70, 0, 0)
    assert str(error.value) == (
        "argument #2 (!pto.ptr<i16>): the kernel writes it, but the array is read-only")


# tmov copies the valid region; other cells of dst keep their bytes.
TMOV = """
func.func @k(%s: !pto.tile_buf<vec, 8x16xf32, valid=8x?>, %d: !pto.tile_buf<vec, 8x16xf32, valid=8x?>) {
  pto.tmov ins(%s : !pto.tile_buf<vec, 8x16xf32, valid=8x?>) outs(%d : !pto.tile_buf<vec, 8x16xf32, valid=8x?>)
  return
}
"""

TMOV_LEVEL1 = """
func.func @k(%s: !pto.tile<vec, 8x16xf32>) -> !pto.tile<vec, 8x16xf32> {
  %d = pto.tmov %s : !pto.tile<vec, 8x16xf32> -> !pto.tile<vec, 8x16xf32>
  return %d : !pto.tile<vec, 8x16xf32>
}
"""


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_tmov_copies_the_valid_region(engine):
    src = RNG.standard_normal((8, 16)).astype(np.float32)
    dst = np.full((8, 16), 3, np.float32)
    want = dst.copy()
    want[:, :5] = src[:, :5]
    runtime.run(TMOV, "k", runtime.Tile(src, (8, 5)), runtime.Tile(dst, (8, 5)), engine=engine)
    assert dst.tobytes() == want.tobytes()
    copy = runtime.run(TMOV_LEVEL1, "k", src, engine=engine)
    assert copy.tobytes() == src.tobytes()


def test_tmov_valid_shapes_must_agree_alike():
    src = np.zeros((8, 16), np.float32)
    message = agree(TMOV, [runtime.Tile(src, (8, 5)), runtime.Tile(src.copy(), (8, 6))])
    assert message.endswith("valid shape of dst is 8x6, src's is 8x5; they must be equal"), message
