"""The cube unit's moves around a matmul, on three engines in PTOAS's
spelling, bit for bit against the models of TMatmul.hpp (matmul_model.py),
TMov.hpp (the cell's conversion) and TStore.hpp (store_model.py):

- acc -> mat (tmov_c8 ... c11): a first matmul's f32 result converted to an
  f16 (or bf16) NZ mat tile, moved into left and multiplied again, as the
  attention kernels chain QK^T into PV;
- mat -> bias (tmov_c12, c13): a bias row loaded into a mat tile, moved
  into the bias table (f32 as it is, f16 widened) and added by tmatmul.bias.
"""
import numpy as np
import pytest
from cube_values import values
from matmul_model import matmul
from store_model import store
from test_tmatmul_engines import DTYPES, LEFT, NZ, ZN

from pto_mlir import runtime

PROLOGUE = """    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index"""


def _view(name, pointer, element, rows, cols, dn=False):
    v = f"!pto.tensor_view<{rows}x{cols}x{element}>"
    w = f"!pto.partition_tensor_view<{rows}x{cols}x{element}>"
    strides = f"[%c1, %c{rows}]" if dn else f"[%c{cols}, %c1]"
    layout = " {layout = #pto.layout<dn>}" if dn else ""
    return (f"    %v{name} = pto.make_tensor_view {pointer}, shape = [%c{rows}, %c{cols}], "
            f"strides = {strides}{layout} : {v}\n"
            f"    %w{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], "
            f"sizes = [%c{rows}, %c{cols}] : {v} -> {w}\n"), w


def _chain_kernel(target, mid):
    """out = ((a @ b) as `mid`) @ b2, all 32 x 32, a and b f16."""
    f16 = "f16"
    mat_a = f"!pto.tile_buf<mat, 32x32x{f16}, {NZ}>"
    mat_b = f"!pto.tile_buf<mat, 32x32x{f16}, {ZN}>"
    mat_m = f"!pto.tile_buf<mat, 32x32x{mid}, {NZ}>"
    mat_b2 = f"!pto.tile_buf<mat, 32x32x{mid}, {ZN}>"
    left = f"!pto.tile_buf<left, 32x32x{f16}, {LEFT[target]}>"
    left_m = f"!pto.tile_buf<left, 32x32x{mid}, {LEFT[target]}>"
    right = f"!pto.tile_buf<right, 32x32x{f16}, {ZN}>"
    right_m = f"!pto.tile_buf<right, 32x32x{mid}, {ZN}>"
    c = f"!pto.tile_buf<acc, 32x32xf32, {NZ}, fractal=1024>"
    va, wa = _view("a", "%pa", f16, 32, 32)
    vb, wb = _view("b", "%pb", f16, 32, 32, dn=True)
    vb2, wb2 = _view("b2", "%pb2", mid, 32, 32, dn=True)
    vo, wo = _view("o", "%po", "f32", 32, 32)
    return f"""module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%pa: !pto.ptr<f16>, %pb: !pto.ptr<f16>, %pb2: !pto.ptr<{mid}>, %po: !pto.ptr<f32>) {{
{PROLOGUE}
{va}{vb}{vb2}{vo}    %ma = pto.alloc_tile : {mat_a}
    %mb = pto.alloc_tile : {mat_b}
    %mb2 = pto.alloc_tile : {mat_b2}
    %mm = pto.alloc_tile : {mat_m}
    %l = pto.alloc_tile : {left}
    %lm = pto.alloc_tile : {left_m}
    %r = pto.alloc_tile : {right}
    %rm = pto.alloc_tile : {right_m}
    %c = pto.alloc_tile : {c}
    %d = pto.alloc_tile : {c}
    pto.tload ins(%wa : {wa}) outs(%ma : {mat_a})
    pto.tload ins(%wb : {wb}) outs(%mb : {mat_b})
    pto.tload ins(%wb2 : {wb2}) outs(%mb2 : {mat_b2})
    pto.tmov ins(%ma : {mat_a}) outs(%l : {left})
    pto.tmov ins(%mb : {mat_b}) outs(%r : {right})
    pto.tmatmul ins(%l, %r : {left}, {right}) outs(%c : {c})
    pto.tmov ins(%c : {c}) outs(%mm : {mat_m})
    pto.tmov ins(%mm : {mat_m}) outs(%lm : {left_m})
    pto.tmov ins(%mb2 : {mat_b2}) outs(%rm : {right_m})
    pto.tmatmul ins(%lm, %rm : {left_m}, {right_m}) outs(%d : {c})
    pto.tstore ins(%d : {c}) outs(%wo : {wo})
    return
  }}
}}"""  # noqa: E501


def _bias_kernel(target, bias):
    """out = a @ b + the bias row (read as `bias`, added as f32)."""
    mat_a = f"!pto.tile_buf<mat, 32x32xf16, {NZ}>"
    mat_b = f"!pto.tile_buf<mat, 32x32xf16, {ZN}>"
    mat_s = f"!pto.tile_buf<mat, 1x32x{bias}>"
    left = f"!pto.tile_buf<left, 32x32xf16, {LEFT[target]}>"
    right = f"!pto.tile_buf<right, 32x32xf16, {ZN}>"
    s = "!pto.tile_buf<bias, 1x32xf32>"
    c = f"!pto.tile_buf<acc, 32x32xf32, {NZ}, fractal=1024>"
    va, wa = _view("a", "%pa", "f16", 32, 32)
    vb, wb = _view("b", "%pb", "f16", 32, 32, dn=True)
    vs, ws = _view("s", "%ps", bias, 1, 32)
    vo, wo = _view("o", "%po", "f32", 32, 32)
    return f"""module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%pa: !pto.ptr<f16>, %pb: !pto.ptr<f16>, %ps: !pto.ptr<{bias}>, %po: !pto.ptr<f32>) {{
{PROLOGUE}
{va}{vb}{vs}{vo}    %ma = pto.alloc_tile : {mat_a}
    %mb = pto.alloc_tile : {mat_b}
    %ms = pto.alloc_tile : {mat_s}
    %l = pto.alloc_tile : {left}
    %r = pto.alloc_tile : {right}
    %s = pto.alloc_tile : {s}
    %c = pto.alloc_tile : {c}
    pto.tload ins(%wa : {wa}) outs(%ma : {mat_a})
    pto.tload ins(%wb : {wb}) outs(%mb : {mat_b})
    pto.tload ins(%ws : {ws}) outs(%ms : {mat_s})
    pto.tmov ins(%ma : {mat_a}) outs(%l : {left})
    pto.tmov ins(%mb : {mat_b}) outs(%r : {right})
    pto.tmov ins(%ms : {mat_s}) outs(%s : {s})
    pto.tmatmul.bias ins(%l, %r, %s : {left}, {right}, {s}) outs(%c : {c})
    pto.tstore ins(%c : {c}) outs(%wo : {wo})
    return
  }}
}}"""  # noqa: E501


def _engines(mid_or_bias):
    # bf16 is not on pto-isa: under C++20 the simulator's bfloat16_t is a
    # half (include/pto/common/type.hpp:463), and the engine refuses bf16.
    return ("interp", "jit") if mid_or_bias == "bf16" else ("interp", "jit", "pto-isa")


def _stored(product):
    out = np.zeros(32 * 32, np.float32)
    store(out, 0, (1, 1, 1, 32, 32), (0, 0, 0, 32, 1), product)
    return out


@pytest.mark.parametrize("target", ["a5", "a2a3"])
@pytest.mark.parametrize("mid", ["f16", "bf16"])
def test_acc_to_mat_feeds_a_second_matmul(pto_isa_tools, target, mid):
    rng = np.random.default_rng(42)
    a = values("f16", (32, 32), rng)
    b = values("f16", (32, 32), rng)
    b2 = values(mid, (32, 32), rng)
    with np.errstate(over="ignore"):   # TMov.hpp:30's conversion: f32 -> mid, RNE
        middle = matmul(a, b).astype(DTYPES[mid])
    want = _stored(matmul(middle, b2))
    for engine in _engines(mid):
        got = np.zeros(32 * 32, np.float32)
        runtime.run(_chain_kernel(target, mid), "k", a.ravel(),
                    np.ascontiguousarray(b.T).ravel(), np.ascontiguousarray(b2.T).ravel(),
                    got, engine=engine)
        assert got.tobytes() == want.tobytes(), engine


# (no bf16 bias on a2a3: tmov_c12, a2a3/TMov.hpp:27-34)
@pytest.mark.parametrize("target,bias", [("a5", "f32"), ("a5", "f16"), ("a5", "bf16"),
                                         ("a2a3", "f32"), ("a2a3", "f16")])
def test_mat_to_bias_feeds_tmatmul_bias(pto_isa_tools, target, bias):
    rng = np.random.default_rng(43)
    a = values("f16", (32, 32), rng)
    b = values("f16", (32, 32), rng)
    s = values(bias, (1, 32), rng)
    # TMov.hpp:30: the bias cell widened to f32 (exact), then added once
    want = _stored(matmul(a, b, bias=s.astype(np.float32)))
    for engine in _engines(bias):
        got = np.zeros(32 * 32, np.float32)
        runtime.run(_bias_kernel(target, bias), "k", a.ravel(),
                    np.ascontiguousarray(b.T).ravel(), s.ravel(), got, engine=engine)
        assert got.tobytes() == want.tobytes(), engine
