"""pl.tcvt: the conversion with its modes by name, on interp and the JIT
against the model of TCvt.hpp; a pair a target does not convert is a
CompileError at the user's line."""
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import pto_mlir.language as pl

sys.path.insert(0, str(Path(__file__).parent.parent / "tcvt"))
from tcvt_model import convert  # noqa: E402


@pl.kernel
def floor_saturated(a: pl.Tile[2, 32, pl.f32]):
    return pl.tcvt(a, pl.Tile[2, 32, pl.i16], rmode="FLOOR", sat_mode="ON")


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_tcvt_modes(engine):
    a = (np.arange(64, dtype=np.float32).reshape(2, 32) - 32) * 1300.25
    got = floor_saturated(a, engine=engine)
    want = np.array([convert(v, "f32", "i16", "FLOOR", True) for v in a.ravel()],
                    np.int16).reshape(2, 32)
    assert np.asarray(got).tobytes() == want.tobytes()


def test_tcvt_unsupported_pair_is_located():
    @pl.kernel(target="a2a3")
    def to_f16(a: pl.Tile[2, 32, pl.bf16]):
        return pl.tcvt(a, pl.Tile[2, 32, pl.f16])

    with pytest.raises(pl.CompileError) as info:
        to_f16(np.zeros((2, 32), ml_dtypes.bfloat16))
    assert "converts bf16 -> f16, which is not a TCVT conversion on a2a3" in str(info.value)
