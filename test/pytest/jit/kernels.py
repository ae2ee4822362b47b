"""Kernel texts and numpy oracles shared by the JIT tests and bench/."""
import numpy as np

# Element types pto.tor accepts on some target, with their numpy dtypes.
TOR_TYPES = {"i8": np.int8, "ui8": np.uint8, "i16": np.int16, "ui16": np.uint16,
             "i32": np.int32, "ui32": np.uint32}


def tile_buf(rows, cols, element, valid=None):
    valid_text = "" if valid is None else ", valid=" + "x".join(
        "?" if v is None else str(v) for v in valid)
    return f"!pto.tile_buf<vec, {rows}x{cols}x{element}{valid_text}>"


def tor_kernel(rows, cols, element, valid=None):
    """`@tor(src0, src1, dst)`: one pto.tor, all three of one type."""
    t = tile_buf(rows, cols, element, valid)
    return (f"func.func @tor(%a: {t}, %b: {t}, %d: {t}) {{\n"
            f"  pto.tor ins(%a, %b : {t}, {t}) outs(%d : {t})\n"
            f"  return\n}}\n")


def tor_expected(a, b, d, valid):
    """SEMANTICS.md TOR: dst = src0 | src1 on the valid region, the rest kept."""
    vr, vc = valid
    out = d.copy()
    out[:vr, :vc] = a[:vr, :vc] | b[:vr, :vc]
    return out


def random_tile(rng, shape, dtype):
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
