"""Element types of tiles and their numpy dtypes (bf16, f8 via ml_dtypes)."""
import ml_dtypes
import numpy as np

__all__ = ["DTYPES", "numpy_dtype"]

# MLIR's spelling of an element type -> the numpy dtype holding one element.
DTYPES = {
    "i8": np.dtype(np.int8), "ui8": np.dtype(np.uint8),
    "i16": np.dtype(np.int16), "ui16": np.dtype(np.uint16),
    "i32": np.dtype(np.int32), "ui32": np.dtype(np.uint32),
    "i64": np.dtype(np.int64), "ui64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16), "bf16": np.dtype(ml_dtypes.bfloat16),
    "f32": np.dtype(np.float32),
    "f8E4M3FN": np.dtype(ml_dtypes.float8_e4m3fn),
    "f8E5M2": np.dtype(ml_dtypes.float8_e5m2),
}


def numpy_dtype(element):
    """The dtype of MLIR element type ``element`` (a type or its text), or
    None when the host has none (e.g. packed 4-bit floats)."""
    return DTYPES.get(str(element))
