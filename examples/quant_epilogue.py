"""A quantizing matmul epilogue with tinsert on accumulator tiles, written
in pto_mlir.language.

Four 16x16 f32 accumulator tiles (the L0C results of a 2x2 grid of matmul
blocks, NZ with 1024-byte fractals) are quantized to i8 with ReLU by one
scalar quant word (scale, offset, signed clamp) and written into their
places in a 32x32 i8 tile of L1 (mat, NZ), the next matmul's input.
Run: python examples/quant_epilogue.py
"""
import numpy as np

import pto_mlir.language as pl

EDGE = 16
ACC = pl.Tile(EDGE, EDGE, pl.f32, loc="acc", layout="nz", fractal=1024)
OUT = pl.Tile(2 * EDGE, 2 * EDGE, pl.i8, loc="mat", layout="nz")


@pl.kernel(target="a5")
def epilogue(c00: ACC, c01: ACC, c10: ACC, c11: ACC, word: pl.u64):
    blocks = (c00, c01, c10, c11)
    out = pl.tinsert(blocks[0], 0, 0, OUT, quant=word, relu=True)
    for k in pl.static_range(1, 4):
        out = pl.tinsert(blocks[k], EDGE * (k // 2), EDGE * (k % 2), into=out,
                         quant=word, relu=True)
    return out


def quant_word(scale, offset, signed=True):
    """The 64-bit scalar quant word: f32 scale in bits 0-31, the offset in
    bits 37-45, the signed-clamp flag in bit 46."""
    scale_bits = int(np.float32(scale).view(np.uint32))
    return scale_bits | (offset << 37) | (int(signed) << 46)


def reference(blocks, scale, offset):
    """The same in numpy: round half to even of v*scale + offset, clamped to
    i8, then ReLU; the 2x2 grid of blocks."""
    grid = np.block([[blocks[0], blocks[1]], [blocks[2], blocks[3]]])
    quantized = np.clip(np.rint(grid * np.float32(scale) + np.float32(offset)), -128, 127)
    return np.maximum(quantized, 0).astype(np.int8)


def main():
    rng = np.random.default_rng(0)
    blocks = [(rng.standard_normal((EDGE, EDGE)) * 40).astype(np.float32) for _ in range(4)]
    scale, offset = 0.75, 3
    out = epilogue(*blocks, quant_word(scale, offset))
    assert out.tobytes() == reference(blocks, scale, offset).tobytes()
    print("quantized epilogue exact; row 0:", out[0])


if __name__ == "__main__":
    main()
