"""pto_mlir.language: PTO kernels written as Python functions.

    import pto_mlir.language as pl

    @pl.kernel
    def sort_pairs(a: pl.Tile[16, 64, pl.f32], b: pl.Tile[16, 64, pl.f32]):
        lo, hi = pl.tinterleave(a, b)
        vals, idx = pl.tsort32(hi)
        return lo, vals, idx

    lo, vals, idx = sort_pairs(a, b)      # numpy in, numpy out (the JIT)
    sort_pairs(a, b, engine="interp")     # the reference interpreter
    print(sort_pairs.mlir)                # the Level 1 module

A kernel taking ``pl.Tensor[...]`` (or ``pl.Ptr``) parameters works on
global memory: the caller's arrays, which ``pl.tstore`` writes in place.

The files, one job each: types.py (element types, pl.Tile), params.py
(annotations -> parameters), source.py (the def's AST and names),
frontend.py (AST -> func.func), control.py (scf.for / scf.if), ops.py
(the tile ops), unit.py (a module of kernels and their calls), kernel.py
(@pl.kernel, the cache, the stages), cores.py (the core queries), calls.py (numpy in and out on each
engine), errors.py (CompileError). Reference and tutorial: docs/language.md.

In the ops' signatures, tiles are the kernel's values (``ir.Value``); a
``ResultType`` is a ``pl.Tile`` value or class or an MLIR type, an
``IndexOperand`` a Python int or an index/integer kernel value, a ``Mode``
an enum member or its name (ops.py).
"""
from ..dialects.pto import AccToVecMode, SplitMode  # modes: members or their names
from ..runtime import ArgumentError, KernelError, Tile as Valid  # Valid(array, valid=(r, c))
from .control import static_range
from .cores import block_idx, block_num, subblock_idx, subblock_num
from .errors import CompileError
from .kernel import DEFAULT_CACHE_SIZE, ENGINES, TARGETS, Kernel, Specialization, kernel
from .ops import (
    ELEMENT_FUNCTIONS,
    FAMILY_FUNCTIONS,
    make_tensor_view,
    matmul,
    partition_view,
    tcvt,
    tdeinterleave,
    textract,
    tinsert,
    tinterleave,
    tload,
    tmrgsort,
    treshape,
    tsort32,
    tstore,
)
from .types import ELEMENT_TYPES, LAYOUTS, DType, Ptr, Tensor, Tile, dtype_of, index

globals().update(ELEMENT_TYPES)  # pl.i8, pl.u8, ..., pl.f32: the element types
globals().update(FAMILY_FUNCTIONS)  # pl.tadd, ..., pl.tor: the family ops
globals().update(ELEMENT_FUNCTIONS)  # pl.exp, pl.sqrt, ...: the unary ones

__all__ = ["kernel", "Kernel", "Specialization", "Tile", "Tensor", "Ptr", "DType", "dtype_of",
           "index", "static_range", "Valid", "AccToVecMode", "SplitMode", "CompileError",
           "ArgumentError", "KernelError", "ENGINES", "TARGETS", "LAYOUTS",
           "DEFAULT_CACHE_SIZE", "tinterleave", "tdeinterleave", "tinsert", "textract",
           "treshape", "tsort32", "make_tensor_view", "partition_view", "tload", "tstore",
           "block_idx", "block_num", "subblock_idx", "subblock_num", "tcvt", "matmul",
           "tmrgsort",
           *ELEMENT_TYPES, *FAMILY_FUNCTIONS, *ELEMENT_FUNCTIONS]
