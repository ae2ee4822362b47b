"""Sorting the 32-column blocks of a whole array in global memory, written
in pto_mlir.language.

The kernel takes three arrays: the scores, and the two arrays it writes in
place, the sorted values and their columns. For every block of 16 rows it
loads a tile (pl.tload of a pl.partition_view of the scores), sorts each
32-column block of each row (tsort32: descending, equal scores by column)
and stores both results into the same window of the output arrays
(pl.tstore). The scores are generic in their number of rows: each call's
array gives it (a multiple of 16). Run: python examples/sort_blocks_global.py
"""
import numpy as np

import pto_mlir.language as pl

BLOCK_ROWS, COLS, BLOCK = 16, 64, 32


@pl.kernel
def sort_blocks(scores: pl.Tensor[..., pl.f32], values: pl.Tensor[..., pl.f32],
                columns: pl.Tensor[..., pl.u32]):
    assert scores.shape[0] % BLOCK_ROWS == 0 and scores.shape[1] == COLS, \
        "scores are (16 n, 64)"
    for r in range(0, scores.shape[0], BLOCK_ROWS):
        tile = pl.tload(pl.partition_view(scores, [r, 0], [BLOCK_ROWS, COLS]))
        sorted_values, sorted_columns = pl.tsort32(tile)
        pl.tstore(sorted_values, pl.partition_view(values, [r, 0], [BLOCK_ROWS, COLS]))
        pl.tstore(sorted_columns, pl.partition_view(columns, [r, 0], [BLOCK_ROWS, COLS]))


def reference(scores):
    """The same in numpy: a stable descending sort of each block, and the
    column each value came from."""
    blocks = scores.reshape(scores.shape[0], COLS // BLOCK, BLOCK)
    order = np.argsort(-blocks, axis=-1, kind="stable")
    values = np.take_along_axis(blocks, order, axis=-1).reshape(scores.shape)
    columns = order + np.arange(COLS // BLOCK)[:, None] * BLOCK
    return values, columns.astype(np.uint32).reshape(scores.shape)


def main():
    scores = np.random.default_rng(0).standard_normal((48, COLS)).astype(np.float32)
    values = np.zeros_like(scores)
    columns = np.zeros(scores.shape, np.uint32)
    sort_blocks(scores, values, columns)          # writes values and columns in place
    expected_values, expected_columns = reference(scores)
    assert values.tobytes() == expected_values.tobytes()
    assert columns.tobytes() == expected_columns.tobytes()
    print("sorted 32-column blocks in global memory exact; row 0:", values[0, :8],
          columns[0, :8], sep="\n")


if __name__ == "__main__":
    main()
