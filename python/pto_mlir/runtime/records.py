"""``tsort32_records(dst)``: the values and ui32 indices of the records the
hardware form of TSORT32 writes (docs/semantics.md, TSORT32), as views of
``dst`` (an f32 or f16 array, ``RECORD_BYTES / itemsize`` columns per
record), so that indices need not be read back from float bit patterns.
"""
import collections

import numpy as np

from ..dialects import pto

__all__ = ["Records", "tsort32_records"]

Records = collections.namedtuple("Records", "values indices")
Records.__doc__ = """The records of a TSORT32 destination: ``values`` (the dtype
of dst) and ``indices`` (uint32), each ``(rows, records)``, views of dst."""

_VALUE_TYPES = (np.dtype(np.float32), np.dtype(np.float16))


def tsort32_records(dst):
    """``Records(values, indices)`` of ``dst``, a 2-D f32 or f16 numpy
    array whose rows are contiguous (as the engines return it): record
    ``k`` of a row is its columns ``k * slots ... k * slots + slots - 1``
    (``slots = 8 / itemsize``), the value first and the ui32 index at byte
    4. Writing to either view writes dst."""
    if not isinstance(dst, np.ndarray):
        raise TypeError(f"tsort32_records: expected a numpy array, got {type(dst).__name__}")
    if dst.dtype not in _VALUE_TYPES:
        raise TypeError(f"tsort32_records: dtype is {dst.dtype}, expected float32 or float16 "
                        f"(the types TSORT32 sorts)")
    slots = pto.TSORT32_RECORD_BYTES // dst.itemsize
    if dst.ndim != 2 or dst.shape[1] % slots:
        raise ValueError(f"tsort32_records: shape is {dst.shape}, expected (rows, "
                         f"{slots} * records): {slots} {dst.dtype} columns per record")
    if dst.strides[1] != dst.itemsize:
        raise ValueError("tsort32_records: the rows of the array must be contiguous")
    words = dst.view(np.uint32)
    per_record = pto.TSORT32_RECORD_BYTES // 4
    return Records(dst[:, ::slots],
                   words[:, pto.TSORT32_RECORD_INDEX_OFFSET // 4::per_record])
