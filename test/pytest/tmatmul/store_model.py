"""A model of pto-isa's CPU TSTORE from an acc tile (include/pto/cpu/TStore.hpp:
TStore at :41-79, TSTORE_IMPL's plain overload at :134-140), written from its
source: for each cell (row, col) of src's valid region, in row order, the
destination offset of an ND global tensor (MapTileIndicesToGlobalOffset,
include/pto/cpu/tile_offsets.hpp:169-185: row r walks dimensions 3, 2, 1, 0,
column c is dimension 4) takes ``static_cast<DT>(value)``
(ConvertStoreValue without quantization, include/pto/cpu/common.hpp:174-186):
IEEE round to nearest even for f16 and bf16, overflow to infinity, an f32
value unchanged. Element by element, independent of the engines."""
import numpy as np


def store(array, offset, shape, strides, values):
    """Writes ``values`` (valid rows x valid cols) into the flat ``array``
    through the window at ``offset`` with 5-D ``shape`` and ``strides``."""
    shape3, shape2, shape1 = shape[3], shape[2], shape[1]
    dtype = array.dtype
    rows, cols = values.shape
    for r in range(rows):
        i3 = r % shape3
        i2 = (r // shape3) % shape2
        i1 = (r // (shape3 * shape2)) % shape1
        i0 = r // (shape1 * shape2 * shape3)
        for c in range(cols):
            at = offset + i0 * strides[0] + i1 * strides[1] + i2 * strides[2] \
                + i3 * strides[3] + c * strides[4]
            with np.errstate(over="ignore"):
                array[at] = np.asarray(values[r, c]).astype(dtype)
