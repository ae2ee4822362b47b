"""numpy oracles of the ops: the expected contents of every tile an op
writes, written from the op's semantics (docs/ops) independently of the
interpreter and the JIT."""
import numpy as np


def tor_expected(a, b, d, valid):
    """docs/ops/binary_elementwise.md: dst = src0 | src1 on the valid region, the rest kept."""
    vr, vc = valid
    out = d.copy()
    out[:vr, :vc] = a[:vr, :vc] | b[:vr, :vc]
    return out


def interleave_expected(src0, src1, dst0, dst1, valid):
    """docs/ops/tinterleave.md: the rows of src0 and src1 interleaved into a
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


def _block_order(values, ids):
    """Positions of one block in TSORT32 order: value descending (-0.0 ties
    +0.0, NaN after every number), then idx ascending, then position."""
    def key(i):
        v = float(values[i])
        return (np.isnan(v), 0.0 if np.isnan(v) else -v, int(ids[i]), i)
    return sorted(range(len(values)), key=key)


def sort_edge_values(element):
    """Values at the edges of the TSORT32 order, an array of `element`
    ("f32" or "f16"): NaNs of both signs with several payloads (quiet and
    signalling), infinities, the largest finite and smallest subnormal
    values of both signs, -0.0, +0.0 and 1.0."""
    if element == "f32":
        return np.array([0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001, 0x7FFFFFFF,
                         0xFFFFFFFF, 0x7FA00000, 0x7F800000, 0xFF800000, 0x7F7FFFFF,
                         0xFF7FFFFF, 0x00000001, 0x80000001, 0x80000000, 0x00000000,
                         0x3F800000], np.uint32).view(np.float32)
    return np.array([0x7E00, 0xFE00, 0x7C01, 0xFC01, 0x7FFF, 0xFFFF, 0x7D00, 0x7C00,
                     0xFC00, 0x7BFF, 0xFBFF, 0x0001, 0x8001, 0x8000, 0x0000, 0x3C00],
                    np.uint16).view(np.float16)


def tsort32_page_expected(src, dst, idx, valid):
    """docs/ops/tsort32.md, page form: sorted values and their columns."""
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
