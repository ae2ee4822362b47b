"""Results come back in one memory order on both engines (issue 25, item 6):
C-contiguous arrays in logical (rows, cols) order, whatever the tile's
layout (a DN tile's storage is column by column). runtime.run and `pl`."""
import numpy as np
import pytest

import pto_mlir.language as pl
from pto_mlir import runtime

ENGINES = ("interp", "jit")
ND = "!pto.tile<vec, 16x8xf32>"
DN = "!pto.tile<vec, 8x16xf32, blayout=col_major>"

# The DN 8x16 view of a 16x8 ND tile's bytes: storage column by column.
VIEW = f"""func.func @k(%a: {ND}) -> {DN} {{
  %r = pto.treshape %a : {ND} -> {DN}
  return %r : {DN}
}}"""


def _expected(a):
    return a.reshape(-1).reshape((8, 16), order="F")


def _source():
    return np.random.default_rng(1).standard_normal((16, 8)).astype(np.float32)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_dn_result_is_c_ordered(engine):
    a = _source()
    result = runtime.run(VIEW, "k", a, engine=engine)
    assert result.flags.c_contiguous and result.shape == (8, 16)
    assert result.tobytes() == np.ascontiguousarray(_expected(a)).tobytes()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_dn_result_of_a_pl_kernel_is_c_ordered(engine):
    @pl.kernel
    def as_dn(a: pl.Tile[16, 8, pl.f32]):
        return pl.treshape(a, pl.Tile(8, 16, pl.f32, layout="dn"))

    a = _source()
    result = as_dn(a, engine=engine)
    assert result.flags.c_contiguous
    assert result.tobytes() == np.ascontiguousarray(_expected(a)).tobytes()
