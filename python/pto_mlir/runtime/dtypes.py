"""Element types of tiles and their numpy dtypes (bf16, f8 via ml_dtypes).

ml_dtypes is imported the first time one of its dtypes is asked for: it
takes most of a second to import, which a kernel of i16 or f32 tiles
should not pay (issue 38). Listing or testing the names imports nothing.
"""
from collections.abc import Iterator, Mapping

import numpy as np

__all__ = ["DTYPES", "dtype_name", "numpy_dtype"]

# MLIR's spelling of an element type -> the numpy dtype holding one element.
_NUMPY: dict[str, np.dtype] = {
    "i8": np.dtype(np.int8), "ui8": np.dtype(np.uint8),
    "i16": np.dtype(np.int16), "ui16": np.dtype(np.uint16),
    "i32": np.dtype(np.int32), "ui32": np.dtype(np.uint32),
    "i64": np.dtype(np.int64), "ui64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16),
    "f32": np.dtype(np.float32),
}
# ... and those of ml_dtypes: MLIR's spelling -> the ml_dtypes attribute.
_ML_DTYPES = {"bf16": "bfloat16", "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2"}
_ORDER = ["i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32",
          "f8E4M3FN", "f8E5M2"]


class _Dtypes(Mapping[str, np.dtype]):
    """The table, with ml_dtypes' entries made on first use."""

    def __init__(self) -> None:
        self._known: dict[str, np.dtype] = dict(_NUMPY)

    def __getitem__(self, name: str) -> np.dtype:
        found = self._known.get(name)
        if found is None:
            if name not in _ML_DTYPES:
                raise KeyError(name)
            import ml_dtypes
            found = self._known[name] = np.dtype(getattr(ml_dtypes, _ML_DTYPES[name]))
        return found

    def __contains__(self, name: object) -> bool:
        return name in _NUMPY or name in _ML_DTYPES

    def __iter__(self) -> Iterator[str]:
        return iter(_ORDER)

    def __len__(self) -> int:
        return len(_ORDER)


DTYPES = _Dtypes()


def numpy_dtype(element):
    """The dtype of MLIR element type ``element`` (a type or its text), or
    None when the host has none (e.g. packed 4-bit floats)."""
    return DTYPES.get(str(element))


def dtype_name(element):
    """numpy's name of the dtype of MLIR element type ``element`` (a name
    of DTYPES), found without importing ml_dtypes (its dtypes are named
    after their attributes: "bfloat16", ...)."""
    return _ML_DTYPES.get(element) or _NUMPY[element].name
