"""The scalar computation of each element op (ElementwiseOps.td's
ElementOp), on numpy arrays: the interpreter's table, written from pto-isa's
CPU simulator (include/pto/cpu/ElementOp.h) independently of the host
lowering's (passes/lib/lowering/ElementOpLowering.cpp), so that the engines
check each other.

Each entry takes the operands' valid regions (arrays of the tiles' element
dtype) and returns the result's, as the simulator computes it: integers
wrap (C++ arithmetic truncated to the element type); f16 and bf16 are
computed in f32 and rounded to nearest even after each operation (numpy's
float16 and ml_dtypes' bfloat16 loops do so); max and min are C++'s
``std::max``/``std::min``, which return the first operand unless the second
compares greater (less): src0 where either is NaN and for zeros of either
sign, unlike numpy's maximum.
"""
import numpy as np


def _max(src0, src1):
    # std::max(src0, src1) = (src0 < src1) ? src1 : src0
    return np.where(src0 < src1, src1, src0)


def _min(src0, src1):
    # std::min(src0, src1) = (src1 < src0) ? src1 : src0
    return np.where(src1 < src0, src1, src0)


# ElementOp (its ODS spelling, pto_mlir.families) -> numpy computation.
ELEMENT_OPS = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "max": _max,
    "min": _min,
    "and": np.bitwise_and,
    "or": np.bitwise_or,
}
