"""Level 1 loops whose carried tiles pto-ssa-to-dps must not merge with
another live value: an init the body reads again in every iteration, one
init given for two iter_args, iter_args yielded in swapped order, and an
inner loop whose result goes to the outer carrier that its body reads, and
an scf.while whose two regions carry tiles in two sets of carriers. Each
kernel runs on both engines (the interpreter on Level 1 itself, the JIT after pto-ssa-to-dps) and is
checked against a numpy model; the body's shift (textract + tinsert) is
not idempotent, so a shared buffer changes the bits."""
import numpy as np
import pytest

from agreement import agree
from pto_mlir import runtime

pytest.importorskip("pto_mlir.runtime.jit")

T, H = "!pto.tile<vec, 8x32xi32>", "!pto.tile<vec, 8x16xi32>"
HEAD = """  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %s = pto.tor %a, %b : ({T}, {T}) -> {T}"""

# x = s; n times: x[:, :16] = x[:, 16:]; x |= s. Returns x | x.
INIT_READ_IN_LOOP = f"""func.func @k(%a: {T}, %b: {T}, %n: index) -> {T} {{
{HEAD.format(T=T)}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %s) -> ({T}) {{
    %h = pto.textract %x, %c0, %c16 : ({T}, index, index) -> {H}
    %x2 = pto.tinsert %h, %c0, %c0 into %x : ({H}, index, index) -> {T}
    %x3 = pto.tor %x2, %s : ({T}, {T}) -> {T}
    scf.yield %x3 : {T}
  }}
  %o = pto.tor %r, %r : ({T}, {T}) -> {T}
  return %o : {T}
}}"""

# x = y = s; n times: x[:, 16:] = x[:, :16]. Returns (x | y, y | y).
ONE_INIT_TWICE = f"""func.func @k(%a: {T}, %b: {T}, %n: index) -> ({T}, {T}) {{
{HEAD.format(T=T)}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %s, %y = %s) -> ({T}, {T}) {{
    %h = pto.textract %x, %c0, %c0 : ({T}, index, index) -> {H}
    %x2 = pto.tinsert %h, %c0, %c16 into %x : ({H}, index, index) -> {T}
    scf.yield %x2, %y : {T}, {T}
  }}
  %o = pto.tor %r#0, %r#1 : ({T}, {T}) -> {T}
  %p = pto.tor %r#1, %r#1 : ({T}, {T}) -> {T}
  return %o, %p : {T}, {T}
}}"""


# (x, y) = (a, b); n times (x, y) = (y, x). Returns x | x.
SWAP = f"""func.func @k(%a: {T}, %b: {T}, %n: index) -> {T} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> ({T}, {T}) {{
    scf.yield %y, %x : {T}, {T}
  }}
  %o = pto.tor %r#0, %r#0 : ({T}, {T}) -> {T}
  return %o : {T}
}}"""

# x = s; n times: (y = a; n times: y[:, :16] = x[:, 16:]); x = y. Returns x | x.
NESTED = f"""func.func @k(%a: {T}, %b: {T}, %n: index) -> {T} {{
{HEAD.format(T=T)}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %s) -> ({T}) {{
    %q = scf.for %j = %c0 to %n step %c1 iter_args(%y = %a) -> ({T}) {{
      %h = pto.textract %x, %c0, %c16 : ({T}, index, index) -> {H}
      %z = pto.tinsert %h, %c0, %c0 into %y : ({H}, index, index) -> {T}
      scf.yield %z : {T}
    }}
    scf.yield %q : {T}
  }}
  %o = pto.tor %r, %r : ({T}, {T}) -> {T}
  return %o : {T}
}}"""


# x = s; while i < n: (x[:, :16] = x[:, 16:]; x |= a). Returns the last
# shifted x, which the condition passes on.
WHILE = f"""func.func @k(%a: {T}, %b: {T}, %n: index) -> {T} {{
{HEAD.format(T=T)}
  %r:2 = scf.while (%x = %s, %i = %c0) : ({T}, index) -> (index, {T}) {{
    %go = arith.cmpi slt, %i, %n : index
    %h = pto.textract %x, %c0, %c16 : ({T}, index, index) -> {H}
    %y = pto.tinsert %h, %c0, %c0 into %x : ({H}, index, index) -> {T}
    scf.condition(%go) %i, %y : index, {T}
  }} do {{
  ^bb0(%j: index, %z: {T}):
    %w = pto.tor %z, %a : ({T}, {T}) -> {T}
    %j1 = arith.addi %j, %c1 : index
    scf.yield %w, %j1 : {T}, index
  }}
  return %r#1 : {T}
}}"""


def _inputs(seed):
    rng = np.random.default_rng(seed)
    def bits():
        return rng.integers(-2**31, 2**31, (8, 32), dtype=np.int64).astype(np.int32)
    return bits(), bits()


def _engines_give(kernel, a, b, n, *expected):
    """Both engines agree on @k(a, b, n), and the JIT's results are the
    model's `expected`."""
    assert agree(kernel, [a, b, n]) == "ok"
    results = runtime.run(kernel, "k", a, b, n, engine="jit")
    results = results if isinstance(results, tuple) else (results,)
    assert [r.tolist() for r in results] == [e.tolist() for e in expected]


@pytest.mark.parametrize("n", [0, 1, 3])
def test_an_init_read_in_every_iteration_keeps_its_value(n):
    a, b = _inputs(n)
    s = a | b
    x = s.copy()
    for _ in range(n):
        x[:, :16] = x[:, 16:]
        x = x | s
    _engines_give(INIT_READ_IN_LOOP, a, b, n, x)


@pytest.mark.parametrize("n", [0, 1, 3])
def test_one_init_for_two_iter_args_gives_two_values(n):
    a, b = _inputs(10 + n)
    y = a | b
    x = y.copy()
    for _ in range(n):
        x[:, 16:] = x[:, :16]
    _engines_give(ONE_INIT_TWICE, a, b, n, x | y, y)


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_iter_args_yielded_in_swapped_order_are_swapped(n):
    a, b = _inputs(20 + n)
    _engines_give(SWAP, a, b, n, b if n % 2 else a)


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_an_inner_loop_keeps_the_outer_value_it_reads(n):
    a, b = _inputs(30 + n)
    x = a | b
    for _ in range(n):
        y = a.copy()
        for _ in range(n):
            y[:, :16] = x[:, 16:]
        x = y
    _engines_give(NESTED, a, b, n, x)


@pytest.mark.parametrize("n", [0, 1, 3])
def test_a_while_loop_carries_both_regions(n):
    a, b = _inputs(40 + n)
    x = a | b
    for _ in range(n + 1):
        y = x.copy()
        y[:, :16] = x[:, 16:]
        x = y | a
    _engines_give(WHILE, a, b, n, y)
