"""pto.tmatmul on valid shapes known only when the kernel runs (PTOAS's
flash_attention_qk_boundary.pto: `v_row=?, v_col=?` tiles allocated with the
caller's m, k, n): global memory -> mat -> left/right -> acc -> global memory
on three engines, against the model of TMatmul.hpp's chain over the valid
region (matmul_model.py); and valid shapes that break tmatmul_c5 ... c7 fail
alike as matmul_shape, before anything is written (docs/ops/tmatmul.md)."""
import os
import sys

import numpy as np
import pytest
from matmul_model import matmul
from test_tmatmul_engines import NZ, ZN, _values

from pto_mlir import runtime

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "jit"))
from agreement import agree  # noqa: E402

V = "!pto.tensor_view<32x32xf32>"
W = "!pto.partition_tensor_view<?x?xf32>"


def _tile(loc, layout, rows, cols, extra=""):
    return f"!pto.tile_buf<{loc}, 32x32xf32, valid=?x?, {layout}{extra}>"


MAT_A, MAT_B = _tile("mat", NZ, "m", "k"), _tile("mat", ZN, "k", "n")
LEFT, RIGHT = _tile("left", NZ, "m", "k"), _tile("right", ZN, "k", "n")
ACC = _tile("acc", NZ, "m", "n", ", fractal=1024")

# %rk is rhs's valid rows and %dm, %dn dst's: the caller passes k, m, n for
# a well-formed matmul, other values to break tmatmul_c6 / c7.
KERNEL = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%pa: !pto.ptr<f32>, %pb: !pto.ptr<f32>, %po: !pto.ptr<f32>, %m: index, %k: index,
               %n: index, %rk: index, %dm: index, %dn: index) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %va = pto.make_tensor_view %pa, shape = [%c32, %c32], strides = [%c32, %c1] : {V}
    %vb = pto.make_tensor_view %pb, shape = [%c32, %c32], strides = [%c1, %c32] {{layout = #pto.layout<dn>}} : {V}
    %vo = pto.make_tensor_view %po, shape = [%c32, %c32], strides = [%c32, %c1] : {V}
    %wa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%m, %k] : {V} -> {W}
    %wb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%rk, %n] : {V} -> {W}
    %wo = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%dm, %dn] : {V} -> {W}
    %ma = pto.alloc_tile valid_row = %m valid_col = %k : {MAT_A}
    %mb = pto.alloc_tile valid_row = %rk valid_col = %n : {MAT_B}
    %l = pto.alloc_tile valid_row = %m valid_col = %k : {LEFT}
    %r = pto.alloc_tile valid_row = %rk valid_col = %n : {RIGHT}
    %c = pto.alloc_tile valid_row = %dm valid_col = %dn : {ACC}
    pto.tload ins(%wa : {W}) outs(%ma : {MAT_A})
    pto.tload ins(%wb : {W}) outs(%mb : {MAT_B})
    pto.tmov ins(%ma : {MAT_A}) outs(%l : {LEFT})
    pto.tmov ins(%mb : {MAT_B}) outs(%r : {RIGHT})
    pto.tmatmul ins(%l, %r : {LEFT}, {RIGHT}) outs(%c : {ACC})
    pto.tstore ins(%c : {ACC}) outs(%wo : {W})
    return
  }}
}}"""  # noqa: E501


def _inputs():
    rng = np.random.default_rng(5)
    a = _values("f32", (32, 32), rng, True)
    b = _values("f32", (32, 32), rng, True)
    # b goes to the kernel column-major (its DN view).
    return a, b, np.ascontiguousarray(b.T).ravel()


@pytest.mark.parametrize("engine", ["interp", "jit", "pto-isa"])
@pytest.mark.parametrize("m,k,n", [(32, 32, 32), (5, 17, 9), (1, 1, 1), (16, 3, 32)])
def test_dynamic_valid_shapes_give_the_models_bits(engine, m, k, n, request):
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    a, b, b_cols = _inputs()
    out = np.full((32, 32), -7.0, np.float32)
    runtime.run(KERNEL, "k", a.ravel(), b_cols, out.reshape(-1), m, k, n, k, m, n,
                engine=engine)
    want = np.full((32, 32), -7.0, np.float32)
    want[:m, :n] = matmul(a[:m, :k], b[:k, :n])
    assert out.tobytes() == want.tobytes()


@pytest.mark.parametrize("m,k,n,rk,dm,dn,values", [
    (8, 16, 8, 12, 8, 8, "8x16, rhs 12x8, dst 8x8"),      # tmatmul_c6
    (8, 16, 8, 16, 4, 8, "8x16, rhs 16x8, dst 4x8"),      # tmatmul_c7
    (8, 16, 8, 16, 8, 6, "8x16, rhs 16x8, dst 8x6"),      # tmatmul_c7
])
def test_shapes_that_break_the_rules_fail_alike(m, k, n, rk, dm, dn, values):
    a, _, b_cols = _inputs()
    out = np.zeros(32 * 32, np.float32)
    line = next(i for i, text in enumerate(KERNEL.splitlines(), 1)
                if text.strip().startswith("pto.tmatmul"))
    assert agree(KERNEL, [a.ravel(), b_cols, out, m, k, n, rk, dm, dn]) == (
        f"'pto.tmatmul' op at -:{line}:5: valid shapes lhs {values} are not m x k, "
        "k x n, m x n with m, k, n in [1, 4095]")


# Buffers of the caller's valid shapes that nothing loads (a window has no
# empty extent, so KERNEL cannot reach an m of 0).
BARE = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%m: index, %k: index, %n: index) {{
    %l = pto.alloc_tile valid_row = %m valid_col = %k : {LEFT}
    %r = pto.alloc_tile valid_row = %k valid_col = %n : {RIGHT}
    %c = pto.alloc_tile valid_row = %m valid_col = %n : {ACC}
    pto.tmatmul ins(%l, %r : {LEFT}, {RIGHT}) outs(%c : {ACC})
    return
  }}
}}"""


@pytest.mark.parametrize("m,k,n", [(0, 16, 8), (8, 0, 8), (8, 16, 0)])
def test_empty_extents_fail_alike(m, k, n):
    """tmatmul_c5: m, k and n at least 1."""
    assert agree(BARE, [m, k, n]) == (
        f"'pto.tmatmul' op at -:6:5: valid shapes lhs {m}x{k}, rhs {k}x{n}, dst {m}x{n} "
        "are not m x k, k x n, m x n with m, k, n in [1, 4095]")
