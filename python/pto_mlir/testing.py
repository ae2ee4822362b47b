"""Kernel texts and random tile data for tests and benchmarks.

Builders of small pto kernels as MLIR text (``tile_buf``, ``tor_kernel``,
``dps_kernel``, ``window_kernel``), random contents for their tiles
(``random_tile``, ``random_data``) and the element types a rule allows that
numpy can hold (``host_types``), so the test suite and bench/ share one copy.
"""
import numpy as np

from . import rules
from .runtime.dtypes import numpy_dtype

__all__ = ["dps_kernel", "host_types", "random_data", "random_tile", "tile_buf",
           "tor_kernel", "window_kernel"]


def tile_buf(rows, cols, element, valid=None):
    """`!pto.tile_buf<vec, RxCxT[, valid=...]>`; ``None`` in ``valid`` is `?`."""
    valid_text = "" if valid is None else ", valid=" + "x".join(
        "?" if v is None else str(v) for v in valid)
    return f"!pto.tile_buf<vec, {rows}x{cols}x{element}{valid_text}>"


def tor_kernel(rows, cols, element, valid=None):
    """`@tor(src0, src1, dst)`: one pto.tor, all three of one type."""
    t = tile_buf(rows, cols, element, valid)
    return (f"func.func @tor(%a: {t}, %b: {t}, %d: {t}) {{\n"
            f"  pto.tor ins(%a, %b : {t}, {t}) outs(%d : {t})\n"
            f"  return\n}}\n")


def dps_kernel(entry, op, ins, outs, attrs=""):
    """`@entry(%i0, ..., %o0, ...)`: one Level 2 `op` on buffer arguments;
    `ins` and `outs` are type texts."""
    names_in = [f"%i{k}" for k in range(len(ins))]
    names_out = [f"%o{k}" for k in range(len(outs))]
    params = ", ".join(f"{n}: {t}" for n, t in zip(names_in + names_out, ins + outs))
    attr_text = f" {{{attrs}}}" if attrs else ""
    return (f"func.func @{entry}({params}) {{\n"
            f"  {op} ins({', '.join(names_in)} : {', '.join(ins)}) "
            f"outs({', '.join(names_out)} : {', '.join(outs)}){attr_text}\n"
            f"  return\n}}\n")


def window_kernel(op, src, dst, index_type="index"):
    """`@k(src, index_row, index_col, dst)`: one Level 2 pto.tinsert or
    pto.textract copy."""
    return dps_kernel("k", op, [src, index_type, index_type], [dst])


def host_types(rule, *keys, target=None):
    """``{element type: numpy dtype}`` of the types ``rule`` allows (see
    pto_mlir.rules.allowed) that the host can hold, in the table's order."""
    return {t: numpy_dtype(t) for t in rules.allowed(rule, *keys, target=target)
            if numpy_dtype(t) is not None}


def random_tile(rng, shape, dtype):
    """Integers of ``dtype`` drawn uniformly over its whole range."""
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)


def random_data(rng, shape, dtype):
    """Random bits of `dtype`: every integer value, and floats with NaN,
    infinities and -0.0 among them."""
    dtype = np.dtype(dtype)
    if np.issubdtype(dtype, np.integer):
        return random_tile(rng, shape, dtype)
    bits = rng.integers(0, 256, size=(*shape, dtype.itemsize), dtype=np.uint8)
    data = bits.view(dtype).reshape(shape).copy()
    specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.0]).astype(dtype)
    mask = rng.random(shape) < 0.2
    data[mask] = rng.choice(specials, size=int(mask.sum()))
    return data
