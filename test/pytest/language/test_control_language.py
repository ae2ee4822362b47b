"""Loops, ifs and calls between kernels: scf.for with tiles carried (bounds
from kernel values or Python ints), pl.static_range (unrolled), scf.if on
kernel scalars, compile-time ifs, func.call of other kernels."""
import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same, random_ints

T = pl.Tile[4, 32, pl.i32]


@pl.kernel
def shift_or(a: T, b: T, n: pl.index):
    acc = a
    for _ in range(n):
        acc = pl.tinsert(pl.textract(acc, 0, 0, pl.Tile[4, 16, pl.i32]), 0, 16, into=acc) | b
    return acc


@pl.kernel
def count_and_or(a: T, b: T, n: pl.i32):
    acc = a
    steps = 0
    for i in range(1, n, 2):
        acc = acc | b
        steps = steps + i
    return acc


@pl.kernel
def unrolled(a: T, b: T):
    acc = a
    for k in pl.static_range(3):
        acc = pl.tinsert(pl.textract(b, 0, 16 * (k % 2), pl.Tile[4, 16, pl.i32]), 0, 0,
                         into=acc)
    return acc


@pl.kernel
def constant_loop(a: T, b: T):
    acc = a
    for _ in range(2, 8, 3):
        acc = acc | b
    return acc


@pl.kernel
def choose(a: T, b: T, mode: pl.index):
    if mode == 1:
        out = a | b
    elif mode > 1:
        out = b
    else:
        out = a
    return out


@pl.kernel
def compile_time_if(a: T, b: T):
    if T.rows > 2:
        out = a | b
    else:
        out = a
    return out


@pl.kernel
def or_pair(x: pl.Tile, y: pl.Tile):
    return x | y


@pl.kernel
def calls(a: T, b: T, c: pl.Tile[8, 32, pl.i8]):
    return or_pair(or_pair(a, b), a), or_pair(c, c)  # nested call


@pl.kernel
def shift_half(x: T):
    return pl.tinsert(pl.textract(x, 0, 0, pl.Tile[4, 16, pl.i32]), 0, 16, into=x)


@pl.kernel
def calls_in_a_loop(a: T, b: T, n: pl.index):
    acc = a
    for _ in range(n):
        acc = or_pair(shift_half(acc), b)
    return acc


def _inputs(seed):
    rng = np.random.default_rng(seed)
    return random_ints(rng, (4, 32), np.int32), random_ints(rng, (4, 32), np.int32)


@pytest.mark.parametrize("n", [0, 1, 3])
def test_scf_for_with_a_kernel_bound_carries_the_tile(engine, n):
    a, b = _inputs(40)
    expected = a.copy()
    for _ in range(n):
        expected[:, 16:] = expected[:, :16]
        expected = expected | b
    assert_same(shift_or(a, b, n, engine=engine), expected)


def test_scf_for_is_not_unrolled():
    assert shift_or.mlir.count("pto.tor") == 1
    assert "scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0)" in shift_or.mlir


@pytest.mark.parametrize("n", [0, 1, 6])
def test_scf_for_with_an_i32_bound_carries_a_scalar_too(engine, n):
    a, b = _inputs(41)
    assert_same(count_and_or(a, b, n, engine=engine), a | b if n > 1 else a)
    assert "index_cast" in count_and_or.mlir
    assert ("iter_args(%arg4 = %arg0, %arg5 = %c0) -> (!pto.tile<vec, 4x32xi32>, index)"
            in count_and_or.mlir)


def test_static_range_unrolls(engine):
    a, b = _inputs(42)
    expected = a.copy()
    expected[:, :16] = b[:, :16]   # k = 2, the last write
    assert_same(unrolled(a, b, engine=engine), expected)
    assert unrolled.mlir.count("pto.tinsert") == 3
    assert "scf.for" not in unrolled.mlir


def test_range_over_python_ints_is_an_scf_for_with_constant_bounds(engine):
    a, b = _inputs(43)
    assert_same(constant_loop(a, b, engine=engine), a | b)
    assert "scf.for %arg2 = %c2 to %c8 step %c3" in constant_loop.mlir


@pytest.mark.parametrize("mode, pick", [(0, "a"), (1, "or"), (2, "b"), (7, "b")])
def test_scf_if_on_a_kernel_scalar(engine, mode, pick):
    a, b = _inputs(44)
    expected = {"a": a, "b": b, "or": a | b}[pick]
    assert_same(choose(a, b, mode, engine=engine), expected)
    assert choose.mlir.count("scf.if") == 2


def test_if_on_a_python_value_is_decided_at_compile_time(engine):
    a, b = _inputs(45)
    assert_same(compile_time_if(a, b, engine=engine), a | b)
    assert "scf.if" not in compile_time_if.mlir


def test_calls_of_other_kernels(engine):
    a, b = _inputs(46)
    c = random_ints(np.random.default_rng(47), (8, 32), np.int8)
    first, second = calls(a, b, c, engine=engine)
    assert_same(first, a | b)
    assert_same(second, c)
    text = calls.mlir
    assert "call @or_pair(%arg0, %arg1)" in text
    assert "call @or_pair(%0, %arg0)" in text
    assert "call @or_pair_1(%arg2, %arg2)" in text
    assert text.count("func.func") == 3


@pytest.mark.parametrize("n", [0, 1, 3])
def test_calls_in_a_loop_read_and_replace_the_carried_tile(engine, n):
    a, b = _inputs(48)
    expected = a.copy()
    for _ in range(n):
        expected[:, 16:] = expected[:, :16]
        expected = expected | b
    assert_same(calls_in_a_loop(a, b, n, engine=engine), expected)
    assert "%1 = func.call @shift_half(%arg4)" in calls_in_a_loop.mlir
