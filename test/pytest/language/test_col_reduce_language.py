"""The column-reduction family through the language: pl.tcolsum ...
pl.tcolprod on both engines, into one row and into a tile valid in row 0,
against the model of pto-isa's simulator
(test/pytest/families/row_reduce_model.py, col_model)."""
import os
import sys

import numpy as np

import pto_mlir.language as pl
from language_checks import assert_same

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "families"))
from row_reduce_model import col_model, inputs  # noqa: E402

F16 = pl.Tile[16, 32, pl.f16]
ROW = pl.Tile[1, 32, pl.f16]
IN_ROW_0 = pl.Tile(8, 32, pl.f16, valid=(1, 32))


@pl.kernel
def reductions(a: F16):
    return (pl.tcolsum(a, result=ROW), pl.tcolmax(a, result=ROW),
            pl.tcolmin(a, result=IN_ROW_0), pl.tcolprod(a, result=IN_ROW_0))


def test_the_four(engine):
    a = np.ascontiguousarray(inputs(np.random.default_rng(3), np.float16, (32, 16)).T)
    got = reductions(a, engine=engine)
    for result, op in zip(got, ("add", "max", "min", "mul")):
        assert_same(np.asarray(result)[:1], col_model(op, a))
