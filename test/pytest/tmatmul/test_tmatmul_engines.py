"""pto.tmatmul, pto.tmatmul.acc and pto.tmatmul.bias on the interpreter and
the JIT, bit for bit against matmul_model.py (C's fmaf per step, written
from pto-isa's include/pto/cpu/TMatmul.hpp), for every element type triple
of each target (rule tmatmul_c2's table), on partial valid regions, with
special values (infinities, NaN, signed zeros, subnormals, overflow and
the cancellations where a fused step differs from a multiply then add; no
NaN input, docs/semantics.md);
split K in a loop, and the copy pto-ssa-to-dps makes when acc_in is read
later; the cube unit's whole path from global memory (tload into NZ/ZN mat
tiles, tmov into left/right)."""
import ml_dtypes
import numpy as np
import pytest
from matmul_model import matmul

from pto_mlir import rules, runtime

NZ = "blayout=col_major, slayout=row_major"
ZN = "blayout=row_major, slayout=col_major"
LEFT = {"a5": NZ, "a2a3": "blayout=row_major, slayout=row_major"}
DTYPES = {"i8": np.int8, "i32": np.int32, "f16": np.float16, "bf16": ml_dtypes.bfloat16,
          "f32": np.float32}
# tile shapes (whole boxes for every element type) and valid m, k, n
M, K, N = 32, 64, 32
VM, VK, VN = 20, 40, 24


def _types(target, lhs, rhs, dst, valid):
    vm, vk, vn = (VM, VK, VN) if valid else (M, K, N)
    return (f"!pto.tile<left, {M}x{K}x{lhs}, valid={vm}x{vk}, {LEFT[target]}>",
            f"!pto.tile<right, {K}x{N}x{rhs}, valid={vk}x{vn}, {ZN}>",
            f"!pto.tile<acc, {M}x{N}x{dst}, valid={vm}x{vn}, {NZ}, fractal=1024>",
            f"!pto.tile<bias, 1x{N}x{dst}, valid=1x{vn}>")


def _kernel(target, lhs, rhs, dst, valid):
    a, b, c, s = _types(target, lhs, rhs, dst, valid)
    return f"""module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%a: {a}, %b: {b}, %c0: {c}, %s: {s}) -> ({c}, {c}, {c}) {{
    %c = pto.tmatmul %a, %b : ({a}, {b}) -> {c}
    %d = pto.tmatmul.acc %c0, %a, %b : ({c}, {a}, {b}) -> {c}
    %e = pto.tmatmul.bias %a, %b, %s : ({a}, {b}, {s}) -> {c}
    return %c, %d, %e : {c}, {c}, {c}
  }}
}}"""


def _triples(target):
    rows = rules.table("tmatmul_c2").rows.items()
    return [(lhs, rhs, dst) for (row_target, dst, lhs), rhss in rows
            if row_target == target and not lhs.startswith("f8") for rhs in rhss]


def _values(element, shape, rng, special):
    """Random values of ``element``; with ``special``, a tenth of them the
    edge cases of its type."""
    dtype = DTYPES[element]
    if element in ("i8", "i32"):
        return rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max, shape, endpoint=True,
                            dtype=np.int64).astype(dtype) if element == "i8" else \
            rng.integers(-2 ** 30, 2 ** 30, shape).astype(dtype)
    v = rng.standard_normal(shape).astype(np.float32)
    # values of very different magnitudes: the sums cancel and round
    v *= np.float32(2.0) ** rng.integers(-20, 20, shape).astype(np.float32)
    if special:
        # (no NaN input: which NaN a step passes on is not modelled, see
        # docs/semantics.md; NaNs made of infinities are the default NaN)
        edge = np.array([np.inf, -np.inf, -0.0, 0.0, 1e-40, -3e-39, 3e38, -3e38,
                         1 + 2 ** -23, 1 - 2 ** -24], np.float32)
        where = rng.random(shape) < 0.1
        v[where] = rng.choice(edge, int(where.sum()))
    with np.errstate(over="ignore"):
        return v.astype(dtype)


def _case(lhs, rhs, dst, rng, special):
    a = _values(lhs, (M, K), rng, special)
    b = _values(rhs, (K, N), rng, special)
    c0 = _values(dst, (M, N), rng, special).astype(DTYPES[dst])
    s = _values(dst, (1, N), rng, special).astype(DTYPES[dst])
    return a, b, c0, s


def _same(got, want):
    got = np.asarray(got)
    assert got.dtype == want.dtype
    assert got.tobytes() == want.tobytes(), (
        f"{int((got.view(np.uint32) != want.view(np.uint32)).sum())} elements differ")


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize("valid", [True, False], ids=["partial", "whole"])
@pytest.mark.parametrize("special", [False, True], ids=["random", "special"])
def test_every_triple_against_the_model(engine, target, valid, special):
    triples = _triples(target)
    assert {t[0] for t in triples} == {"i8", "f16", "bf16", "f32"}
    for lhs, rhs, dst in triples:
        if special and lhs == "i8":
            continue  # no special integers beyond the whole range, drawn anyway
        rng = np.random.default_rng(sum(f"{target}{lhs}{valid}{special}".encode()))
        a, b, c0, s = _case(lhs, rhs, dst, rng, special)
        got = runtime.run(_kernel(target, lhs, rhs, dst, valid), "k", a, b, c0, s, engine=engine)
        vm, vk, vn = (VM, VK, VN) if valid else (M, K, N)
        product = matmul(a[:vm, :vk], b[:vk, :vn])
        for result, want_region, outside in zip(
                got,
                [product, matmul(a[:vm, :vk], b[:vk, :vn], acc=c0[:vm, :vn]),
                 matmul(a[:vm, :vk], b[:vk, :vn], bias=s[:, :vn])],
                [np.zeros_like(c0), c0, np.zeros_like(c0)]):
            want = outside.copy()   # Level 1: zero outside m x n; .acc: acc_in there
            want[:vm, :vn] = want_region
            _same(np.asarray(result), want)


def test_a_fused_step_differs_from_multiply_then_add():
    # (1 + 2^-23)^2 is 1 + 2^-22 + 2^-46: after a first step of -(1 + 2^-22),
    # a multiply then add gives 0, the fused step 2^-46 exactly. So the
    # model (and an engine agreeing with it) does fuse, in k order.
    x = np.float32(1 + 2 ** -23)
    a = np.array([[1.0, x]], np.float32)
    b = np.array([[-(1 + 2 ** -22)], [x]], np.float32)
    assert matmul(a, b)[0, 0] == np.float32(2.0 ** -46)


def _split_k_kernel(trips):
    a = f"!pto.tile<left, 16x16xf32, {NZ}>"
    b = f"!pto.tile<right, 16x16xf32, {ZN}>"
    c = f"!pto.tile<acc, 16x16xf32, {NZ}, fractal=1024>"
    return f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: {a}, %b: {b}, %c0: {c}) -> ({c}, {c}, {c}) {{
    %lo = arith.constant 0 : index
    %hi = arith.constant {trips} : index
    %one = arith.constant 1 : index
    %first = pto.tmatmul %a, %b : ({a}, {b}) -> {c}
    %sum = scf.for %i = %lo to %hi step %one iter_args(%acc = %first) -> ({c}) {{
      %next = pto.tmatmul.acc %acc, %a, %b : ({c}, {a}, {b}) -> {c}
      scf.yield %next : {c}
    }}
    %kept = pto.tmatmul.acc %c0, %a, %b : ({c}, {a}, {b}) -> {c}
    return %sum, %kept, %c0 : {c}, {c}, {c}
  }}
}}"""


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_split_k_in_a_loop_and_acc_in_read_later(engine):
    rng = np.random.default_rng(35)
    a = rng.standard_normal((16, 16)).astype(np.float32)
    b = rng.standard_normal((16, 16)).astype(np.float32)
    c0 = rng.standard_normal((16, 16)).astype(np.float32)
    got = runtime.run(_split_k_kernel(3), "k", a, b, c0, engine=engine)
    want = matmul(a, b)
    for _ in range(3):
        want = matmul(a, b, acc=want)
    _same(got[0], want)
    _same(got[1], matmul(a, b, acc=c0))
    _same(got[2], c0)   # acc_in is read later: the result went into a copy


def _global_kernel(element, acc):
    """Level 2: tload from global memory into NZ (lhs) and ZN (rhs) mat
    tiles, tmov into left and right, the matmul into acc."""
    w = f"!pto.partition_tensor_view<32x32x{element}>"
    v = f"!pto.tensor_view<32x32x{element}>"
    mat_a = f"!pto.tile_buf<mat, 32x32x{element}, {NZ}>"
    mat_b = f"!pto.tile_buf<mat, 32x32x{element}, {ZN}>"
    left = f"!pto.tile_buf<left, 32x32x{element}, {NZ}>"
    right = f"!pto.tile_buf<right, 32x32x{element}, {ZN}>"
    c = f"!pto.tile_buf<acc, 32x32x{acc}, {NZ}, fractal=1024>"
    return f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%pa: !pto.ptr<{element}>, %pb: !pto.ptr<{element}>, %c: {c}) {{
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
    pto.tload ins(%wa : {w}) outs(%ma : {mat_a})
    pto.tload ins(%wb : {w}) outs(%mb : {mat_b})
    pto.tmov ins(%ma : {mat_a}) outs(%l : {left})
    pto.tmov ins(%mb : {mat_b}) outs(%r : {right})
    pto.tmatmul.acc ins(%c, %l, %r : {c}, {left}, {right}) outs(%c : {c})
    return
  }}
}}"""  # noqa: E501


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("element,acc", [("f16", "f32"), ("i8", "i32")])
def test_from_global_memory_through_mat_tiles(engine, element, acc):
    rng = np.random.default_rng(7)
    a = _values(element, (32, 32), rng, False)
    b = _values(element, (32, 32), rng, False)
    c = _values(acc, (32, 32), rng, False)
    want = matmul(a, b, acc=c)
    # b is read column by column (a DN view): its array is b transposed
    runtime.run(_global_kernel(element, acc), "k", a.ravel(), np.ascontiguousarray(b.T).ravel(),
                c, engine=engine)
    _same(c, want)
