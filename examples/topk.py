"""Per-block top-k with pto.tsort32, written in pto_mlir.language.

For every row of an 8x128 score tile and every block of 32 columns, the k
largest scores (descending; equal scores by column) and their columns:
tsort32 sorts each block, textract takes the first k columns of each
sorted block and tinsert packs them side by side (the column indices, ui32,
are seen as i32 by treshape: a5 moves 32-bit integer windows as i32). Run: python examples/topk.py
"""
import numpy as np

import pto_mlir.language as pl

ROWS, COLS, BLOCK, K = 8, 128, 32, 8
BLOCKS = COLS // BLOCK


@pl.kernel(target="a5")
def topk(scores: pl.Tile[ROWS, COLS, pl.f32]):
    values, columns = pl.tsort32(scores)
    columns = pl.treshape(columns, pl.Tile[ROWS, COLS, pl.i32])
    top_values = pl.Tile[ROWS, BLOCKS * K, pl.f32]
    top_columns = pl.Tile[ROWS, BLOCKS * K, pl.i32]
    out_values = out_columns = None
    for b in pl.static_range(BLOCKS):
        v = pl.textract(values, 0, b * BLOCK, pl.Tile[ROWS, K, pl.f32])
        c = pl.textract(columns, 0, b * BLOCK, pl.Tile[ROWS, K, pl.i32])
        if out_values is None:
            out_values = pl.tinsert(v, 0, 0, top_values)
            out_columns = pl.tinsert(c, 0, 0, top_columns)
        else:
            out_values = pl.tinsert(v, 0, b * K, into=out_values)
            out_columns = pl.tinsert(c, 0, b * K, into=out_columns)
    return out_values, out_columns


def reference(scores):
    """The same top-k in numpy: a stable descending sort of each block."""
    blocks = scores.reshape(ROWS, BLOCKS, BLOCK)
    order = np.argsort(-blocks, axis=-1, kind="stable")[..., :K]
    values = np.take_along_axis(blocks, order, axis=-1).reshape(ROWS, BLOCKS * K)
    columns = (order + np.arange(BLOCKS)[:, None] * BLOCK).astype(np.int32)
    return values, columns.reshape(ROWS, BLOCKS * K)


def main():
    scores = np.random.default_rng(0).standard_normal((ROWS, COLS)).astype(np.float32)
    values, columns = topk(scores)
    expected_values, expected_columns = reference(scores)
    assert values.tobytes() == expected_values.tobytes()
    assert columns.tobytes() == expected_columns.tobytes()
    print("top-8 of each 32-column block exact; row 0:", values[0], columns[0], sep="\n")


if __name__ == "__main__":
    main()
