"""runtime.tsort32_records: the values and ui32 indices of TSORT32's record
form as views of the destination, on what both engines write, and its
refusals of arrays that hold no records."""
import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.testing import dps_kernel, tile_buf

# Distinct values (no ties), in no order, and indices whose f32 bit
# patterns are NaNs and huge numbers: only a ui32 view reads them back.
VALUES = np.array([(k * 37) % 64 - 20.5 for k in range(32)], np.float32).reshape(1, 32)
INDICES = (np.uint32(0xFFC00000) + np.arange(32, dtype=np.uint32) * 3).reshape(1, 32)


@pytest.mark.parametrize("element,dtype", [("f32", np.float32), ("f16", np.float16)])
@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_records_of_both_engines(element, dtype, engine):
    slots = 8 // np.dtype(dtype).itemsize
    kernel = dps_kernel("k", "pto.tsort32", [tile_buf(1, 32, element), tile_buf(1, 32, "ui32")],
                        [tile_buf(1, 32 * slots, element)])
    dst = np.zeros((1, 32 * slots), dtype)
    runtime.run(kernel, "k", VALUES.astype(dtype), INDICES.copy(), dst, engine=engine)
    order = np.argsort(-VALUES[0], kind="stable")
    records = runtime.tsort32_records(dst)
    assert records.values.dtype == dtype and records.indices.dtype == np.uint32
    assert records.values.tolist() == [VALUES[0][order].astype(dtype).tolist()]
    assert records.indices.tolist() == [INDICES[0][order].tolist()]
    assert np.shares_memory(records.values, dst) and np.shares_memory(records.indices, dst)


def test_the_views_write_the_destination():
    dst = np.zeros((2, 8), np.float16)  # 2 rows of 2 records
    records = runtime.tsort32_records(dst)
    records.indices[1, 1] = 0x01020304
    records.values[0, 1] = 1.5
    assert dst.view(np.uint16).tolist() == [
        [0, 0, 0, 0, 0x3E00, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0x0304, 0x0102]]


@pytest.mark.parametrize("value,error,message", [
    ([1.0, 2.0], TypeError, "tsort32_records: expected a numpy array, got list"),
    (np.zeros((1, 4), np.int32), TypeError,
     "tsort32_records: dtype is int32, expected float32 or float16 (the types TSORT32 sorts)"),
    (np.zeros((1, 3), np.float32), ValueError,
     "tsort32_records: shape is (1, 3), expected (rows, 2 * records): 2 float32 columns "
     "per record"),
    (np.zeros((1, 6), np.float16), ValueError,
     "tsort32_records: shape is (1, 6), expected (rows, 4 * records): 4 float16 columns "
     "per record"),
    (np.zeros(8, np.float32), ValueError,
     "tsort32_records: shape is (8,), expected (rows, 2 * records): 2 float32 columns "
     "per record"),
    (np.zeros((4, 2), np.float32, order="F"), ValueError,
     "tsort32_records: the rows of the array must be contiguous"),
])
def test_arrays_without_records_are_refused(value, error, message):
    with pytest.raises(error) as raised:
        runtime.tsort32_records(value)
    assert str(raised.value) == message
