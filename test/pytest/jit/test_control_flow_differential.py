"""Tile buffers through control flow and calls: scf.if results, scf.for
iter_args and bodies, scf.while, func.call between kernel functions. Each
kernel runs on both engines (agreement.agree: the same bytes in every
buffer, or the same failure), and the JIT result is also checked against a
numpy model, so agreeing on a wrong answer fails too."""
import numpy as np
import pytest

from agreement import agree
from pto_mlir import runtime
from pto_mlir.testing import random_data, tile_buf

pytest.importorskip("pto_mlir.runtime.jit")

STATIC = tile_buf(4, 16, "i16")
DYNAMIC = tile_buf(4, 16, "i16", (None, None))


def _tiles(count, seed, valid=None):
    rng = np.random.default_rng(seed)
    arrays = [random_data(rng, (4, 16), np.int16) for _ in range(count)]
    return arrays if valid is None else [runtime.Tile(a, valid) for a in arrays]


def _run_jit(kernel, args, entry="k"):
    """The JIT's result on copies of `args` (the arrays after the run)."""
    copies = [runtime.Tile(a.array.copy(), a.valid) if isinstance(a, runtime.Tile)
              else a.copy() if isinstance(a, np.ndarray) else a for a in args]
    runtime.run(kernel, entry, *copies, engine="jit")
    return [c.array if isinstance(c, runtime.Tile) else c for c in copies]


def _put(dst, value, valid):
    """`dst` with its valid region taken from `value` (what a tile op
    writing `value` into dst leaves)."""
    out = dst.copy()
    vr, vc = valid
    out[:vr, :vc] = value[:vr, :vc]
    return out


def _or(x, y, valid):
    """x after `pto.tor ins(x, y) outs(x)`."""
    return _put(x, x | y, valid)


def _select_kernel(t):
    # %s is %a when n < 2, else %b; d = s | s (a copy of the chosen source).
    return f"""func.func @k(%a: {t}, %b: {t}, %d: {t}, %n: index) {{
  %c2 = arith.constant 2 : index
  %p = arith.cmpi slt, %n, %c2 : index
  %s = scf.if %p -> ({t}) {{
    scf.yield %a : {t}
  }} else {{
    scf.yield %b : {t}
  }}
  pto.tor ins(%s, %s : {t}, {t}) outs(%d : {t})
  return
}}"""


@pytest.mark.parametrize("t,valid", [(STATIC, None), (DYNAMIC, (3, 5))])
@pytest.mark.parametrize("n", [1, 2])
def test_scf_if_yields_a_buffer(t, valid, n):
    args = [*_tiles(3, 10 + n, valid), n]
    assert agree(_select_kernel(t), args) == "ok"
    a, b, d = (x.array if valid else x for x in args[:3])
    region = valid or (4, 16)
    chosen = a if n < 2 else b
    np.testing.assert_array_equal(_run_jit(_select_kernel(t), args)[2],
                                  _put(d, chosen, region))


def _ping_pong_kernel(t):
    # Each iteration ors %x into %y, then the two swap roles.
    return f"""func.func @k(%a: {t}, %b: {t}, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> ({t}, {t}) {{
    pto.tor ins(%x, %y : {t}, {t}) outs(%y : {t})
    scf.yield %y, %x : {t}, {t}
  }}
  return
}}"""


def _ping_pong(a, b, n, region):
    """Buffers a and b after n iterations."""
    buffers, x, y = [a.copy(), b.copy()], 0, 1
    for _ in range(n):
        buffers[y] = _or(buffers[y], buffers[x], region)
        x, y = y, x
    return buffers


@pytest.mark.parametrize("t,valid", [(STATIC, None), (DYNAMIC, (2, 7))])
@pytest.mark.parametrize("n", [0, 1, 3])
def test_scf_for_carries_buffers(t, valid, n):
    args = [*_tiles(2, 20 + n, valid), n]
    assert agree(_ping_pong_kernel(t), args) == "ok"
    a, b = (x.array if valid else x for x in args[:2])
    out = _run_jit(_ping_pong_kernel(t), args)
    expected = _ping_pong(a, b, n, valid or (4, 16))
    np.testing.assert_array_equal(out[0], expected[0])
    np.testing.assert_array_equal(out[1], expected[1])


def _accumulate_kernel(t):
    # The body writes the argument %d (d = d | a, through a temporary
    # allocated, and freed, in every iteration).
    return f"""func.func @k(%a: {t}, %d: {t}, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {{
    %t = pto.alloc_tile : {STATIC}
    pto.tor ins(%d, %a : {t}, {t}) outs(%t : {STATIC})
    pto.tor ins(%t, %t : {STATIC}, {STATIC}) outs(%d : {t})
  }}
  return
}}"""


@pytest.mark.parametrize("n", [0, 2])
def test_scf_for_body_writes_an_argument(n):
    args = [*_tiles(2, 30 + n), n]
    assert agree(_accumulate_kernel(STATIC), args) == "ok"
    a, d = args[:2]
    out = _run_jit(_accumulate_kernel(STATIC), args)
    np.testing.assert_array_equal(out[1], d | a if n else d)


def _while_kernel(t):
    # While i > 0: x |= b, i -= 2; the loop carries the buffer and the count.
    return f"""func.func @k(%a: {t}, %b: {t}, %n: index) {{
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r:2 = scf.while (%x = %a, %i = %n) : ({t}, index) -> ({t}, index) {{
    %more = arith.cmpi sgt, %i, %c0 : index
    scf.condition(%more) %x, %i : {t}, index
  }} do {{
  ^bb0(%x: {t}, %i: index):
    pto.tor ins(%x, %b : {t}, {t}) outs(%x : {t})
    %j = arith.subi %i, %c2 : index
    scf.yield %x, %j : {t}, index
  }}
  pto.tor ins(%r#0, %r#0 : {t}, {t}) outs(%b : {t})
  return
}}"""


@pytest.mark.parametrize("t,valid", [(STATIC, None), (DYNAMIC, (4, 9))])
@pytest.mark.parametrize("n", [0, 3])
def test_scf_while_carries_a_buffer(t, valid, n):
    args = [*_tiles(2, 40 + n, valid), n]
    assert agree(_while_kernel(t), args) == "ok"
    a, b = (x.array if valid else x for x in args[:2])
    region = valid or (4, 16)
    x = _or(a, b, region) if n > 0 else a
    out = _run_jit(_while_kernel(t), args)
    np.testing.assert_array_equal(out[0], x)
    np.testing.assert_array_equal(out[1], _put(b, x, region))


def _call_kernel(t):
    # @k calls @inner twice; @inner's own tor has run-time checks when the
    # valid shapes are dynamic, and its failures name @inner's op.
    return f"""func.func @inner(%x: {t}, %y: {t}, %d: {t}) {{
  pto.tor ins(%x, %y : {t}, {t}) outs(%d : {t})
  return
}}
func.func @k(%a: {t}, %b: {t}, %d: {t}) {{
  func.call @inner(%a, %b, %d) : ({t}, {t}, {t}) -> ()
  func.call @inner(%d, %d, %a) : ({t}, {t}, {t}) -> ()
  return
}}"""


@pytest.mark.parametrize("t,valid", [(STATIC, None), (DYNAMIC, (1, 6))])
def test_call_between_kernel_functions(t, valid):
    args = _tiles(3, 50, valid)
    assert agree(_call_kernel(t), args) == "ok"
    a, b, d = (x.array if valid else x for x in args)
    region = valid or (4, 16)
    d1 = _put(d, a | b, region)
    out = _run_jit(_call_kernel(t), args)
    np.testing.assert_array_equal(out[2], d1)
    np.testing.assert_array_equal(out[0], _put(a, d1, region))


def test_failure_in_a_callee_names_its_op_on_both_engines():
    a, b, d = _tiles(3, 60)
    args = [runtime.Tile(a, (2, 3)), runtime.Tile(b, (2, 4)), runtime.Tile(d, (2, 3))]
    assert agree(_call_kernel(DYNAMIC), args) == (
        "'pto.tor' op at -:2:3: valid shape of src1 is 2x4, src0's is 2x3; they must be equal")
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(_call_kernel(DYNAMIC), "k", *args, engine="jit")
    assert str(info.value) == ("'pto.tor' op at -:2:3: valid shape of src1 is 2x4, "
                               "src0's is 2x3; they must be equal")


def test_failure_in_a_loop_body_names_its_op_on_both_engines():
    a, b = _tiles(2, 61)
    args = [runtime.Tile(a, (2, 3)), runtime.Tile(b, (2, 4)), 1]
    assert agree(_ping_pong_kernel(DYNAMIC), args) == (
        "'pto.tor' op at -:5:5: valid shape of src1 is 2x4, src0's is 2x3; they must be equal")
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(_ping_pong_kernel(DYNAMIC), "k", *args, engine="jit")
    assert str(info.value) == ("'pto.tor' op at -:5:5: valid shape of src1 is 2x4, "
                               "src0's is 2x3; they must be equal")


LEVEL1 = "!pto.tile<vec, 4x16xi16>"


def _level1_kernel():
    # Converted by pipeline.to_dps for the JIT: the loop-carried tile and the
    # scf.if result become buffers that the lowering carries.
    t = LEVEL1
    return f"""func.func @k(%a: {t}, %b: {t}, %n: index) -> {t} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> ({t}) {{
    %next = pto.tor %acc, %b : ({t}, {t}) -> {t}
    scf.yield %next : {t}
  }}
  %p = arith.cmpi slt, %n, %c2 : index
  %s = scf.if %p -> ({t}) {{
    scf.yield %r : {t}
  }} else {{
    %x = pto.tor %r, %r : ({t}, {t}) -> {t}
    scf.yield %x : {t}
  }}
  return %s : {t}
}}"""


@pytest.mark.parametrize("n", [0, 1, 3])
def test_level1_loop_and_branch(n):
    a, b = _tiles(2, 70 + n)
    assert agree(_level1_kernel(), [a, b, n]) == "ok"
    result = runtime.run(_level1_kernel(), "k", a, b, n, engine="jit")
    np.testing.assert_array_equal(result, a | b if n else a)
