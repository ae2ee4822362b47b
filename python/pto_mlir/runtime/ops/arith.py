"""arith: constants, integer and index arithmetic, comparisons, select, casts.

Integers follow scalars.py (signed range of their width, wrapping like the
hardware's two's complement); the signedness of an op is in its name
(``divsi``/``divui``), as in MLIR.
"""
import numpy as np

from ... import ir
from ..errors import OpFailure
from ..registry import register
from ..scalars import float_dtype, integer_width, unsigned, wrap


def _result_width(call):
    return integer_width(call.result_types[0])


@register("arith.constant")
def constant(call, operands):
    value = call.attributes["value"]
    t = call.result_types[0]
    width = integer_width(t)
    # An i1 constant (`true`, `false`) is a BoolAttr, not an IntegerAttr.
    if width is not None and isinstance(value, (ir.IntegerAttr, ir.BoolAttr)):
        return [wrap(int(value.value), width)]
    dtype = float_dtype(t)
    if dtype is not None and isinstance(value, ir.FloatAttr):
        return [dtype.type(value.value)]
    raise OpFailure(f"constant {value} is not an integer, index or float scalar")


def _trunc_div(a, b):
    """Signed division rounding toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _nonzero(b):
    if b == 0:
        raise OpFailure("division by zero")
    return b


# name -> f(a, b, width) on signed-normalized ints; the result is wrapped.
_INTEGER_BINARY = {
    "addi": lambda a, b, w: a + b,
    "subi": lambda a, b, w: a - b,
    "muli": lambda a, b, w: a * b,
    "divsi": lambda a, b, w: _trunc_div(a, _nonzero(b)),
    "divui": lambda a, b, w: unsigned(a, w) // unsigned(_nonzero(b), w),
    "remsi": lambda a, b, w: a - _trunc_div(a, _nonzero(b)) * b,
    "remui": lambda a, b, w: unsigned(a, w) % unsigned(_nonzero(b), w),
    "floordivsi": lambda a, b, w: a // _nonzero(b),
    "ceildivsi": lambda a, b, w: -((-a) // _nonzero(b)),
    "andi": lambda a, b, w: a & b,
    "ori": lambda a, b, w: a | b,
    "xori": lambda a, b, w: a ^ b,
    "shli": lambda a, b, w: a << b if 0 <= b < w else 0,
    "shrsi": lambda a, b, w: a >> min(b, w - 1) if b >= 0 else 0,
    "shrui": lambda a, b, w: unsigned(a, w) >> b if 0 <= b < w else 0,
    "maxsi": lambda a, b, w: max(a, b),
    "minsi": lambda a, b, w: min(a, b),
    "maxui": lambda a, b, w: max(unsigned(a, w), unsigned(b, w)),
    "minui": lambda a, b, w: min(unsigned(a, w), unsigned(b, w)),
}


def _register_integer_binary(name, fn):
    @register(f"arith.{name}")
    def binary(call, operands):
        width = _result_width(call)
        a, b = (int(v) for v in operands)
        return [wrap(fn(a, b, width), width)]


for _name, _fn in _INTEGER_BINARY.items():
    _register_integer_binary(_name, _fn)

# arith.cmpi predicate numbers (mlir/Dialect/Arith/IR/ArithBase.td).
_CMPI = {
    0: lambda a, b: a == b, 1: lambda a, b: a != b,
    2: lambda a, b: a < b, 3: lambda a, b: a <= b, 4: lambda a, b: a > b, 5: lambda a, b: a >= b,
}
_CMPI_UNSIGNED = {6: 2, 7: 3, 8: 4, 9: 5}


@register("arith.cmpi")
def cmpi(call, operands):
    predicate = call.attributes["predicate"].value
    a, b = (int(v) for v in operands)
    if predicate in _CMPI_UNSIGNED:
        width = integer_width(call.operation.operands[0].type)
        a, b = unsigned(a, width), unsigned(b, width)
        predicate = _CMPI_UNSIGNED[predicate]
    return [_CMPI[predicate](a, b)]


@register("arith.select")
def select(call, operands):
    condition, if_true, if_false = operands
    if not isinstance(condition, bool):
        raise OpFailure("only a scalar i1 condition is supported")
    return [if_true if condition else if_false]


def _register_integer_cast(name, sign_extend):
    @register(f"arith.{name}")
    def cast(call, operands):
        value, = operands
        source_width = integer_width(call.operation.operands[0].type)
        value = int(value) if sign_extend else unsigned(value, source_width)
        return [wrap(value, _result_width(call))]


for _name, _signed in (("index_cast", True), ("index_castui", False), ("extsi", True),
                       ("extui", False), ("trunci", True)):
    _register_integer_cast(_name, _signed)


def _register_float_binary(name, fn):
    @register(f"arith.{name}")
    def binary(call, operands):
        dtype = float_dtype(call.result_types[0])
        a, b = (dtype.type(v) for v in operands)
        with np.errstate(all="ignore"):
            return [dtype.type(fn(a, b))]


for _name, _fn in (("addf", np.add), ("subf", np.subtract), ("mulf", np.multiply),
                   ("divf", np.divide)):
    _register_float_binary(_name, _fn)
