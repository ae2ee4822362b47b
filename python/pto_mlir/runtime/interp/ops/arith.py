"""arith: constants, integer and index arithmetic, comparisons, select, casts
(integer and float).

Integers follow scalars.py (signed range of their width, wrapping like the
hardware's two's complement); the signedness of an op is in its class
(``DivSIOp``/``DivUIOp``), as in MLIR.
"""
import operator
from typing import Any

import numpy as np

from .... import ir
from ....dialects import arith
from ...errors import OpFailure
from ...scalars import float_dtype, integer_width, unsigned, wrap
from ..registry import register


def _result_width(call):
    return integer_width(call.result_types[0])


@register(arith.ConstantOp)
def constant(call, operands):
    value = call.op.value
    t = call.result_types[0]
    width = integer_width(t)
    # An i1 constant (`true`, `false`) is a BoolAttr, not an IntegerAttr.
    if width is not None and isinstance(value, (ir.IntegerAttr, ir.BoolAttr)):
        return [wrap(int(value.value), width)]
    dtype = float_dtype(t)
    if dtype is not None and isinstance(value, ir.FloatAttr):
        return [dtype.type(value.value)]
    # An integer vector (tmrgsort's executed counts, vector<4xi16>): its
    # elements, wrapped to their width.
    if isinstance(t, ir.VectorType) and isinstance(value, ir.DenseIntElementsAttr):
        width = integer_width(t.element_type)
        return [tuple(wrap(int(v), width) for v in value)]
    raise OpFailure(f"constant {value} is not an integer, index or float scalar, "
                    "or a vector of integers")


def _trunc_div(a, b):
    """Signed division rounding toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _nonzero(b):
    if b == 0:
        raise OpFailure("division by zero")
    return b


# op class -> f(a, b, width) on signed-normalized ints; the result is wrapped.
_INTEGER_BINARY = {
    arith.AddIOp: lambda a, b, w: a + b,
    arith.SubIOp: lambda a, b, w: a - b,
    arith.MulIOp: lambda a, b, w: a * b,
    arith.DivSIOp: lambda a, b, w: _trunc_div(a, _nonzero(b)),
    arith.DivUIOp: lambda a, b, w: unsigned(a, w) // unsigned(_nonzero(b), w),
    arith.RemSIOp: lambda a, b, w: a - _trunc_div(a, _nonzero(b)) * b,
    arith.RemUIOp: lambda a, b, w: unsigned(a, w) % unsigned(_nonzero(b), w),
    arith.FloorDivSIOp: lambda a, b, w: a // _nonzero(b),
    arith.CeilDivSIOp: lambda a, b, w: -((-a) // _nonzero(b)),
    arith.AndIOp: lambda a, b, w: a & b,
    arith.OrIOp: lambda a, b, w: a | b,
    arith.XOrIOp: lambda a, b, w: a ^ b,
    arith.ShLIOp: lambda a, b, w: a << b if 0 <= b < w else 0,
    arith.ShRSIOp: lambda a, b, w: a >> min(b, w - 1) if b >= 0 else 0,
    arith.ShRUIOp: lambda a, b, w: unsigned(a, w) >> b if 0 <= b < w else 0,
    arith.MaxSIOp: lambda a, b, w: max(a, b),
    arith.MinSIOp: lambda a, b, w: min(a, b),
    arith.MaxUIOp: lambda a, b, w: max(unsigned(a, w), unsigned(b, w)),
    arith.MinUIOp: lambda a, b, w: min(unsigned(a, w), unsigned(b, w)),
}


def _register_integer_binary(op_class, fn):
    @register(op_class)
    def binary(call, operands):
        width = _result_width(call)
        a, b = (int(v) for v in operands)
        return [wrap(fn(a, b, width), width)]


for _class, _fn in _INTEGER_BINARY.items():
    _register_integer_binary(_class, _fn)

_P = arith.CmpIPredicate
# predicate -> (comparison, whether it reads its operands unsigned)
_CMPI = {
    _P.eq: (operator.eq, False), _P.ne: (operator.ne, False),
    _P.slt: (operator.lt, False), _P.sle: (operator.le, False),
    _P.sgt: (operator.gt, False), _P.sge: (operator.ge, False),
    _P.ult: (operator.lt, True), _P.ule: (operator.le, True),
    _P.ugt: (operator.gt, True), _P.uge: (operator.ge, True),
}


@register(arith.CmpIOp)
def cmpi(call, operands):
    compare, is_unsigned = _CMPI[_P(call.op.predicate.value)]
    a, b = (int(v) for v in operands)
    if is_unsigned:
        width = integer_width(call.operation.operands[0].type)
        a, b = unsigned(a, width), unsigned(b, width)
    return [compare(a, b)]


@register(arith.SelectOp)
def select(call, operands):
    condition, if_true, if_false = operands
    if not isinstance(condition, bool):
        raise OpFailure("only a scalar i1 condition is supported")
    return [if_true if condition else if_false]


def _register_integer_cast(op_class, sign_extend):
    @register(op_class)
    def cast(call, operands):
        value, = operands
        source_width = integer_width(call.operation.operands[0].type)
        value = int(value) if sign_extend else unsigned(value, source_width)
        return [wrap(value, _result_width(call))]


for _class, _signed in ((arith.IndexCastOp, True), (arith.IndexCastUIOp, False),
                        (arith.ExtSIOp, True), (arith.ExtUIOp, False), (arith.TruncIOp, True)):
    _register_integer_cast(_class, _signed)


def _register_float_binary(op_class, fn):
    @register(op_class)
    def binary(call, operands):
        dtype = float_dtype(call.result_types[0])
        a, b = (dtype.type(v) for v in operands)
        with np.errstate(all="ignore"):
            return [dtype.type(fn(a, b))]


# numpy's ufuncs, each of its own type to mypy.
_FLOAT_BINARIES: tuple[tuple[Any, Any], ...] = (
    (arith.AddFOp, np.add), (arith.SubFOp, np.subtract),
    (arith.MulFOp, np.multiply), (arith.DivFOp, np.divide))
for _class, _fn in _FLOAT_BINARIES:
    _register_float_binary(_class, _fn)


def _register_float_cast(op_class):
    """arith.extf / arith.truncf: the value in the result's type, rounded to
    nearest even (numpy's conversion, as LLVM's fpext / fptrunc and the
    bf16 expansion of the compiled engine)."""
    @register(op_class)
    def cast(call, operands):
        value, = operands
        with np.errstate(all="ignore"):
            return [np.asarray(value).astype(float_dtype(call.result_types[0]))[()]]


for _class in (arith.ExtFOp, arith.TruncFOp):
    _register_float_cast(_class)
