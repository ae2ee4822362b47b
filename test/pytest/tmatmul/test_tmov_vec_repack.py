"""A5's vec -> vec repack from ND into NZ (tmov_c4, tmov_c14, tmov_c15;
TMOV.md "ND -> NZ"; a5/TMov.hpp:776-782), on three engines in PTOAS's
spelling, as PTOAS's tpush/tpop tests use it: an ND tile loaded from
global memory is repacked into an NZ vec tile, which goes on to the
cube unit (tinsert vec -> mat, tmov mat -> left) and is multiplied by an
identity, bit for bit against the model of TMatmul.hpp
(matmul_model.py). The simulator moves the cells (cpu/TMov.hpp:27-31), so
each engine's product is the repacked tile's cells; the bytes of the NZ
tile are the storage order test_storage_offsets.py checks.
"""
import numpy as np
import pytest
from cube_values import values
from matmul_model import matmul
from store_model import store
from test_tmatmul_engines import DTYPES, NZ, ZN

from pto_mlir import runtime

ACC = {"i8": "i32", "f16": "f32", "f32": "f32"}


def _view(name, element, dn=False):
    v = f"!pto.tensor_view<32x32x{element}>"
    w = f"!pto.partition_tensor_view<32x32x{element}>"
    strides = "[%c1, %c32]" if dn else "[%c32, %c1]"
    layout = " {layout = #pto.layout<dn>}" if dn else ""
    return (f"    %v{name} = pto.make_tensor_view %p{name}, shape = [%c32, %c32], "
            f"strides = {strides}{layout} : {v}\n"
            f"    %w{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], "
            f"sizes = [%c32, %c32] : {v} -> {w}\n"), w


def _kernel(element):
    """out = x @ identity, x repacked from an ND vec tile into NZ, inserted
    into an NZ mat tile, all 32 x 32."""
    acc = ACC[element]
    nd = f"!pto.tile_buf<vec, 32x32x{element}>"
    vec = f"!pto.tile_buf<vec, 32x32x{element}, {NZ}>"
    mat_x = f"!pto.tile_buf<mat, 32x32x{element}, {NZ}>"
    mat_i = f"!pto.tile_buf<mat, 32x32x{element}, {ZN}>"
    left = f"!pto.tile_buf<left, 32x32x{element}, {NZ}>"
    right = f"!pto.tile_buf<right, 32x32x{element}, {ZN}>"
    c = f"!pto.tile_buf<acc, 32x32x{acc}, {NZ}, fractal=1024>"
    vx, wx = _view("x", element)
    vi, wi = _view("i", element, dn=True)
    vo, wo = _view("o", acc)
    return f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%px: !pto.ptr<{element}>, %pi: !pto.ptr<{element}>, %po: !pto.ptr<{acc}>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
{vx}{vi}{vo}    %nd = pto.alloc_tile : {nd}
    %vec = pto.alloc_tile : {vec}
    %mx = pto.alloc_tile : {mat_x}
    %mi = pto.alloc_tile : {mat_i}
    %l = pto.alloc_tile : {left}
    %r = pto.alloc_tile : {right}
    %c = pto.alloc_tile : {c}
    pto.tload ins(%wx : {wx}) outs(%nd : {nd})
    pto.tmov ins(%nd : {nd}) outs(%vec : {vec})
    pto.tinsert ins(%vec, %c0, %c0 : {vec}, index, index) outs(%mx : {mat_x})
    pto.tload ins(%wi : {wi}) outs(%mi : {mat_i})
    pto.tmov ins(%mx : {mat_x}) outs(%l : {left})
    pto.tmov ins(%mi : {mat_i}) outs(%r : {right})
    pto.tmatmul ins(%l, %r : {left}, {right}) outs(%c : {c})
    pto.tstore ins(%c : {c}) outs(%wo : {wo})
    return
  }}
}}"""  # noqa: E501


@pytest.mark.parametrize("element", ["f32", "f16", "i8"])
def test_vec_nd_to_nz_feeds_the_cube(pto_isa_tools, element):
    rng = np.random.default_rng(44)
    x = values(element, (32, 32), rng)
    identity = np.eye(32, dtype=DTYPES[element])
    acc = DTYPES[ACC[element]]
    want = np.zeros(32 * 32, acc)
    store(want, 0, (1, 1, 1, 32, 32), (0, 0, 0, 32, 1), matmul(x, identity))
    given = np.ascontiguousarray(identity.T)   # a DN window into ZN
    for engine in ("interp", "jit", "pto-isa"):
        got = np.zeros(32 * 32, acc)
        runtime.run(_kernel(element), "k", x.ravel(), given.ravel(), got,
                    engine=engine)
        assert got.tobytes() == want.tobytes(), engine
