"""The cube unit's whole path on three engines: global memory -> NZ/ZN mat
tiles (tload) -> left/right (tmov) -> tmatmul, then tmatmul.acc into the
same acc tile -> vec (tmov acc -> vec, converting f32 -> f16 where asked),
the simulator's bits on the interpreter and the JIT, each against the model
of TMatmul.hpp (matmul_model.py) and TMov.hpp's conversion."""
import numpy as np
import pytest
from matmul_model import matmul
from test_tmatmul_engines import NZ, ZN, _values

from pto_mlir import runtime


def _kernel(element, acc, out):
    w = f"!pto.partition_tensor_view<32x32x{element}>"
    v = f"!pto.tensor_view<32x32x{element}>"
    mat_a = f"!pto.tile_buf<mat, 32x32x{element}, {NZ}>"
    mat_b = f"!pto.tile_buf<mat, 32x32x{element}, {ZN}>"
    left = f"!pto.tile_buf<left, 32x32x{element}, {NZ}>"
    right = f"!pto.tile_buf<right, 32x32x{element}, {ZN}>"
    c = f"!pto.tile_buf<acc, 32x32x{acc}, {NZ}, fractal=1024>"
    o = f"!pto.tile_buf<vec, 32x32x{out}>"
    return f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%pa: !pto.ptr<{element}>, %pb: !pto.ptr<{element}>, %o: {o}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %va = pto.make_tensor_view %pa, shape = [%c32, %c32], strides = [%c32, %c1] : {v}
    %wa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c32, %c32] : {v} -> {w}
    %vb = pto.make_tensor_view %pb, shape = [%c32, %c32], strides = [%c1, %c32] {{layout = #pto.layout<dn>}} : {v}
    %wb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c32, %c32] : {v} -> {w}
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
    pto.tmatmul.acc ins(%c, %l, %r : {c}, {left}, {right}) outs(%c : {c})
    pto.tmov ins(%c : {c}) outs(%o : {o})
    return
  }}
}}"""  # noqa: E501


@pytest.mark.parametrize("element,acc,out", [("f16", "f32", "f32"), ("f16", "f32", "f16"),
                                             ("f32", "f32", "f32"), ("i8", "i32", "i32")])
def test_three_engines_give_the_models_bits(pto_isa_tools, element, acc, out):
    rng = np.random.default_rng(11)
    a = _values(element, (32, 32), rng, False)
    b = _values(element, (32, 32), rng, False)
    once = matmul(a, b)
    with np.errstate(over="ignore"):   # f32 -> f16 beyond its range: inf
        want = matmul(a, b, acc=once).astype({"f32": np.float32, "f16": np.float16,
                                              "i32": np.int32}[out])
    results = {}
    for engine in ("interp", "jit", "pto-isa"):
        o = np.zeros((32, 32), want.dtype)
        runtime.run(_kernel(element, acc, out), "k", a.ravel(),
                    np.ascontiguousarray(b.T).ravel(), o, engine=engine)
        results[engine] = o
    for engine, o in results.items():
        assert o.tobytes() == want.tobytes(), engine
