"""The family ops through the language (pl.tadd ... pl.tor, pl.texp ...,
made from the rows) and the operators on tiles, on both engines, against the
models of pto-isa's simulator (test/pytest/families/elementwise_model.py,
unary_model.py)."""
import os
import sys

import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same, where
from pto_mlir import families

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "families"))
from elementwise_model import inputs, model, shift_counts  # noqa: E402
from unary_model import model as unary_model  # noqa: E402

F16 = pl.Tile[4, 32, pl.f16]


@pl.kernel
def operators(a: F16, b: F16):
    return a + b, a - b, a * b, pl.tmax(a, b), pl.tmin(a, b), a / b


@pl.kernel(target="a5")
def bitwise(a: pl.Tile[4, 64, pl.u8], b: pl.Tile[4, 64, pl.u8]):
    return a & b, a | b


@pl.kernel(target="a5")
def shifts(a: pl.Tile[4, 32, pl.i16], n: pl.Tile[4, 32, pl.i16]):
    return a << n, a >> n, a << 3, a >> 15


@pl.kernel
def unary(a: F16):
    return (-a, pl.abs(a), pl.relu(a), pl.exp(a), pl.log(a), pl.sqrt(a), pl.rsqrt(a),
            pl.recip(a), pl.tneg(a))


@pl.kernel(target="a5")
def invert(a: pl.Tile[4, 64, pl.u8]):
    return ~a


def test_unary_operators_and_functions(engine):
    a, _ = inputs(np.random.default_rng(6), np.float16, (4, 32))
    a[a == 0] = 1  # recip and rsqrt fail on zero
    for got, element_op in zip(unary(a, engine=engine),
                               ["neg", "abs", "relu", "exp", "log", "sqrt", "rsqrt", "recip",
                                "neg"]):
        assert_same(got, unary_model(element_op, a))
    x, _ = inputs(np.random.default_rng(7), np.uint8, (4, 64))
    assert_same(invert(x, engine=engine), unary_model("not", x))


def test_every_family_op_is_a_pl_function():
    for row in families.FAMILY_OPS:
        function = getattr(pl, row.mnemonic)
        assert function.__name__ == row.mnemonic and row.mnemonic in pl.__all__
    unary = {row.element_op: row.mnemonic for row in families.FAMILY_OPS
             if row.family == "unary_elementwise"}
    assert {name: function.__name__ for name, function in pl.ELEMENT_FUNCTIONS.items()} == {
        "abs": "tabs", "relu": "trelu", "exp": "texp", "log": "tlog", "sqrt": "tsqrt",
        "rsqrt": "trsqrt", "recip": "trecip"}
    assert set(pl.ELEMENT_FUNCTIONS) == set(unary) - {"neg", "not"}


def test_operators_and_functions(engine):
    a, b = inputs(np.random.default_rng(4), np.float16, (4, 32))
    for got, element_op in zip(operators(a, b, engine=engine),
                               ["add", "sub", "mul", "max", "min", "div"]):
        assert_same(got, model(element_op, a, b))
    x, y = inputs(np.random.default_rng(5), np.uint8, (4, 64))
    for got, element_op in zip(bitwise(x, y, engine=engine), ["and", "or"]):
        assert_same(got, model(element_op, x, y))
    x, _ = inputs(np.random.default_rng(6), np.int16, (4, 32))
    n = shift_counts(np.random.default_rng(7), np.int16, (4, 32))
    three, fifteen = np.full_like(n, 3), np.full_like(n, 15)
    for got, (element_op, count) in zip(shifts(x, n, engine=engine),
                                        [("shl", n), ("shr", n), ("shl", three),
                                         ("shr", fifteen)]):
        assert_same(got, model(element_op, x, count))


@pl.kernel(target="a2a3")
def or_floats(a: F16, b: F16):
    return a | b  # or floats


def test_a_type_the_target_refuses_is_a_located_error():
    with pytest.raises(pl.CompileError) as error:
        or_floats(np.zeros((4, 32), np.float16), np.zeros((4, 32), np.float16))
    assert str(error.value) == (f"{where(__file__, 'or floats', 'a | b')}: 'pto.tor' op dst "
                                "element type f16 is not supported on a2a3 (allowed: i8, ui8, "
                                "i16, ui16, i32, ui32)")


@pl.kernel
def no_such_operator(a: F16, b: F16):
    return a // b  # floor division


def test_an_operator_without_an_op_is_an_error():
    with pytest.raises(pl.CompileError) as error:
        no_such_operator(np.zeros((4, 32), np.float16), np.zeros((4, 32), np.float16))
    assert str(error.value).startswith(f"{where(__file__, 'floor division', 'a // b')}: "
                                       "unsupported operands for FloorDiv")


U16 = pl.Tile[4, 32, pl.u16]


@pl.kernel(target="a5")
def bitwise_scratch(a: U16, b: U16, t: U16):
    return pl.txor(a, b, t), a & 0x00ff, 0x0f0f | a, pl.txors(a, 0x1234, t), pl.tfmod(a, b)


def test_xor_and_the_bitwise_scalars(engine):
    rng = np.random.default_rng(11)
    a, b = inputs(rng, np.uint16, (4, 32))
    b[b == 0] = 1  # tfmod fails on a zero divisor
    t = np.zeros_like(a)
    full = lambda v: np.full_like(a, v)  # noqa: E731
    want = [model("xor", a, b), model("and", a, full(0x00ff)), model("or", a, full(0x0f0f)),
            model("xor", a, full(0x1234)), model("fmod", a, b)]
    for got, expected in zip(bitwise_scratch(a, b, t, engine=engine), want):
        assert_same(got, expected)


@pl.kernel(target="a5")
def rem_without_tmp(a: pl.Tile[4, 16, pl.f32], b: pl.Tile[4, 16, pl.f32]):
    return pl.trem(a, b)  # no tmp


def test_a_missing_tmp_is_a_located_error():
    """trem's tmp is required (PTOAS's ins(%src0, %src1, %tmp)): its
    operand count says so, not the generated class."""
    a = np.ones((4, 16), np.float32)
    with pytest.raises(pl.CompileError) as error:
        rem_without_tmp(a, a)
    assert str(error.value) == (f"{where(__file__, 'no tmp', 'pl.trem')}: pl.trem takes src0, "
                                "src1, tmp, got 2 operands")


@pl.kernel(target="a5")
def xor_operator(a: U16, b: U16):
    return a ^ b  # xor operator


@pl.kernel(target="a5")
def xor_scalar_operator(a: U16):
    return a ^ 3  # xor scalar


def test_xor_operators_need_the_scratch_tile():
    a = np.ones((4, 32), np.uint16)
    with pytest.raises(pl.CompileError) as error:
        xor_operator(a, a)
    assert str(error.value) == (f"{where(__file__, 'xor operator', 'a ^ b')}: BitXor of these "
                                "operands is pl.txor, which takes the NPU's scratch tile tmp: "
                                "call pl.txor(..., tmp)")
    with pytest.raises(pl.CompileError) as error:
        xor_scalar_operator(a)
    assert str(error.value) == (f"{where(__file__, 'xor scalar', 'a ^ 3')}: BitXor of these "
                                "operands is pl.txors, which takes the NPU's scratch tile tmp: "
                                "call pl.txors(..., tmp)")


@pl.kernel(target="a5")
def relus(a: pl.Tile[4, 16, pl.f32], b: pl.Tile[4, 16, pl.f32]):
    return pl.tsubrelu(a, b), pl.tlrelu(a, 0.125)


def test_subrelu_and_leaky_relu(engine):
    a, b = inputs(np.random.default_rng(12), np.float32, (4, 16))
    want = [model("subrelu", a, b), model("lrelu", a, np.full_like(a, 0.125))]
    for got, expected in zip(relus(a, b, engine=engine), want):
        assert_same(got, expected)


@pl.kernel(target="a2a3")
def prelu(a: F16, slopes: F16, mask: pl.Tile[8, 32, pl.u8]):
    return pl.tprelu(a, slopes, mask)


def test_prelu_with_a2a3_mask(engine):
    """pl.tprelu takes A2/A3's scratch mask, of ui8 and more rows than dst
    (tprelu_c6, c7), which no engine reads."""
    a, b = inputs(np.random.default_rng(13), np.float16, (4, 32))
    assert_same(prelu(a, b, np.zeros((8, 32), np.uint8), engine=engine), model("prelu", a, b))


@pl.kernel(target="a5")
def scalar_carries(a: F16, b: F16, s: pl.f16):
    return pl.taddsc(a, s, b), pl.tsubsc(a, 0.5, b)


def test_add_and_sub_with_a_scalar_carry(engine):
    """pl.taddsc and pl.tsubsc take the scalar as a kernel value or a
    Python number, the middle operand of every element."""
    a, b = inputs(np.random.default_rng(14), np.float16, (4, 32))
    s = np.float16(-1.375)
    want = [model("add", model("add", a, np.full_like(a, s)), b),
            model("add", model("sub", a, np.full_like(a, 0.5)), b)]
    for got, expected in zip(scalar_carries(a, b, float(s), engine=engine), want):
        assert_same(got, expected)
