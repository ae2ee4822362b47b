"""A model of the row and column reductions, written from pto-isa's CPU
simulator (include/pto/cpu/TRowSum.hpp, TRowMax.hpp, TRowMin.hpp,
TRowProd.hpp; TColSum.hpp, TColMax.hpp, TColMin.hpp, TColProd.hpp) on
Python numbers, independently of both engines: row i of dst is the fold of
row i of src, left to right, one operation of the binary model
(elementwise_model.py) per element:

- TROWSUM: ``sum = 0; sum += src[j]`` in TypeSum (f32 for f16 and bf16,
  tile_offsets.hpp:25; else the element type, integers wrapping), then
  converted to the element type once (f32 to f16 rounds to nearest even);
- TROWPROD: ``prod = 1; prod = T(prod * T(src[j]))`` in the element type;
- TROWMAX/TROWMIN: ``acc = src[0]; acc = std::max(acc, src[j])``
  (std::min): the accumulator wins ties and NaNs, so a NaN propagates only
  from column 0, and a zero keeps the sign of the first of equal zeros.

Column j of a column reduction's dst (``col_model``) folds column j of src,
top to bottom, the same way but always in the element type:

- TCOLSUM: ``TileDst::DType sum = 0; sum += src[i][j]`` (TColSum.hpp:22-25):
  an f16 or bf16 sum rounds to the element type at every row (C++'s
  ``_Float16 += _Float16`` is one correctly rounded f16 addition), where
  TROWSUM sums in f32;
- TCOLPROD: ``prod = 1; prod = T(prod * T(src[i][j]))`` (TColProd.hpp:21-24);
- TCOLMAX/TCOLMIN: ``acc = src[0][j]; if (src[i][j] > acc) acc = src[i][j]``
  (``<`` for min; TColMax.hpp:23-29, TColMin.hpp:27-33): ``std::max(acc,
  x)`` and ``std::min(acc, x)`` exactly, NaN and zeros included.
"""
import numpy as np
from elementwise_model import model as binary_model


def _accumulator(element_op, dtype):
    if element_op == "add" and np.dtype(dtype).name in ("float16", "bfloat16"):
        return np.dtype(np.float32)
    return np.dtype(dtype)


def model(element_op, src, acc_dtype=None):
    """The ``rows x 1`` result of reducing ``src`` by ``element_op``
    (accumulating in ``acc_dtype``: TROWSUM's by default)."""
    acc_dtype = acc_dtype or _accumulator(element_op, src.dtype)
    wide = src.astype(acc_dtype)
    out = np.empty((src.shape[0], 1), src.dtype)
    for i in range(src.shape[0]):
        if element_op in ("add", "mul"):
            acc, first = np.array([0 if element_op == "add" else 1], acc_dtype), 0
        else:
            acc, first = wide[i, :1].copy(), 1
        for j in range(first, src.shape[1]):
            acc = binary_model(element_op, acc, wide[i, j:j + 1])
        with np.errstate(over="ignore"):
            out[i, 0] = acc.astype(src.dtype)[0]
    return out


def col_model(element_op, src):
    """The ``1 x cols`` result of reducing each column of ``src`` by
    ``element_op`` in the element type."""
    return model(element_op, np.ascontiguousarray(src.T), np.dtype(src.dtype)).reshape(1, -1)


def inputs(rng, dtype, shape):
    """Random rows (every bit pattern for integers, normal values for
    floats), and for floats rows that tell the simulator's order apart: a
    NaN first and a NaN later, zeros of both signs in either order, all -0,
    opposite infinities, values whose f32 sum overflows f16, subnormals."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    import ml_dtypes
    finfo = ml_dtypes.finfo(dtype) if dtype == ml_dtypes.bfloat16 else np.finfo(dtype)
    src = (rng.standard_normal(shape) * 4).astype(dtype)
    big, tiny = float(finfo.max), float(finfo.smallest_subnormal)
    rows = [[np.nan, 1.0], [1.0, np.nan, 2.0], [-0.0, 0.0], [0.0, -0.0],
            [-0.0] * shape[1], [np.inf, -np.inf], [big, big, -big], [tiny] * shape[1],
            [-1.0, np.nan, -2.0]]
    for i, values in enumerate(rows):
        src[i, :len(values)] = np.array(values, dtype=np.float64).astype(dtype)
        if len(values) < shape[1] and values[0] == -0.0:
            src[i, len(values):] = dtype(-0.0)
    return src
