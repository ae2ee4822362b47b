"""An interleave/deinterleave round trip, written in pto_mlir.language.

tinterleave merges two 16x64 i16 tiles into two streams, tdeinterleave
(two sources) takes them apart again, and the one-source tdeinterleave
splits the first stream into its even and odd columns: the first halves of
the two inputs. Run: python examples/interleave_roundtrip.py
"""
import numpy as np

import pto_mlir.language as pl

ROWS, COLS = 16, 64


@pl.kernel
def roundtrip(x: pl.Tile[ROWS, COLS, pl.i16], y: pl.Tile[ROWS, COLS, pl.i16]):
    low, high = pl.tinterleave(x, y)
    x_again, y_again = pl.tdeinterleave(low, high)
    evens, odds = pl.tdeinterleave(low)
    return low, high, x_again, y_again, evens, odds


def reference(x, y):
    """The same in numpy: the stream x[r,0], y[r,0], x[r,1], ... cut in two."""
    stream = np.stack([x, y], axis=-1).reshape(ROWS, 2 * COLS)
    low, high = stream[:, :COLS], stream[:, COLS:]
    return low, high, x, y, x[:, :COLS // 2], y[:, :COLS // 2]


def main():
    rng = np.random.default_rng(0)
    x, y = (rng.integers(-2**15, 2**15, (ROWS, COLS), dtype=np.int16) for _ in range(2))
    for got, expected in zip(roundtrip(x, y), reference(x, y)):
        assert got.tobytes() == np.ascontiguousarray(expected).tobytes()
    print("interleave round trip exact; row 0:", roundtrip(x, y)[0][0][:8])


if __name__ == "__main__":
    main()
