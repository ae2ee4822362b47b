"""Large ops' rows on several threads (pto-parallel-rows): for every op whose
rows may be split, the JIT with threads=2 leaves the same bytes as with
threads=1 and as the interpreter, on full and partial valid regions, and
raises the same failures; parallel_stats() shows each call was split, and
the size threshold and threads=1 keep calls whole."""
import numpy as np
import pytest

from oracles import tor_expected
from pto_mlir import runtime
from pto_mlir.runtime.dtypes import numpy_dtype
from pto_mlir.testing import dps_kernel, random_data, tile_buf, tor_kernel, window_kernel

jit = pytest.importorskip("pto_mlir.runtime.jit")

NZ = "blayout=col_major, slayout=row_major"


def _interp_arg(arg):
    if isinstance(arg, tuple):
        return runtime.Tile(arg[0].copy(order="K"), arg[1])
    return arg.copy(order="K") if isinstance(arg, np.ndarray) else arg


def _jit_arg(arg):
    if isinstance(arg, tuple):
        return (arg[0].copy(order="K"), arg[1])
    return arg.copy(order="K") if isinstance(arg, np.ndarray) else arg


def _buffers(args):
    arrays = [a.array if isinstance(a, runtime.Tile) else a[0] if isinstance(a, tuple) else a
              for a in args]
    return [a.tobytes(order="A") for a in arrays if isinstance(a, np.ndarray)]


def _split_calls(kernel, entry, args, threads, parallel_bytes=1):
    """Runs the JIT on copies of ``args``; returns its buffers' bytes, the
    calls the dispatcher split and their parts (or the KernelError's
    message in place of the bytes)."""
    copies = [_jit_arg(a) for a in args]
    before = jit.parallel_stats()
    try:
        jit.run(kernel, entry, *copies, threads=threads, parallel_bytes=parallel_bytes)
        outcome = _buffers(copies)
    except jit.KernelError as error:
        outcome = str(error)
    after = jit.parallel_stats()
    return outcome, after["calls"] - before["calls"], after["parts"] - before["parts"]


def _check_split(kernel, args, entry="k", calls=1):
    """threads=2 splits each of the ``calls`` op calls in two and leaves
    the bytes of threads=1 and of the interpreter; returns them."""
    interp = [_interp_arg(a) for a in args]
    runtime.run(kernel, entry, *interp, engine="interp")
    one = _split_calls(kernel, entry, args, threads=1)
    two = _split_calls(kernel, entry, args, threads=2)
    assert one[1:] == (0, 0)
    assert two[1:] == (calls, 2 * calls)
    assert one[0] == two[0] == _buffers(interp)
    return two[0]


@pytest.mark.parametrize("valid", [None, (5, 17), (1, 32), (0, 32)])
def test_tor_rows_split(valid):
    rng = np.random.default_rng(1)
    a, b, d = (random_data(rng, (8, 32), np.int16) for _ in range(3))
    if valid is None:
        out = _check_split(tor_kernel(8, 32, "i16"), [a, b, d], entry="tor")
        expected = a | b
    else:
        args = [(x, valid) for x in (a, b, d)]
        out = _check_split(tor_kernel(8, 32, "i16", (None, None)), args, entry="tor")
        expected = tor_expected(a, b, d, valid)
    assert out[2] == expected.tobytes()


@pytest.mark.parametrize("valid", [(7, 32), (3, 10)])
def test_tinterleave_and_tdeinterleave_rows_split(valid):
    rng = np.random.default_rng(2)
    t = tile_buf(7, 32, "f16", valid)
    args = [random_data(rng, (7, 32), np.float16) for _ in range(4)]
    _check_split(dps_kernel("k", "pto.tinterleave", [t, t], [t, t]), args)
    _check_split(dps_kernel("k", "pto.tdeinterleave", [t, t], [t, t]), args)


@pytest.mark.parametrize("valid", [(9, 64), (4, 45)])
def test_tsort32_page_form_rows_split(valid):
    rng = np.random.default_rng(3)
    src, dst = (random_data(rng, (9, 64), np.float32) for _ in range(2))
    src[:, 10:20] = src[:, 0:10]  # ties, broken by column
    idx = rng.integers(0, 2**32, (9, 64), dtype=np.uint32)
    t, ti = tile_buf(9, 64, "f32", valid), tile_buf(9, 64, "ui32", valid)
    _check_split(dps_kernel("k", "pto.tsort32", [t], [t, ti]), [src, dst, idx])


@pytest.mark.parametrize("dst_rows", [6, 3])
def test_tsort32_hardware_form_rows_split(dst_rows):
    rng = np.random.default_rng(4)
    src = random_data(rng, (6, 64), np.float16)
    idx = rng.integers(0, 4, (6, 64), dtype=np.uint32)
    dst = random_data(rng, (6, 256), np.float16)
    ts, ti = tile_buf(6, 64, "f16", (6, 40)), tile_buf(6, 64, "ui32", (6, 40))
    td, tmp = tile_buf(6, 256, "f16", (dst_rows, 256)), tile_buf(6, 64, "f16")
    kernel = dps_kernel("k", "pto.tsort32", [ts, ti, tmp], [td])
    _check_split(kernel, [src, idx, np.zeros((6, 64), np.float16), dst])


@pytest.mark.parametrize("op, src_shape, dst_shape", [
    ("pto.tinsert", (6, 16), (16, 32)), ("pto.textract", (16, 32), (6, 16))])
def test_window_copies_rows_split(op, src_shape, dst_shape):
    rng = np.random.default_rng(5)
    src, dst = random_data(rng, src_shape, np.int32), random_data(rng, dst_shape, np.int32)
    kernel = window_kernel(op, tile_buf(*src_shape, "i32"), tile_buf(*dst_shape, "i32"))
    _check_split(kernel, [src, 5, 7, dst])


@pytest.mark.parametrize("src_element, dst_location, dst_element", [
    ("f16", "vec", "f16"), ("f32", "mat", "f16")])
def test_boxed_conversion_rows_split(monkeypatch, src_element, dst_location, dst_element):
    """NZ tiles (an acc -> mat conversion too), through runtime.run, which
    maps logical arrays to storage: the parts cut boxes."""
    rng = np.random.default_rng(6)
    location = "vec" if dst_location == "vec" else "acc"
    fractal = ", fractal=1024" if location == "acc" else ""
    src_t = f"!pto.tile_buf<{location}, 48x32x{src_element}, {NZ}{fractal}>"
    dst_t = f"!pto.tile_buf<{dst_location}, 64x32x{dst_element}, {NZ}>"
    kernel = ('module attributes {pto.target_arch = "a5"} {\n'
              + window_kernel("pto.tinsert", src_t, dst_t) + "}\n")
    src = random_data(rng, (48, 32), numpy_dtype(src_element))
    dst = random_data(rng, (64, 32), numpy_dtype(dst_element))
    monkeypatch.setenv("PTO_JIT_PARALLEL_BYTES", "1")
    outs = {}
    for threads in ("1", "2"):
        monkeypatch.setenv("PTO_JIT_THREADS", threads)
        copy = dst.copy()
        before = jit.parallel_stats()
        runtime.run(kernel, "k", src, 16, 0, copy, engine="jit")
        after = jit.parallel_stats()
        outs[threads] = copy.tobytes(), after["calls"] - before["calls"]
    expected = dst.copy()
    runtime.run(kernel, "k", src, 16, 0, expected, engine="interp")
    assert outs == {"1": (expected.tobytes(), 0), "2": (expected.tobytes(), 1)}


def test_several_calls_in_a_loop_each_split():
    t = tile_buf(4, 32, "i16")
    kernel = (f"func.func @k(%a: {t}, %b: {t}, %d: {t}) {{\n"
              "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
              "  %c3 = arith.constant 3 : index\n"
              "  scf.for %i = %c0 to %c3 step %c1 {\n"
              f"    pto.tor ins(%a, %d : {t}, {t}) outs(%b : {t})\n"
              f"    pto.tor ins(%b, %a : {t}, {t}) outs(%d : {t})\n"
              "  }\n  return\n}\n")
    rng = np.random.default_rng(7)
    _check_split(kernel, [random_data(rng, (4, 32), np.int16) for _ in range(3)], calls=6)


def test_failure_reported_as_with_one_thread():
    rng = np.random.default_rng(8)
    a, b, d = (random_data(rng, (8, 32), np.int8) for _ in range(3))
    args = [(a, (3, 17)), (b, (3, 16)), (d, (3, 17))]
    kernel = tor_kernel(8, 32, "i8", (None, None))
    one = _split_calls(kernel, "tor", args, threads=1)
    two = _split_calls(kernel, "tor", args, threads=2)
    assert one == ("'pto.tor' op at -:2:3: valid shape of src1 is 3x16, src0's is 3x17; "
                   "they must be equal", 0, 0)
    assert two == (one[0], 1, 2)


def test_first_failure_wins_across_split_calls():
    """The second op's failure is not reported over the first one's."""
    t = tile_buf(4, 32, "i32", (None, None))
    window = "!pto.tile_buf<vec, 2x32xi32>"
    kernel = (f"func.func @k(%a: {t}, %b: {t}, %d: {t}, %s: {window}, %r: index) {{\n"
              f"  pto.tor ins(%a, %b : {t}, {t}) outs(%d : {t})\n"
              "  %c0 = arith.constant 0 : index\n"
              f"  pto.tinsert ins(%s, %r, %c0 : {window}, index, index) outs(%d : {t})\n"
              "  return\n}\n")
    rng = np.random.default_rng(9)
    a, b, d = (random_data(rng, (4, 32), np.int32) for _ in range(3))
    s = random_data(rng, (2, 32), np.int32)
    args = [(a, (4, 32)), (b, (4, 31)), (d, (4, 32)), s, 3]
    one = _split_calls(kernel, "k", args, threads=1)
    assert one[0] == ("'pto.tor' op at -:2:3: valid shape of src1 is 4x31, src0's is 4x32; "
                      "they must be equal")
    assert _split_calls(kernel, "k", args, threads=2) == (one[0], 2, 4)


def test_threshold_is_the_tiles_bytes():
    """tor of three 8x32 i16 tiles: 1536 bytes."""
    rng = np.random.default_rng(10)
    args = [random_data(rng, (8, 32), np.int16) for _ in range(3)]
    kernel = tor_kernel(8, 32, "i16")
    assert _split_calls(kernel, "tor", args, threads=2, parallel_bytes=1536)[1:] == (1, 2)
    assert _split_calls(kernel, "tor", args, threads=2, parallel_bytes=1537)[1:] == (0, 0)


def test_tsort32_threshold_weighs_its_bytes():
    """tsort32 of 8x32 f32 (src, dst) and ui32 (idx) tiles: 3072 bytes at
    16 times a copy's cost per byte, 49152 bytes of work."""
    rng = np.random.default_rng(11)
    t, ti = tile_buf(8, 32, "f32"), tile_buf(8, 32, "ui32")
    kernel = dps_kernel("k", "pto.tsort32", [t], [t, ti])
    args = [random_data(rng, (8, 32), np.float32), np.zeros((8, 32), np.float32),
            np.zeros((8, 32), np.uint32)]
    assert _split_calls(kernel, "k", args, threads=2, parallel_bytes=49152)[1:] == (1, 2)
    assert _split_calls(kernel, "k", args, threads=2, parallel_bytes=49153)[1:] == (0, 0)


def test_fewer_rows_than_threads_run_as_many_parts():
    rng = np.random.default_rng(11)
    args = [random_data(rng, (3, 32), np.int16) for _ in range(3)]
    out = _split_calls(tor_kernel(3, 32, "i16"), "tor", args, threads=4)
    assert out == ([args[0].tobytes(), args[1].tobytes(), (args[0] | args[1]).tobytes()], 1, 3)
    one_row = [random_data(rng, (1, 32), np.int16) for _ in range(3)]
    out = _split_calls(tor_kernel(1, 32, "i16"), "tor", one_row, threads=4)
    assert out == ([one_row[0].tobytes(), one_row[1].tobytes(),
                    (one_row[0] | one_row[1]).tobytes()], 0, 0)


def test_in_place_op_is_not_split():
    """dst0 is src0: the op copies its source first, whole."""
    t = tile_buf(4, 32, "i16")
    kernel = (f"func.func @k(%a: {t}, %b: {t}, %d: {t}) {{\n"
              f"  pto.tinterleave ins(%a, %b : {t}, {t}) outs(%a, %d : {t}, {t})\n"
              "  return\n}\n")
    rng = np.random.default_rng(12)
    args = [random_data(rng, (4, 32), np.int16) for _ in range(3)]
    one = _split_calls(kernel, "k", args, threads=1)
    assert _split_calls(kernel, "k", args, threads=2) == one
    assert one[1:] == (0, 0)


def test_environment_sets_threads_and_threshold(monkeypatch):
    rng = np.random.default_rng(13)
    args = [random_data(rng, (8, 32), np.int16) for _ in range(3)]
    kernel = tor_kernel(8, 32, "i16")

    def split(**options):
        before = jit.parallel_stats()["calls"]
        jit.run(kernel, "tor", *[a.copy() for a in args], **options)
        return jit.parallel_stats()["calls"] - before

    monkeypatch.setenv("PTO_JIT_THREADS", "2")
    monkeypatch.setenv("PTO_JIT_PARALLEL_BYTES", "1536")
    assert split() == 1
    assert split(threads=1) == 0
    monkeypatch.setenv("PTO_JIT_PARALLEL_BYTES", "1537")
    assert split() == 0
    monkeypatch.setenv("PTO_JIT_THREADS", "1")
    assert split(parallel_bytes=1) == 0


@pytest.mark.parametrize("options, message", [
    ({"threads": 0}, "threads must be a positive integer, got 0"),
    ({"parallel_bytes": "big"}, "parallel_bytes must be a positive integer, got 'big'"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(ValueError) as info:
        jit.compile(tor_kernel(1, 32, "i16"), "tor", **options)
    assert str(info.value) == message


def test_bad_environment_is_refused(monkeypatch):
    monkeypatch.setenv("PTO_JIT_THREADS", "two")
    with pytest.raises(ValueError) as info:
        jit.compile(tor_kernel(1, 32, "i16"), "tor")
    assert str(info.value) == "PTO_JIT_THREADS must be a positive integer, got 'two'"
