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

The unary functions call the C library as the simulator does (libm's
``exp``, ``expf`` and ``log`` through ctypes, not numpy's own
implementations, whose last bits differ), in the simulator's precision:
f32 ``TEXP`` is ``float(exp(double(x)))``, f16 ``TEXP``
``half(expf(float(x)))``, ``TLOG``/``TSQRT``/``TRSQRT`` of either type
``T(f(double(x)))`` with one rounding from double (numpy's float64 to
float16 conversion rounds once, as GCC's ``__truncdfhf2``).
"""
import ctypes

import numpy as np


def _max(src0, src1):
    # std::max(src0, src1) = (src0 < src1) ? src1 : src0
    return np.where(src0 < src1, src1, src0)


def _min(src0, src1):
    # std::min(src0, src1) = (src1 < src0) ? src1 : src0
    return np.where(src1 < src0, src1, src0)


def _libm(name, ctype):
    """libm's ``name`` on one ``ctype``, as a numpy function of an array:
    the process's symbol, the one the JIT's code calls too (found as the
    JIT finds it; ctypes.util's lookup would also import subprocess, shutil
    and tempfile, which a run from the disk cache must not,
    test_first_call_imports.py)."""
    function = getattr(ctypes.CDLL(None), name)
    function.restype, function.argtypes = ctype, [ctype]
    return np.frompyfunc(function, 1, 1)


_EXP, _EXPF, _LOG = (_libm("exp", ctypes.c_double), _libm("expf", ctypes.c_float),
                     _libm("log", ctypes.c_double))


def _in_double(function):
    """``T(function(double(x)))``: ``function`` of float64 arrays."""
    def compute(src):
        return np.asarray(function(src.astype(np.float64)), np.float64).astype(src.dtype)
    return compute


def _exp(src):
    # ElementOpCal<OP_EXP>: expf in float for aclFloat16 (f16), exp in double
    # otherwise.
    if src.dtype == np.float16:
        return np.asarray(_EXPF(src.astype(np.float32)), np.float32).astype(np.float16)
    return _in_double(_EXP)(src)


def _quieted(src):
    """``src`` with the quiet bit (the top bit of the fraction) of each NaN
    set, as x86's conversions of a float leave a signalling NaN."""
    fraction_bits = {np.float16: 10, np.float32: 23}.get(src.dtype.type, 7)  # else bf16
    unsigned = np.dtype(f"u{src.dtype.itemsize}")
    bits = src.view(unsigned)
    quiet = bits | unsigned.type(1 << (fraction_bits - 1))
    return np.where(np.isnan(src), quiet, bits).view(src.dtype)


def _abs(src):
    # TAbs.hpp: src < 0 ? -src : src (NaN and -0 kept; integers wrap).
    return np.where(src < 0, np.negative(src), src)


def _neg(src):
    # -src: C++ negates f16 (and bf16) in float, which quiets a NaN.
    if np.issubdtype(src.dtype, np.integer) or src.dtype == np.float32:
        return np.negative(src)
    return np.negative(_quieted(src))


def _relu(src):
    # std::max(src, 0) = (src < 0) ? 0 : src: NaN and -0 kept.
    return np.where(src < 0, np.zeros_like(src), src)


def _expdif(src0, src1):
    # OP_EXPDIF: T(std::exp(double(src0 - src1))), the difference rounded to
    # T, exp in double rounded once back (g++ 12 takes the generic case; the
    # f16 specialization, ElementOp.h:299, is g++ >= 14's).
    return _in_double(_EXP)(np.subtract(src0, src1))


def _recip(src):
    # 1 / src in the element type (f16 in f32, rounded once back).
    wide = src.astype(np.float32)
    return (np.float32(1) / wide).astype(src.dtype)


def _rem(src0, src1):
    # OP_REM, OP_REMS (ElementOp.h:199, :444): T(fmod(double(src0),
    # double(src1))), exact, then dst += src1 (in T: a second rounding) where
    # (src0 >= 0) != (src1 >= 0) and dst != 0 (NaN compares false, and is
    # not 0).
    rem = np.fmod(np.asarray(src0, np.float64), np.asarray(src1, np.float64)).astype(src0.dtype)
    adjust = ((src0 >= 0) != (src1 >= 0)) & (rem != 0)
    return np.where(adjust, rem + src1, rem)


def _fmod(src0, src1):
    # OP_FMOD, OP_FMODS (ElementOp.h:307, :522): C++'s src0 % src1 of
    # integers (truncated, of the dividend's sign; a 2-byte one promoted to
    # int, so -32768 % -1 is 0: computed in int64 here), T(fmod(double(src0),
    # double(src1))) of floats (exact).
    if np.issubdtype(src0.dtype, np.integer):
        return np.fmod(np.asarray(src0, np.int64), np.asarray(src1, np.int64)).astype(src0.dtype)
    return np.fmod(np.asarray(src0, np.float64), np.asarray(src1, np.float64)).astype(src0.dtype)


def _subrelu(src0, src1):
    # OP_SUBRELU (ElementOp.h:120): ReLU(src0 - src1), cpu/common.hpp:100's
    # (d > 0) ? d : 0 of the difference in T: NaN and -0 give +0.
    difference = np.subtract(src0, src1)
    return np.where(difference > 0, difference, np.zeros_like(difference))


def _lrelu(src, slope):
    # OP_LRELU (ElementOp.h:514): (src > 0) ? src : src * slope, the product
    # in T; OP_PRELU (:284) the same of a tile of slopes.
    return np.where(src > 0, src, np.multiply(src, slope))


# What a (family, element op) asks of its last operand, checked on every
# element before any is computed, on both engines (the JIT's:
# getLastOperandCheck, passes/lib/lowering/ElementOpLowering.cpp):
# - "nonzero": a divisor, which the simulator asserts is not zero (ElementOp.h
#   OP_RECIP; TDIVS's OP_DIVS and OP_RDIVS, TBinSOps.hpp; the expands' OP_DIV;
#   not TDIV's):
#   division_by_zero (scalar_division_by_zero for a scalar);
# - "shift_count": in [0, the element's bits) (RunTimeFailure.cpp says why):
#   shift_count_out_of_range (scalar_shift_count_out_of_range).
LAST_OPERAND_CHECKS = {
    ("unary_elementwise", "recip"): "nonzero", ("tile_scalar", "div"): "nonzero",
    # The expands' OP_DIV asserts (ElementOp.h:143), as TDIV's does not.
    ("row_expand", "div"): "nonzero", ("col_expand", "div"): "nonzero",
    # OP_REM asserts its divisor (ElementOp.h:202), TREMS's tmp form its
    # scalar (TBinSOps.hpp:214).
    ("binary_elementwise", "rem"): "nonzero", ("tile_scalar", "rem"): "nonzero",
    # OP_FMOD asserts its divisor (ElementOp.h:309), TFMODS_IMPL its scalar
    # (TBinSOps.hpp:260).
    ("binary_elementwise", "fmod"): "nonzero", ("tile_scalar", "fmod"): "nonzero",
    **{(family, op): "shift_count" for family in ("binary_elementwise", "tile_scalar")
       for op in ("shl", "shr")},
}

# ElementOp (its ODS spelling, pto_mlir.families) -> numpy computation.
ELEMENT_OPS = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.divide,  # IEEE: x / 0 is +-inf or NaN (cpu/TDiv.hpp does not assert)
    "max": _max,
    "min": _min,
    "and": np.bitwise_and,
    "or": np.bitwise_or,
    "xor": np.bitwise_xor,
    "fmod": _fmod,
    "subrelu": _subrelu,
    "lrelu": _lrelu,
    "prelu": _lrelu,
    "abs": _abs,
    "neg": _neg,
    "not": np.invert,
    "relu": _relu,
    "exp": _exp,
    "log": _in_double(_LOG),
    "sqrt": _in_double(np.sqrt),
    "rsqrt": _in_double(lambda x: 1.0 / np.sqrt(x)),
    "recip": _recip,
    "expands": lambda scalar: scalar,  # OP_EXPANDS: dst = scalar (TExpands.hpp)
    # src0 << src1 and src0 >> src1 (arithmetic for signed elements), the
    # count in [0, the element's bits) (checked first: LAST_OPERAND_CHECKS).
    "shl": np.left_shift,
    "shr": np.right_shift,
    "expdif": _expdif,
    "rem": _rem,
    # OP_ADDC, OP_SUBC (ElementOp.h:392, :397): left to right, each
    # operation rounded in the element type.
    "addc": lambda src0, src1, src2: np.add(np.add(src0, src1), src2),
    "subc": lambda src0, src1, src2: np.add(np.subtract(src0, src1), src2),
}
