"""pl kernels on global memory (pl.Tensor, pl.Ptr, pl.make_tensor_view,
pl.partition_view, pl.tload, pl.tstore): the caller's arrays written in
place, bit for bit against numpy, on both engines; bad arrays and windows
named in their errors."""
import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same, random_ints, where
from test_tutorial_language import or_blocks  # docs/language.md's kernel on arrays

RNG = np.random.default_rng(24)
X = random_ints(RNG, (64, 32), np.int16)
Y = random_ints(RNG, (64, 32), np.int16)


def test_a_kernel_writes_the_callers_array_in_place(engine):
    x, y = X.copy(), Y.copy()
    out = np.full((64, 32), 7, np.int16)
    assert or_blocks(x, y, out, engine=engine) is None
    assert_same(out, X | Y)
    assert_same(x, X)   # the arrays it only reads are unchanged
    assert_same(y, Y)


def test_the_kernel_takes_pointers_and_makes_the_views():
    signature = or_blocks.mlir.splitlines()[1]
    assert signature == ("  func.func @or_blocks(%arg0: !pto.ptr<i16>, %arg1: !pto.ptr<i16>, "
                         "%arg2: !pto.ptr<i16>) {")
    assert or_blocks.mlir.count("pto.make_tensor_view") == 3
    assert ("strides = [%c32_0, %c1] : !pto.tensor_view<64x32xi16>"
            in or_blocks.mlir)


@pl.kernel
def or_window(p: pl.Ptr[pl.i16], q: pl.Ptr[pl.i16], rows: pl.index, cols: pl.index,
              r: pl.index, c: pl.index):
    # Dynamic extents: the strides come from the kernel's scalars.
    tp = pl.make_tensor_view(p, [rows, cols], [cols, 1])  # dynamic
    tq = pl.make_tensor_view(q, [rows, cols], [cols, 1])
    window = pl.partition_view(tp, [r, c], [8, 16])  # window
    both = pl.tload(window) | pl.tload(pl.partition_view(tq, [r, c], [8, 16]))
    pl.tstore(both, window)
    return both


def test_dynamic_tensors_and_windows_and_a_returned_tile(engine):
    p = random_ints(RNG, (20, 40), np.int16)
    q = random_ints(RNG, (20, 40), np.int16)
    before = p.copy()
    tile = or_window(p, q, 20, 40, 5, 17, engine=engine)
    expected = before.copy()
    expected[5:13, 17:33] |= q[5:13, 17:33]
    assert_same(tile, expected[5:13, 17:33])
    assert_same(p, expected)


DN = pl.Tile(16, 8, pl.f32, layout="dn")


@pl.kernel
def transpose_store(src: pl.Ptr[pl.f32], dst: pl.Ptr[pl.f32]):
    # The column-major view of a (8, 16) C-ordered array: its transpose.
    columns = pl.make_tensor_view(src, [16, 8], [1, 16], layout="dn")
    tile = pl.tload(pl.partition_view(columns, [0, 0], [16, 8]), DN)
    rows = pl.make_tensor_view(dst, [16, 8], [1, 16], layout="dn")
    pl.tstore(tile, pl.partition_view(rows, [0, 0], [16, 8]))
    return tile


def test_a_column_major_view_and_tile(engine):
    src = np.arange(128, dtype=np.float32).reshape(8, 16) * np.float32(0.25)
    dst = np.zeros((8, 16), np.float32)
    tile = transpose_store(src, dst, engine=engine)
    assert_same(tile, src.T)
    assert_same(dst, src)


PADDED = pl.Tile(16, 32, pl.u8, valid=(8, 32), pad="max")


@pl.kernel
def padded_copy(src: pl.Tensor[8, 32, pl.u8], dst: pl.Tensor[16, 32, pl.u8]):
    tile = pl.tload(pl.partition_view(src, [0, 0], [8, 32]), PADDED)
    pl.tstore(tile, pl.partition_view(dst, [4, 0], [8, 32]))
    return tile


def test_a_tile_with_a_valid_region_loads_and_stores_only_it(engine):
    src = random_ints(RNG, (8, 32), np.uint8)
    dst = np.zeros((16, 32), np.uint8)
    tile = padded_copy(src, dst, engine=engine)
    expected_tile = np.full((16, 32), 255, np.uint8)
    expected_tile[:8] = src
    assert_same(tile, expected_tile)
    expected = np.zeros((16, 32), np.uint8)
    expected[4:12] = src
    assert_same(dst, expected)


@pl.kernel
def copy_any(src: pl.Tensor, dst: pl.Ptr):
    out = pl.make_tensor_view(dst, [src.shape[0], src.shape[1]])
    for r in pl.static_range(0, src.shape[0], 4):
        pl.tstore(pl.tload(pl.partition_view(src, [r, 0], [4, src.shape[1]])),
                  pl.partition_view(out, [r, 0], [4, src.shape[1]]))


def test_generic_global_memory_takes_shape_and_dtype_from_the_arrays(engine):
    copy_any.cache_clear()
    signatures = (((8, 32), np.int16), ((4, 64), np.float16), ((8, 32), np.int32),
                  ((16, 32), np.int16), ((8, 32), np.int16))
    for shape, dtype in signatures:
        src = random_ints(RNG, shape, np.int16).astype(dtype)
        dst = np.zeros(shape, dtype)
        copy_any(src, dst, engine=engine)
        assert_same(dst, src)
    # One specialization per (shape, dtype) of the tensor and dtype of the
    # pointer: the last call is the first's.
    assert copy_any.cache_info()[:3] == (1, 4, 4)


@pl.kernel
def store_block(out: pl.Ptr[pl.i16], r: pl.index, tile: pl.Tile[16, 32, pl.i16]):
    view = pl.make_tensor_view(out, [64, 32])
    pl.tstore(tile, pl.partition_view(view, [r, 0], [16, 32]))


@pl.kernel
def copy_by_calls(x: pl.Tensor[64, 32, pl.i16], out: pl.Ptr[pl.i16]):
    for r in range(0, 64, 16):
        store_block(out, r, pl.tload(pl.partition_view(x, [r, 0], [16, 32])))


def test_a_kernel_passes_global_memory_to_another(engine):
    out = np.zeros((64, 32), np.int16)
    copy_by_calls(X, out, engine=engine)
    assert_same(out, X)
    assert "func.call @store_block(%arg1, %arg2, %2)" in copy_by_calls.mlir


# -- bad arrays: ArgumentError naming the argument, before anything runs ------

def _read_only(array):
    array = array.copy()
    array.setflags(write=False)
    return array


BAD_OUT = [
    (np.zeros((64, 32), np.int32),
     "argument #2 'out' (!pto.ptr<i16>): dtype is int32, expected int16"),
    (np.zeros((32, 64), np.int16),
     "argument #2 'out' (!pto.ptr<i16>): shape is (32, 64), expected (64, 32)"),
    (np.zeros((32, 64), np.int16).T,
     "argument #2 'out' (!pto.ptr<i16>): the array is not C-contiguous (the kernel "
     "addresses its elements in memory order): pass np.ascontiguousarray(array)"),
    (_read_only(np.zeros((64, 32), np.int16)),
     "argument #2 'out' (!pto.ptr<i16>): the kernel writes it, but the array is read-only"),
    ([[0] * 32] * 64,
     "argument #2 'out' (!pto.ptr<i16>): expected a numpy array, got list"),
]


@pytest.mark.parametrize("bad, message", BAD_OUT, ids=["dtype", "shape", "order", "read-only",
                                                       "list"])
def test_a_bad_array_is_named(engine, bad, message):
    with pytest.raises(pl.ArgumentError) as error:
        or_blocks(X, Y, bad, engine=engine)
    assert str(error.value) == message


def test_a_bad_array_of_a_pointer_is_named(engine):
    with pytest.raises(pl.ArgumentError) as error:
        or_window(X, Y.astype(np.uint16), 64, 32, 0, 0, engine=engine)
    assert str(error.value) == "argument #1 'q' (!pto.ptr<i16>): dtype is uint16, expected int16"


def test_a_read_only_array_the_kernel_only_reads_is_taken(engine):
    out = np.zeros((64, 32), np.int16)
    or_blocks(_read_only(X), _read_only(Y), out, engine=engine)
    assert_same(out, X | Y)


# -- run time: the same failure on both engines, the arrays untouched --------

def test_a_window_outside_the_tensor_fails_at_its_line(engine):
    p = X.copy()
    with pytest.raises(pl.KernelError) as error:
        or_window(p, Y, 64, 32, 60, 0, engine=engine)
    assert str(error.value) == (
        f"'pto.partition_view' op at {where(__file__, 'window', 'pl.partition_view')}: "
        "window [60, 68) of dimension 0 exceeds the tensor's extent 64")
    assert_same(p, X)


def test_an_array_smaller_than_its_tensor_fails(engine):
    small = np.zeros(100, np.int16)
    with pytest.raises(pl.KernelError) as error:
        or_window(small, small, 64, 32, 0, 0, engine=engine)
    assert str(error.value) == (
        f"'pto.make_tensor_view' op at {where(__file__, 'dynamic', 'pl.make_tensor_view')}: "
        "the tensor reaches element 2047 of an array of 100 elements")


# -- compile errors at the user's line ----------------------------------------

def test_a_tile_is_not_a_window():
    @pl.kernel
    def wrong(t: pl.Tile[16, 32, pl.i16]):
        return pl.tload(t)  # not a window

    with pytest.raises(pl.CompileError) as error:
        wrong.mlir
    assert str(error.value) == (
        f"{where(__file__, 'not a window', 'pl.tload')}: pl.tload: window is a value of type "
        "!pto.tile<vec, 16x32xi16>, expected a window (pl.partition_view)")


def test_a_window_of_another_rank_is_a_verifier_error_at_its_line():
    @pl.kernel
    def wrong(x: pl.Tensor[64, 32, pl.i16]):
        pl.partition_view(x, [0], [16])  # rank

    with pytest.raises(pl.CompileError) as error:
        wrong.mlir
    assert str(error.value) == (
        f"{where(__file__, 'rank', 'pl.partition_view')}: 'pto.partition_view' op takes "
        "one offset and one size per dimension of the source (rank 2), got 1 offsets and "
        "1 sizes")


def test_a_tile_that_does_not_fit_the_window_is_a_verifier_error():
    @pl.kernel
    def wrong(x: pl.Tensor[64, 32, pl.i16]):
        return pl.tload(pl.partition_view(x, [0, 0], [16, 32]), pl.Tile[8, 32, pl.i16])  # small

    with pytest.raises(pl.CompileError) as error:
        wrong.mlir
    assert str(error.value) == (
        f"{where(__file__, 'small', 'pl.tload')}: 'pto.tload' op window 16x32 covers 16x32 in "
        "ND layout, but dst valid shape is 8x32")


def test_the_default_tile_needs_a_2d_static_window():
    @pl.kernel
    def wrong(p: pl.Ptr[pl.f32], n: pl.index):
        view = pl.make_tensor_view(p, [n], [1])
        return pl.tload(pl.partition_view(view, [0], [n]))  # 1-D

    with pytest.raises(pl.CompileError) as error:
        wrong.mlir
    assert str(error.value) == (
        f"{where(__file__, '1-D', 'pl.tload')}: pl.tload: give the result tile type for a "
        "window of type !pto.partition_tensor_view<?xf32> (the default is for 2-D windows "
        "of static sizes)")


def test_a_dynamic_shape_needs_its_strides():
    @pl.kernel
    def wrong(p: pl.Ptr[pl.f32], n: pl.index):
        pl.make_tensor_view(p, [n, 8])  # strides

    with pytest.raises(pl.CompileError) as error:
        wrong.mlir
    assert str(error.value) == (
        f"{where(__file__, 'strides', 'pl.make_tensor_view')}: pl.make_tensor_view: give "
        "strides= for a shape with kernel values (the default is row-major strides of a "
        "shape of ints)")


def test_a_tensor_is_passed_to_another_kernel_as_its_pointer():
    @pl.kernel
    def callee(t: pl.Tensor[64, 32, pl.i16]):
        pass

    @pl.kernel
    def caller(x: pl.Tensor[64, 32, pl.i16]):
        callee(x)  # a tensor

    with pytest.raises(pl.CompileError) as error:
        caller.mlir
    assert str(error.value) == (
        f"{where(__file__, 'a tensor', 'callee')}: argument #0 of @callee: a "
        "pl.Tensor[64, 32, pl.i16] parameter takes an array from Python; a kernel passes "
        "global memory to another as a pl.Ptr")
