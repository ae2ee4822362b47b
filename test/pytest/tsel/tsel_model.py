"""A model of pto-isa's TSEL and TSELS, written from the CPU simulator
(include/pto/cpu/TSel.hpp, TSelS.hpp at 3186c381) loop for loop,
independent of the package's engines."""


def tsel(dst, mask, src0, src1, rows, cols, mask_cols):
    """TSel_Impl (TSel.hpp:21-45): a bit index and a mask position that run
    on over the valid cells in row-major order; bits 0..7 of an element."""
    dst = dst.copy()
    mask_row = mask_col = bit_idx = 0
    for i in range(rows):
        for j in range(cols):
            bit = (int(mask[mask_row, mask_col]) >> bit_idx) & 1
            bit_idx += 1
            if bit_idx == 8:
                bit_idx = 0
                mask_col += 1
                if mask_col == mask_cols:
                    mask_row += 1
                    mask_col = 0
            dst[i, j] = src0[i, j] if bit else src1[i, j]
    return dst


def tsels(dst, mask, src, scalar, rows, cols):
    """TSELS_IMPL (TSelS.hpp:21-41): bit c % B of mask element (r, c / B)."""
    dst = dst.copy()
    bits = mask.dtype.itemsize * 8
    for r in range(rows):
        for c in range(cols):
            word = int(mask[r, c // bits]) % (1 << bits)
            dst[r, c] = src[r, c] if (word >> (c % bits)) & 1 else scalar
    return dst
