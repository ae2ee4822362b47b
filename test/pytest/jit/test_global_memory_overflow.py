"""Global memory at the int64 limits (issue 38, item 1): an element offset,
a window's end or the rows a window covers whose exact value int64 cannot
hold fails on both engines with global_index_overflow, where the compiled
kernel's arithmetic used to wrap and read or write outside the caller's
array. Values just inside the limit still get the ordinary checks, with
their exact values in the message."""
import numpy as np
import pytest

from agreement import agree

pytest.importorskip("pto_mlir.runtime.jit")

MAX = (1 << 63) - 1

# A 3 x 32 i8 tensor with a dynamic row stride, loaded whole into %t or
# stored from it.
STRIDED = """func.func @k(%p: !pto.ptr<i8>, %s0: index, %t: !pto.tile_buf<vec, 3x32xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%c3, %c32], strides = [%s0, %c1] : !pto.tensor_view<3x32xi8>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c3, %c32] : !pto.tensor_view<3x32xi8> -> !pto.partition_tensor_view<3x32xi8>
  pto.%OP
  return
}"""  # noqa: E501

W, T = "!pto.partition_tensor_view<3x32xi8>", "!pto.tile_buf<vec, 3x32xi8>"
LOAD = f"tload ins(%w : {W}) outs(%t : {T})"
STORE = f"tstore ins(%t : {T}) outs(%w : {W})"

# A 1 x 16 window at (%r, %c) of a 4 x 32 i16 tensor.
WINDOW = """func.func @k(%p: !pto.ptr<i16>, %r: index, %c: index, %t: !pto.tile_buf<vec, 1x16xi16>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%c4, %c32], strides = [%c32, %c1] : !pto.tensor_view<4x32xi16>
  %w = pto.partition_view %v, offsets = [%r, %c], sizes = [%c1, %c16] : !pto.tensor_view<4x32xi16> -> !pto.partition_tensor_view<1x16xi16>
  pto.tload ins(%w : !pto.partition_tensor_view<1x16xi16>) outs(%t : !pto.tile_buf<vec, 1x16xi16>)
  return
}"""  # noqa: E501

# A window of %n x 16 x 32 elements (stride 0 in dimension 0, so every
# element lies in the 512-element array) into a 16 x 32 tile: ND rows are
# %n * 16.
DEEP = """func.func @k(%p: !pto.ptr<i8>, %n: index, %t: !pto.tile_buf<vec, 16x32xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%n, %c16, %c32], strides = [%c0, %c32, %c1] : !pto.tensor_view<?x16x32xi8>
  %w = pto.partition_view %v, offsets = [%c0, %c0, %c0], sizes = [%n, %c16, %c32] : !pto.tensor_view<?x16x32xi8> -> !pto.partition_tensor_view<?x16x32xi8>
  pto.tload ins(%w : !pto.partition_tensor_view<?x16x32xi8>) outs(%t : !pto.tile_buf<vec, 16x32xi8>)
  return
}"""  # noqa: E501

# The same at Level 1: the JIT runs it after pto-ssa-to-dps.
DEEP_LEVEL1 = """func.func @k(%p: !pto.ptr<i8>, %n: index) -> !pto.tile<vec, 16x32xi8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%n, %c16, %c32], strides = [%c0, %c32, %c1] : !pto.tensor_view<?x16x32xi8>
  %w = pto.partition_view %v, offsets = [%c0, %c0, %c0], sizes = [%n, %c16, %c32] : !pto.tensor_view<?x16x32xi8> -> !pto.partition_tensor_view<?x16x32xi8>
  %t = pto.tload %w : !pto.partition_tensor_view<?x16x32xi8> -> !pto.tile<vec, 16x32xi8>
  return %t : !pto.tile<vec, 16x32xi8>
}"""  # noqa: E501

OVERFLOWS = "overflows int64 (exceeds 2^63 - 1)"


def _strided(op, stride):
    tile = np.arange(96, dtype=np.int8).reshape(3, 32)
    return agree(STRIDED.replace("%OP", op), [np.zeros(96, np.int8), stride, tile])


@pytest.mark.parametrize("op", [LOAD, STORE])
def test_a_tensor_whose_last_element_overflows_fails(op):
    # 2 * 2^62 + 31 wrapped to 31, inside the 96 elements.
    assert _strided(op, 1 << 62) == (
        "'pto.make_tensor_view' op at -:6:8: the offset of the tensor's last element "
        + OVERFLOWS)


@pytest.mark.parametrize("op", [LOAD, STORE])
@pytest.mark.parametrize("stride, last", [
    # 2 * stride + 31 is exactly 2^63 - 1: no overflow, past the array.
    ((MAX - 31) // 2, MAX),
    (1 << 40, (1 << 41) + 31),
])
def test_a_tensor_just_inside_int64_reports_its_last_element(op, stride, last):
    assert _strided(op, stride) == (
        f"'pto.make_tensor_view' op at -:6:8: the tensor reaches element {last} of an "
        "array of 96 elements")


@pytest.mark.parametrize("op", [LOAD, STORE])
def test_a_stride_of_minus_2_to_the_63_is_negative(op):
    assert _strided(op, -(1 << 63)) == (
        f"'pto.make_tensor_view' op at -:6:8: stride 0 of the tensor is {-(1 << 63)}; it "
        "must not be negative")


def _window(r, c):
    return agree(WINDOW, [np.zeros(128, np.int16), r, c, np.full((1, 16), 7, np.int16)])


@pytest.mark.parametrize("r, c, dim", [(MAX, 2, 0), (0, MAX - 15, 1), (MAX, MAX, 0)])
def test_a_window_whose_end_overflows_fails(r, c, dim):
    # 2^63 - 1 + 1 wrapped to -2^63, below the extent 4: the JIT loaded
    # elements 0..15.
    assert _window(r, c) == (
        f"'pto.partition_view' op at -:7:8: the end of dimension {dim} of the window "
        f"(offset + size) {OVERFLOWS}")


@pytest.mark.parametrize("r, c, message", [
    # The end is exactly 2^63 - 1: no overflow, outside the tensor.
    (MAX - 1, 0, f"window [{MAX - 1}, {MAX}) of dimension 0 exceeds the tensor's extent 4"),
    (0, MAX - 16, f"window [{MAX - 16}, {MAX}) of dimension 1 exceeds the tensor's extent 32"),
    (-(1 << 63), 0, f"window [{-(1 << 63)}, {-(1 << 63) + 1}) of dimension 0 exceeds the "
                    "tensor's extent 4"),
    (3, 16, "ok"),
])
def test_a_window_just_inside_int64_reports_its_bounds(r, c, message):
    found = _window(r, c)
    assert found == (message if message == "ok"
                     else f"'pto.partition_view' op at -:7:8: {message}")


@pytest.mark.parametrize("n", [(1 << 62) + 1, 1 << 59, MAX])
def test_a_window_whose_rows_overflow_fails(n):
    # (2^62 + 1) * 16 wrapped to 16, the tile's rows: the JIT loaded 512
    # elements as if the window were 1 x 16 x 32.
    args = [np.arange(512, dtype=np.int64).astype(np.int8), n, np.zeros((16, 32), np.int8)]
    assert agree(DEEP, args) == (
        f"'pto.tload' op at -:8:3: the rows the window covers {OVERFLOWS}")
    assert agree(DEEP_LEVEL1, args[:2]) == (
        f"'pto.tload' op at -:8:8: the rows the window covers {OVERFLOWS}")


def test_a_window_whose_rows_fit_but_differ_reports_them():
    n = (1 << 59) - 1  # n * 16 = 2^63 - 16 fits
    args = [np.zeros(512, np.int8), n, np.zeros((16, 32), np.int8)]
    assert agree(DEEP, args) == (
        f"'pto.tload' op at -:8:3: the window covers {n * 16}x32, dst's valid shape is 16x32")


# A Level 1 load whose result has as many valid rows as the window covers.
DYNAMIC_ROWS = """func.func @k(%p: !pto.ptr<f32>, %n: index) -> !pto.tile<vec, 16x32xf32, valid=?x32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%n, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x32xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %c32] : !pto.tensor_view<?x32xf32> -> !pto.partition_tensor_view<?x32xf32>
  %t = pto.tload %w : !pto.partition_tensor_view<?x32xf32> -> !pto.tile<vec, 16x32xf32, valid=?x32>
  return %t : !pto.tile<vec, 16x32xf32, valid=?x32>
}"""  # noqa: E501


def test_a_result_with_too_many_valid_rows_names_the_load():
    # The JIT's pto-ssa-to-dps allocates the result's buffer with those
    # extents, whose check named 'pto.alloc_tile'; the interpreter checks
    # them at the load. Both name the load, the op the kernel's author wrote.
    assert agree(DYNAMIC_ROWS, [np.zeros(20 * 32, np.float32), 20]) == (
        "'pto.tload' op at -:7:8: valid extent 0 is 20, allowed 0..16")


# A Level 1 load of %n x 16 x 32 elements (stride 0 in dimension 0) whose
# result has as many valid rows as the window covers, %n * 16.
DEEP_DYNAMIC_ROWS = """func.func @k(%p: !pto.ptr<i8>, %n: index) -> !pto.tile<vec, 16x32xi8, valid=?x32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%n, %c16, %c32], strides = [%c0, %c32, %c1] : !pto.tensor_view<?x16x32xi8>
  %w = pto.partition_view %v, offsets = [%c0, %c0, %c0], sizes = [%n, %c16, %c32] : !pto.tensor_view<?x16x32xi8> -> !pto.partition_tensor_view<?x16x32xi8>
  %t = pto.tload %w : !pto.partition_tensor_view<?x16x32xi8> -> !pto.tile<vec, 16x32xi8, valid=?x32>
  return %t : !pto.tile<vec, 16x32xi8, valid=?x32>
}"""  # noqa: E501


@pytest.mark.parametrize("n", [(1 << 62) + 1, 1 << 59, MAX])
def test_a_result_whose_valid_rows_overflow_fails(n):
    # (2^62 + 1) * 16 wrapped to 16: the JIT reported valid extent 0 as a
    # wrapped value (or none, within 0..16), the interpreter the overflow.
    args = [np.arange(512, dtype=np.int64).astype(np.int8), n]
    assert agree(DEEP_DYNAMIC_ROWS, args) == (
        f"'pto.tload' op at -:8:8: the rows the window covers {OVERFLOWS}")
