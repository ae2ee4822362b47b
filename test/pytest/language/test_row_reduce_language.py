"""The row-reduction family through the language: pl.trowsum ... pl.trowprod
on both engines, into a DN column and into an ND tile valid in column 0,
against the model of pto-isa's simulator
(test/pytest/families/row_reduce_model.py)."""
import os
import sys

import numpy as np

import pto_mlir.language as pl
from language_checks import assert_same

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "families"))
from row_reduce_model import inputs, model  # noqa: E402

F16 = pl.Tile[32, 32, pl.f16]
COLUMN = pl.Tile(32, 1, pl.f16, layout="dn")
IN_COLUMN_0 = pl.Tile(32, 16, pl.f16, valid=(32, 1))


@pl.kernel
def reductions(a: F16, t: F16):
    return (pl.trowsum(a, t, result=COLUMN), pl.trowmax(a, t, result=COLUMN),
            pl.trowmin(a, t, result=IN_COLUMN_0), pl.trowprod(a, t, result=IN_COLUMN_0))


def test_the_four(engine):
    a = inputs(np.random.default_rng(3), np.float16, (32, 32))
    got = reductions(a, np.zeros_like(a), engine=engine)
    for result, op in zip(got, ("add", "max", "min", "mul")):
        assert_same(np.asarray(result)[:, :1], model(op, a))

