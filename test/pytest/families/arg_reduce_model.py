"""A model of the arg reductions, written from pto-isa's CPU simulator
(include/pto/cpu/TReduceIdx.hpp: TRowReduceIdxImpl :151-172,
TColReduceIdxImpl :102-123, ElementCmpCal :23-40) on Python numbers,
independently of both engines: row i of a row form's dst is the index of
the best element of row i of src, scanned left to right from column 0,
which element j replaces only when ``src[j] > best`` (TROWARGMAX, CMP_BT)
or ``src[j] < best`` (TROWARGMIN, CMP_LT), so ties keep the first index, a
NaN in column 0 is never replaced and a later NaN never taken, and -0 and
+0 are equal. A column form's dst (``col_arg_model``) scans each column top
to bottom the same way.
"""
import numpy as np
from row_reduce_model import inputs as reduce_inputs


def arg_model(element_op, src):
    """The ``rows x 1`` indices (int64) of ``src``'s rows by ``element_op``
    ("max" or "min")."""
    out = np.empty((src.shape[0], 1), np.int64)
    for i in range(src.shape[0]):
        values = [float(x) if src.dtype.kind == "f" or src.dtype.name == "bfloat16"
                  else int(x) for x in src[i]]
        best, index = values[0], 0
        for j, x in enumerate(values[1:], start=1):
            if (x > best) if element_op == "max" else (x < best):
                best, index = x, j
        out[i, 0] = index
    return out


def col_arg_model(element_op, src):
    """The ``1 x cols`` indices of ``src``'s columns."""
    return arg_model(element_op, np.ascontiguousarray(src.T)).reshape(1, -1)


def inputs(rng, dtype, shape):
    """The reductions' lines (row_reduce_model.inputs: NaN first and later,
    zeros of both signs in either order, infinities, subnormals) and, for
    every type, a line of one repeated value and a line whose maximum and
    minimum each appear twice (ties: the first index wins)."""
    src = reduce_inputs(rng, dtype, shape)
    row = 9 if src.dtype.kind == "f" or src.dtype.name == "bfloat16" else 0
    src[row, :] = src[row, 0]
    line = src[row + 1]
    low, high = line.min(), line.max()
    line[[1, shape[1] - 2]] = high
    line[[2, shape[1] - 1]] = low
    return src
