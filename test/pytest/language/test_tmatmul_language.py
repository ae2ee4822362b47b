"""pl's matmuls: ``a @ b`` (pto.tmatmul), ``pl.matmul(a, b, acc=...)``
(pto.tmatmul.acc) and ``pl.matmul(a, b, bias=...)`` (pto.tmatmul.bias), on
interp and the JIT against the model of TMatmul.hpp; a tile in the wrong
location is a CompileError at the user's line."""
import sys
from pathlib import Path

import numpy as np
import pytest

import pto_mlir.language as pl

sys.path.insert(0, str(Path(__file__).parent.parent / "tmatmul"))
from matmul_model import matmul  # noqa: E402

A = pl.Tile(16, 32, pl.f16, loc="left", layout="nz")
B = pl.Tile(32, 16, pl.f16, loc="right", layout="zn")
C = pl.Tile(16, 16, pl.f32, loc="acc", layout="nz", fractal=1024)
S = pl.Tile(1, 16, pl.f32, loc="bias")


@pl.kernel(target="a5")
def products(a: A, b: B, c: C, s: S):
    return a @ b, pl.matmul(a, b, acc=c), pl.matmul(a, b, bias=s)


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_matmuls(engine):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((16, 32)).astype(np.float16)
    b = rng.standard_normal((32, 16)).astype(np.float16)
    c = rng.standard_normal((16, 16)).astype(np.float32)
    s = rng.standard_normal((1, 16)).astype(np.float32)
    got = products(a, b, c, s, engine=engine)
    for result, want in zip(got, [matmul(a, b), matmul(a, b, acc=c), matmul(a, b, bias=s)]):
        assert np.asarray(result).tobytes() == want.tobytes()


def test_wrong_location_is_located():
    @pl.kernel
    def vec_lhs(a: pl.Tile[16, 32, pl.f16], b: B):
        return a @ b

    with pytest.raises(pl.CompileError) as info:
        vec_lhs(np.zeros((16, 32), np.float16), np.zeros((32, 16), np.float16))
    assert "lhs location must be left, got vec" in str(info.value)
