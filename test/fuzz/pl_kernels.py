"""The `pl` kernels the pl fuzzer calls with wrong arguments (pl_worker.py):
annotated and generic tile parameters, a scalar, a loop, two results.
``EXAMPLES`` gives a generic kernel arguments to build it with."""
import numpy as np

import pto_mlir.language as pl


def or3(a: pl.Tile[2, 32, pl.i16], b: pl.Tile[2, 32, pl.i16], c: pl.Tile[2, 32, pl.i16]):
    return (a | b) | c


def repeat(x: pl.Tile[4, 32, pl.i8], n: pl.index):
    acc = x
    for _ in range(n):
        acc = acc | x
    return acc


def or_pair(x: pl.Tile, y: pl.Tile):
    return x | y


def interleave(a: pl.Tile[2, 32, pl.f32], b: pl.Tile[2, 32, pl.f32]):
    return pl.tinterleave(a, b)


KERNELS = [or3, repeat, or_pair, interleave]
EXAMPLES = {"or_pair": lambda: [np.zeros((2, 32), np.int16)] * 2}
