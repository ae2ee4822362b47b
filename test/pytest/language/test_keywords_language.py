"""`pl` kernels take their arguments by keyword too, bound to parameters as
Python binds a call (on both engines, generic kernels included), and a
wrong keyword call is an ArgumentError naming the parameter."""
import numpy as np
import pytest

import pto_mlir.language as pl


@pl.kernel(target="a5")
def place(src: pl.Tile[4, 16, pl.f16], dst: pl.Tile[16, 64, pl.f16], r: pl.index, c: pl.index):
    return pl.tinsert(src, r, c, into=dst)


@pl.kernel
def interleave(a: pl.Tile, b: pl.Tile):  # generic
    return pl.tinterleave(a, b)


SRC = np.arange(4 * 16, dtype=np.float16).reshape(4, 16)
DST = -np.arange(16 * 64, dtype=np.float16).reshape(16, 64)


def _placed(r, c):
    expected = DST.copy()
    expected[r:r + 4, c:c + 16] = SRC
    return expected.view(np.uint16).tolist()


@pytest.mark.parametrize("call", [
    lambda engine: place(SRC, DST, 3, 5, engine=engine),
    lambda engine: place(SRC, DST, r=3, c=5, engine=engine),
    lambda engine: place(c=5, r=3, dst=DST, src=SRC, engine=engine),
    lambda engine: place(SRC, c=5, dst=DST, r=3, engine=engine),
])
def test_positions_and_keywords_bind_alike(engine, call):
    assert call(engine).view(np.uint16).tolist() == _placed(3, 5)


def test_keywords_of_a_generic_kernel(engine):
    a = np.arange(2 * 32, dtype=np.int32).reshape(2, 32)
    b = a + 1000
    # The interleaved stream of a's and b's rows, split into two halves.
    stream = np.stack([a, b], axis=-1).reshape(2, 64)
    lo, hi = interleave(b=b, a=a, engine=engine)
    assert lo.tolist() == stream[:, :32].tolist() and hi.tolist() == stream[:, 32:].tolist()
    swapped, _ = interleave(b=a, a=b, engine=engine)
    assert swapped.tolist() == np.stack([b, a], axis=-1).reshape(2, 64)[:, :32].tolist()


def test_specialize_takes_keywords():
    spec = interleave.specialize(b=np.zeros((1, 32), np.float32), a=np.zeros((1, 32), np.float32))
    assert spec is interleave.specialize(np.zeros((1, 32), np.float32),
                                         np.zeros((1, 32), np.float32))


@pytest.mark.parametrize("call,message", [
    (lambda: place(SRC, DST, 3, 5, rows=1),
     "@place has no parameter 'rows' (parameters: src, dst, r, c)"),
    (lambda: place(SRC, DST, 3, r=5, c=1),
     "@place: argument 'r' is given twice, by position (#2) and by keyword"),
    (lambda: place(SRC, r=3), "@place: missing argument 'dst', 'c'"),
    (lambda: place(SRC, DST, 3, 5, 7, c=1), "@place takes 4 arguments, got 5"),
    (lambda: interleave.specialize(np.zeros((1, 32), np.float32), c=1),
     "@interleave has no parameter 'c' (parameters: a, b)"),
])
def test_wrong_keyword_calls_are_refused(call, message):
    with pytest.raises(pl.ArgumentError) as error:
        call()
    assert str(error.value) == message
