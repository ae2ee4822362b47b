"""Control flow both engines once treated differently (issue 25, item 5):
an scf.for whose step is not positive fails on both with the
interpreter's message; scf.execute_region runs on both. A Level 1 loop
whose step is, or folds to, a constant <= 0 fails too (issue 38, item 3:
pto-to-dps's canonicalizer erased it before the JIT's check); the pto-isa
engine, whose program cannot check a step, fails it as they do (its calls
run the host checks first)."""
import os

import numpy as np
import pytest

from pto_mlir import runtime

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
ENGINES = ("interp", "jit")
B = "!pto.tile_buf<vec, 2x16xi16>"

LOOP = f"""func.func @k(%lb: index, %ub: index, %step: index, %a: {B}, %d: {B}) -> index {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = scf.for %i = %lb to %ub step %step iter_args(%k = %c0) -> index {{
    pto.tor ins(%a, %d : {B}, {B}) outs(%d : {B})
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }}
  return %n : index
}}"""

UNSIGNED = """func.func @k(%lb: i8, %ub: i8, %step: i8) -> i8 {
  %r = scf.for unsigned %i = %lb to %ub step %step iter_args(%acc = %ub) -> i8 : i8 {
    %x = arith.addi %acc, %i : i8
    scf.yield %x : i8
  }
  return %r : i8
}"""


def _tiles():
    rng = np.random.default_rng(7)
    return [rng.integers(-2**15, 2**15, size=(2, 16), dtype=np.int16) for _ in range(2)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("step", [0, -1, -2**63])
def test_a_step_that_is_not_positive_fails(engine, step):
    a, d = _tiles()
    before = d.copy()
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(LOOP, "k", 0, 10, step, a, d, engine=engine)
    assert str(info.value) == f"'scf.for' op at -:4:8: step is {step}; it must be positive"
    assert d.tobytes() == before.tobytes()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_positive_step_runs(engine):
    a, d = _tiles()
    expected = d | a
    assert runtime.run(LOOP, "k", 1, 10, 4, a, d, engine=engine)[0] == 3   # 1, 5, 9
    assert d.tobytes() == expected.tobytes()
    assert runtime.run(LOOP, "k", 10, -5, 1, a, d, engine=engine)[0] == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_an_unsigned_loop(engine):
    # Unsigned bounds: -56 as i8 is 200. A step of 0 fails; 100 runs
    # i = 0, 100 (not past 255: the engines differ on an induction variable
    # that wraps, which MLIR leaves undefined).
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(UNSIGNED, "k", 0, 1, 0, engine=engine)
    assert str(info.value) == "'scf.for' op at -:2:8: step is 0; it must be positive"
    # acc = -56 + 0 + 100 = 44 (i8).
    assert runtime.run(UNSIGNED, "k", 0, -56, 100, engine=engine) == 44


T = "!pto.tile<vec, 2x16xi16>"


def _level1_loop(step_ops):
    """A Level 1 kernel whose loop's step is %s, defined by ``step_ops``
    (the loop is on line 5)."""
    return f"""func.func @k(%a: {T}) -> {T} {{
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  {step_ops}
  %r = scf.for %i = %c0 to %c10 step %s iter_args(%t = %a) -> {T} {{
    %u = pto.tor %t, %a : ({T}, {T}) -> {T}
    scf.yield %u : {T}
  }}
  return %r : {T}
}}"""


LEVEL1_STEPS = [
    ("%s = arith.constant 0 : index", 0),                          # a constant
    ("%s = arith.constant -4 : index", -4),
    ("%s = arith.subi %c0, %c10 : index", -10),                    # folds to one
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("step_ops,step", LEVEL1_STEPS)
def test_a_level1_constant_step_that_is_not_positive_fails(engine, step_ops, step):
    a = _tiles()[0]
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(_level1_loop(step_ops), "k", a, engine=engine)
    assert str(info.value) == f"'scf.for' op at -:5:8: step is {step}; it must be positive"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_level1_run_time_step_that_is_not_positive_fails(engine):
    kernel = _level1_loop("%s = arith.subi %c0, %n : index").replace(
        "@k(%a:", "@k(%n: index, %a:")
    a = _tiles()[0]
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", 3, a, engine=engine)
    assert str(info.value) == "'scf.for' op at -:5:8: step is -3; it must be positive"
    assert runtime.run(kernel, "k", -5, a, engine=engine).tobytes() == a.tobytes()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_level2_constant_step_of_0_fails(engine):
    c1 = "%c1 = arith.constant 1 : index"
    kernel = LOOP.replace("%step: index, ", "").replace(
        c1, f"{c1}\n  %step = arith.constant 0 : index")
    a, d = _tiles()
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", 0, 10, a, d, engine=engine)
    assert str(info.value) == "'scf.for' op at -:5:8: step is 0; it must be positive"


@pytest.mark.parametrize("step_ops,step", LEVEL1_STEPS)
def test_pto_isa_fails_a_step_that_is_not_positive_as_the_host_engines(pto_isa_tools,
                                                                       step_ops, step):
    # Its program, a C++ for loop, checks no step (a step of 0 never ends):
    # the call's host checks fail first.
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(_level1_loop(step_ops), "k", _tiles()[0], engine="pto-isa")
    assert str(info.value) == f"'scf.for' op at -:5:8: step is {step}; it must be positive"


def test_pto_isa_runs_a_positive_run_time_step(pto_isa_tools):
    kernel = _level1_loop("%s = arith.subi %c0, %n : index").replace(
        "@k(%a:", "@k(%n: index, %a:")
    a = _tiles()[0]
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", 3, a, engine="pto-isa")
    assert str(info.value) == "'scf.for' op at -:5:8: step is -3; it must be positive"
    expected = runtime.run(kernel, "k", -5, a)
    assert runtime.run(kernel, "k", -5, a, engine="pto-isa").tobytes() == expected.tobytes()


@pytest.mark.parametrize("engine", ENGINES)
def test_execute_region_runs(engine):
    kernel = f"""func.func @k(%a: {B}, %d: {B}, %x: i32) -> i32 {{
  %r = scf.execute_region -> i32 {{
    pto.tor ins(%a, %a : {B}, {B}) outs(%d : {B})
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }}
  return %r : i32
}}"""
    a, d = _tiles()
    result, out = runtime.run(kernel, "k", a, d, 21, engine=engine)
    assert result == 42 and out is d and d.tobytes() == a.tobytes()


@pytest.mark.parametrize("engine", ENGINES)
def test_the_execute_region_of_the_buffers_test(engine):
    # test/Dialect/buffers.mlir's @lookup places %b inside an
    # scf.execute_region; it computes nothing the caller sees.
    with open(os.path.join(ROOT, "test", "Dialect", "buffers.mlir")) as f:
        chunk = next(c for c in f.read().split("// -----") if "func.func @lookup(" in c)
    rng = np.random.default_rng(3)
    a = rng.integers(-2**15, 2**15, size=(2, 16), dtype=np.int16)
    b = rng.standard_normal((2, 16)).astype(np.float16)
    assert runtime.run(chunk, "lookup", a, b, engine=engine) is None
