"""A model of the row and column expands, written from pto-isa's CPU
simulator (include/pto/cpu/TRowExpandOp.hpp, TColExpandOp.hpp) on Python
numbers, independently of the engines: the binary model
(elementwise_model.py) of the operands as the simulator reads them,

- a row expand: each operand at ``[i, j % its valid columns]``
  (TRowExpandOp.hpp:53: the full operand at ``[i, j]``, one value per row at
  ``[i, 0]``, a 32-byte block per row at ``[i, j % block]``);
- a column expand: src0 at ``[i, j]``, src1 at ``[0, j]`` (TColExpandOp.hpp:50);

and OP_EXPDIF (ElementOp.h:292, the generic case g++ 12 compiles):
``T(std::exp(double(src0 - src1)))``, the difference rounded to T (the
binary model's sub), C's exp of it in double (Python's math.exp is the C
library's), rounded once to T.
"""
import math

import numpy as np
from elementwise_model import model as binary_model


def _expdif(a, b):
    difference = binary_model("sub", a, b)
    out = np.empty_like(a)
    for index in np.ndindex(a.shape):
        x = float(difference[index])
        try:
            value = math.exp(x)
        except OverflowError:
            value = math.inf
        with np.errstate(over="ignore"):
            out[index] = np.float64(value).astype(a.dtype)
    return out


def _op(element_op, a, b):
    return _expdif(a, b) if element_op == "expdif" else binary_model(element_op, a, b)


def row_expand(element_op, src0, src1, cols):
    """``element_op`` of the valid regions ``src0`` and ``src1`` into ``cols``
    columns, each read at ``[i, j % its columns]``."""
    j = np.arange(cols)
    return _op(element_op, src0[:, j % src0.shape[1]], src1[:, j % src1.shape[1]])


def col_expand(element_op, src0, src1):
    """``element_op`` of ``src0`` and ``src1``'s row 0 for every row."""
    return _op(element_op, src0, np.broadcast_to(src1[:1], src0.shape).copy())
