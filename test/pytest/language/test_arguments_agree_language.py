"""A `pl` call's arguments are checked alike on every engine (issue 38,
item 3): the JIT's call path refuses what the interpreter refuses, with the
same message (runtime/arguments.py holds the one check), and an
``np.matrix`` for a global array gives the one answer."""
import numpy as np
import pytest

import pto_mlir.language as pl

DYNAMIC = pl.Tile(4, 32, pl.i32, valid=(None, None))
STATIC = pl.Tile[4, 32, pl.i32]


@pl.kernel
def rows_or(a: DYNAMIC, b: DYNAMIC):
    return a | b


@pl.kernel
def repeat_i32(a: STATIC, b: STATIC, n: pl.i32):
    acc = a
    for _ in range(n):
        acc = acc | b
    return acc


@pl.kernel
def repeat_index(a: STATIC, b: STATIC, n: pl.index):
    acc = a
    for _ in range(n):
        acc = acc | b
    return acc


def _tiles():
    a = np.arange(128, dtype=np.int32).reshape(4, 32)
    return a, np.full((4, 32), 0x100, np.int32)


def _error(kernel, *args, engine):
    with pytest.raises(pl.ArgumentError) as raised:
        kernel(*args, engine=engine)
    return str(raised.value)


@pytest.mark.parametrize("valid, problem", [
    ((True, 32), "valid shape (True, 32) is not a pair of ints"),
    ((2.0, 32), "valid shape (2.0, 32) is not a pair of ints"),
    ((np.bool_(True), np.int64(3)), "valid shape (np.True_, np.int64(3)) is not a pair of ints"),
])
def test_bool_or_float_valid_shapes_are_refused_on_every_engine(valid, problem):
    a, b = _tiles()
    expected = f"argument #0 'a' (!pto.tile<vec, 4x32xi32, valid=?x?>): {problem}"
    for engine in ("interp", "jit"):
        # Twice on the JIT: the first call compiles, a later one takes the
        # C++ call path.
        for _ in range(2):
            assert _error(rows_or, pl.Valid(a, valid=valid), pl.Valid(b, valid=(4, 32)),
                          engine=engine) == expected, engine


@pytest.mark.parametrize("kernel, n, expected", [
    (repeat_i32, -2**31 - 1, "argument #2 'n' (i32): -2147483649 is outside "
                             "-2147483648..4294967295"),
    (repeat_i32, 2**32, "argument #2 'n' (i32): 4294967296 is outside -2147483648..4294967295"),
    (repeat_index, 2**63, "argument #2 'n' (index): 9223372036854775808 is outside "
                          "-9223372036854775808..9223372036854775807"),
    (repeat_index, 2**64 - 1, "argument #2 'n' (index): 18446744073709551615 is outside "
                              "-9223372036854775808..9223372036854775807"),
    (repeat_index, True, "argument #2 'n' (index): expected an int, got bool"),
])
def test_out_of_range_scalars_are_refused_on_every_engine(kernel, n, expected):
    a, b = _tiles()
    for engine in ("interp", "jit"):
        for _ in range(2):
            assert _error(kernel, a, b, n, engine=engine) == expected, engine


def test_in_range_scalars_run_alike():
    a, b = _tiles()
    for kernel in (repeat_i32, repeat_index):
        for n in (0, 3):
            expected = a | b if n else a
            for engine in ("interp", "jit"):
                assert np.array_equal(kernel(a, b, n, engine=engine), expected)


@pl.kernel
def copy_row(src: pl.Ptr[pl.f32], dst: pl.Ptr[pl.f32]):
    # Row 0 of src's (2, 8) array into row 1 of dst's.
    t = pl.tload(pl.partition_view(pl.make_tensor_view(src, [2, 8]), [0, 0], [1, 8]))
    pl.tstore(t, pl.partition_view(pl.make_tensor_view(dst, [2, 8]), [1, 0], [1, 8]))


@pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning")
def test_a_matrix_for_a_global_array_is_its_plain_array_on_every_engine():
    answers = []
    for engine in ("interp", "jit"):
        src = np.asmatrix(np.arange(16, dtype=np.float32).reshape(2, 8))
        dst = np.asmatrix(np.zeros((2, 8), np.float32))
        copy_row(src, dst, engine=engine)
        assert type(dst) is np.matrix
        answers.append(np.asarray(dst).tolist())
    assert answers == [[[0.0] * 8, [float(k) for k in range(8)]]] * 2
