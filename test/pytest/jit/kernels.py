"""Kernel texts and numpy oracles shared by the JIT tests and bench/."""
import ml_dtypes
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
    """docs/semantics.md, TOR: dst = src0 | src1 on the valid region, the rest kept."""
    vr, vc = valid
    out = d.copy()
    out[:vr, :vc] = a[:vr, :vc] | b[:vr, :vc]
    return out


def random_tile(rng, shape, dtype):
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)


def dps_kernel(entry, op, ins, outs, attrs=""):
    """`@entry(%i0, ..., %o0, ...)`: one Level 2 `op` on buffer arguments;
    `ins` and `outs` are tile_buf type texts."""
    names_in = [f"%i{k}" for k in range(len(ins))]
    names_out = [f"%o{k}" for k in range(len(outs))]
    params = ", ".join(f"{n}: {t}" for n, t in zip(names_in + names_out, ins + outs))
    attr_text = f" {{{attrs}}}" if attrs else ""
    return (f"func.func @{entry}({params}) {{\n"
            f"  {op} ins({', '.join(names_in)} : {', '.join(ins)}) "
            f"outs({', '.join(names_out)} : {', '.join(outs)}){attr_text}\n"
            f"  return\n}}\n")


# Element types of tinterleave/tdeinterleave (tinterleave_c1).
INTERLEAVE_TYPES = {"i8": np.int8, "ui8": np.uint8, "i16": np.int16, "ui16": np.uint16,
                    "i32": np.int32, "ui32": np.uint32, "f16": np.float16,
                    "bf16": ml_dtypes.bfloat16, "f32": np.float32}


def interleave_expected(src0, src1, dst0, dst1, valid):
    """docs/semantics.md, TINTERLEAVE: the rows of src0 and src1 interleaved into a
    stream of 2*vc elements; dst0 its first half, dst1 its second."""
    vr, vc = valid
    stream = np.empty((vr, 2 * vc), src0.dtype)
    stream[:, 0::2], stream[:, 1::2] = src0[:vr, :vc], src1[:vr, :vc]
    out0, out1 = dst0.copy(), dst1.copy()
    out0[:vr, :vc], out1[:vr, :vc] = stream[:, :vc], stream[:, vc:]
    return out0, out1


def deinterleave_expected(srcs, dst0, dst1, valid):
    """Inverse: the stream src0 ++ src1 (or the one src) split into its even
    and odd elements over dst's valid region `valid`."""
    vr, vc = valid
    if len(srcs) == 2:
        stream = np.concatenate([s[:vr, :vc] for s in srcs], axis=1)
    else:
        stream = srcs[0][:vr, :2 * vc]
    out0, out1 = dst0.copy(), dst1.copy()
    out0[:vr, :vc], out1[:vr, :vc] = stream[:, 0::2], stream[:, 1::2]
    return out0, out1


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


def _block_order(values, ids):
    """Positions of one block in TSORT32 order: value descending (-0.0 ties
    +0.0, NaN after every number), then idx ascending, then position."""
    def key(i):
        v = float(values[i])
        return (np.isnan(v), 0.0 if np.isnan(v) else -v, int(ids[i]), i)
    return sorted(range(len(values)), key=key)


def tsort32_page_expected(src, dst, idx, valid):
    """docs/semantics.md, TSORT32, page form: sorted values and their columns."""
    vr, vc = valid
    out, out_idx = dst.copy(), idx.copy()
    for r in range(vr):
        for j in range(0, vc, 32):
            block = src[r, j:min(j + 32, vc)]
            order = _block_order(block, np.arange(len(block)))
            out[r, j:j + len(block)] = block[order]
            out_idx[r, j:j + len(block)] = np.array(order, np.uint32) + j
    return out, out_idx


def tsort32_hw_expected(src, idx, dst, rows, vc):
    """Hardware form: 8-byte records [value, (zero,) idx] at column
    (j + k) * slots for record k of the block starting at j."""
    out = dst.copy()
    slots = 8 // src.dtype.itemsize
    raw = out.view(np.uint8)
    for r in range(rows):
        for j in range(0, vc, 32):
            block, ids = src[r, j:min(j + 32, vc)], idx[r, j:min(j + 32, vc)]
            for k, i in enumerate(_block_order(block, ids)):
                record = np.zeros(8, np.uint8)
                record[:src.dtype.itemsize] = block[i:i + 1].view(np.uint8)
                record[4:] = np.array([ids[i]], "<u4").view(np.uint8)
                at = (j + k) * slots * src.dtype.itemsize
                raw[r, at:at + 8] = record
    return out


# Element types of the vec -> vec / vec -> mat window copies of
# tinsert/textract (tinsert_c14) that numpy can hold.
WINDOW_TYPES = {"i8": np.int8, "i32": np.int32, "f16": np.float16,
                "bf16": ml_dtypes.bfloat16, "f32": np.float32,
                "f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2}


def window_kernel(op, src, dst, index_type="index"):
    """`@k(src, index_row, index_col, dst)`: one Level 2 pto.tinsert or
    pto.textract copy."""
    return dps_kernel("k", op, [src, index_type, index_type], [dst])
