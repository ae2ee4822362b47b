"""PTOAS's fixpipe controls of pto.tstore (docs/ops/tstore.md): atomic_add
adds each element to the window's in the window's type (AddToElement,
include/pto/common/pto_tile.hpp:604-613), reluPreMode puts an acc tile's
elements through `v > 0 ? v : 0` before the conversion
(include/pto/cpu/common.hpp:100-103, :180-182), stPhase changes no byte;
on three engines against numpy models of those lines."""
import ml_dtypes
import numpy as np
import pytest
from matmul_model import matmul
from test_tmatmul_engines import NZ, ZN, _values

from pto_mlir import runtime

DTYPES = {"f16": np.float16, "f32": np.float32, "bf16": ml_dtypes.bfloat16, "i8": np.int8,
          "i16": np.int16, "i32": np.int32}
ATOMIC = "atomicType = #pto<atomic_type atomic_add>"
RELU = "reluPreMode = #pto<relu_pre_mode normal_relu>"
FINAL = "stPhase = #pto<st_phase final>"


def _engines(element):
    # pto-isa's simulator computes bf16 as f16 under C++20 (docs/ptoas.md):
    # its engine refuses bf16 kernels.
    return ("interp", "jit") if element == "bf16" else ("interp", "jit", "pto-isa")


def _run(kernel, args, engine, request):
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    runtime.run(kernel, "k", *args, engine=engine)


def _vec_kernel(element, modes):
    v = f"!pto.tensor_view<16x32x{element}>"
    w = f"!pto.partition_tensor_view<16x32x{element}>"
    t = f"!pto.tile_buf<vec, 16x32x{element}>"
    return f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%px: !pto.ptr<{element}>, %py: !pto.ptr<{element}>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %vx = pto.make_tensor_view %px, shape = [%c16, %c32], strides = [%c32, %c1] : {v}
    %vy = pto.make_tensor_view %py, shape = [%c16, %c32], strides = [%c32, %c1] : {v}
    %wx = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c16, %c32] : {v} -> {w}
    %wy = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c16, %c32] : {v} -> {w}
    %t = pto.alloc_tile : {t}
    pto.tload ins(%wx : {w}) outs(%t : {t})
    pto.tstore ins(%t : {t}) outs(%wy : {w}) {{{modes}}}
    return
  }}
}}"""


def _random(element, rng, shape=(16, 32)):
    dtype = DTYPES[element]
    if element.startswith("i"):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, endpoint=True).astype(dtype)
    v = (rng.standard_normal(shape) * 2.0 ** rng.integers(-8, 8, shape)).astype(np.float32)
    # sums that overflow to infinity (f16: 60000 + 60000)
    v[0, :4] = [6e4, -6e4, 3e38, -3e38]
    with np.errstate(over="ignore"):   # 3e38 is inf in f16
        return v.astype(dtype)


@pytest.mark.parametrize("element", list(DTYPES))
@pytest.mark.parametrize("modes", [ATOMIC, f"{FINAL}, {ATOMIC}"])
def test_atomic_add_adds_into_the_window(element, modes, request):
    rng = np.random.default_rng(3)
    x, y0 = _random(element, rng), _random(element, rng)
    with np.errstate(over="ignore"):
        want = (y0 + x).astype(DTYPES[element])   # integers wrap, floats round once
    for engine in _engines(element):
        y = y0.copy()
        _run(_vec_kernel(element, modes), [x.ravel(), y.reshape(-1)], engine, request)
        assert y.tobytes() == want.tobytes(), engine


def _acc_kernel(element, acc, out, modes):
    v = f"!pto.tensor_view<32x32x{element}>"
    w = f"!pto.partition_tensor_view<32x32x{element}>"
    vo = f"!pto.tensor_view<32x32x{out}>"
    wo = f"!pto.partition_tensor_view<32x32x{out}>"
    mat_a = f"!pto.tile_buf<mat, 32x32x{element}, {NZ}>"
    mat_b = f"!pto.tile_buf<mat, 32x32x{element}, {ZN}>"
    left = f"!pto.tile_buf<left, 32x32x{element}, {NZ}>"
    right = f"!pto.tile_buf<right, 32x32x{element}, {ZN}>"
    c = f"!pto.tile_buf<acc, 32x32x{acc}, {NZ}, fractal=1024>"
    return f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%pa: !pto.ptr<{element}>, %pb: !pto.ptr<{element}>, %po: !pto.ptr<{out}>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %va = pto.make_tensor_view %pa, shape = [%c32, %c32], strides = [%c32, %c1] : {v}
    %wa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c32, %c32] : {v} -> {w}
    %vb = pto.make_tensor_view %pb, shape = [%c32, %c32], strides = [%c1, %c32] {{layout = #pto.layout<dn>}} : {v}
    %wb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c32, %c32] : {v} -> {w}
    %vo = pto.make_tensor_view %po, shape = [%c32, %c32], strides = [%c32, %c1] : {vo}
    %wo = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c32, %c32] : {vo} -> {wo}
    %ma = pto.alloc_tile : {mat_a}
    %mb = pto.alloc_tile : {mat_b}
    %l = pto.alloc_tile : {left}
    %r = pto.alloc_tile : {right}
    %c = pto.alloc_tile : {c}
    pto.tload ins(%wa : {w}) outs(%ma : {mat_a})
    pto.tload ins(%wb : {w}) outs(%mb : {mat_b})
    pto.tmov ins(%ma : {mat_a}) outs(%l : {left})
    pto.tmov ins(%mb : {mat_b}) outs(%r : {right})
    pto.tmatmul ins(%l, %r : {left}, {right}) outs(%c : {c})
    pto.tstore ins(%c : {c}) outs(%wo : {wo}) {{{modes}}}
    return
  }}
}}"""  # noqa: E501


def _relu(values):
    """`v > 0 ? v : 0` in the accumulator's type: NaN and -0.0 become +0."""
    return np.where(values > 0, values, np.zeros((), values.dtype))


@pytest.mark.parametrize("element,acc,out", [("f16", "f32", "f32"), ("f16", "f32", "f16"),
                                             ("f32", "f32", "f32"), ("bf16", "f32", "bf16"),
                                             ("i8", "i32", "i32")])
@pytest.mark.parametrize("atomic", [False, True])
def test_acc_store_relu_then_convert(element, acc, out, atomic, request):
    rng = np.random.default_rng(17)
    a = _values(element, (32, 32), rng, element != "i8")
    b = _values(element, (32, 32), rng, element != "i8")
    y0 = _random(out, rng, (32, 32)) if atomic else np.zeros((32, 32), DTYPES[out])
    with np.errstate(over="ignore", invalid="ignore"):
        stored = _relu(matmul(a, b)).astype(DTYPES[out])
        want = (y0 + stored).astype(DTYPES[out]) if atomic else stored
    modes = f"{RELU}, {ATOMIC}" if atomic else RELU
    kernel = _acc_kernel(element, acc, out, modes)
    for engine in _engines(element if element == "bf16" else out):
        y = y0.copy()
        _run(kernel, [a.ravel(), np.ascontiguousarray(b.T).ravel(), y.reshape(-1)], engine,
             request)
        assert y.tobytes() == want.tobytes(), engine


@pytest.mark.parametrize("element", ["f16", "f32", "bf16", "i8"])
def test_atomic_add_into_a_window_over_itself_adds_every_cell(element, request):
    """A tensor of row stride 0: the 16 rows of the tile land on one row of
    the array, each added in turn (row-major, as the simulator's loop)."""
    v = f"!pto.tensor_view<16x32x{element}>"
    w = f"!pto.partition_tensor_view<16x32x{element}>"
    t = f"!pto.tile_buf<vec, 16x32x{element}>"
    kernel = _vec_kernel(element, ATOMIC).replace(
        f"%vy = pto.make_tensor_view %py, shape = [%c16, %c32], strides = [%c32, %c1] : {v}",
        f"%vy = pto.make_tensor_view %py, shape = [%c16, %c32], strides = [%c0, %c1] : {v}")
    assert "strides = [%c0, %c1]" in kernel and w in kernel and t in kernel
    rng = np.random.default_rng(8)
    x, y0 = _random(element, rng), _random(element, rng, (1, 32)).ravel()
    want = y0.copy()
    with np.errstate(over="ignore", invalid="ignore"):
        for row in x:
            want = (want + row).astype(DTYPES[element])
    for engine in _engines(element):
        y = y0.copy()
        _run(kernel, [x.ravel(), y], engine, request)
        assert y.tobytes() == want.tobytes(), engine
