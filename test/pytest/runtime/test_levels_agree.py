"""One kernel, three executions, one answer: the Level 1 IR and
its placed Level 2 form (pto-to-dps) in the interpreter, and the compiled
code."""
import os

import numpy as np

from pto_mlir import ir, pipeline, runtime

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
EXAMPLE = os.path.join(ROOT, "examples", "or_reduce.mlir")


def test_or_reduce_level1_level2_and_jit_agree():
    rng = np.random.default_rng(11)
    tiles = [rng.integers(0, 1 << 16, (16, 64), dtype=np.uint16) for _ in range(4)]
    expected = tiles[0] | tiles[1] | tiles[2] | tiles[3]
    text = open(EXAMPLE).read()
    level1 = runtime.run(text, "or_reduce", *tiles)
    compiled = runtime.run(text, "or_reduce", *tiles, engine="jit")
    with ir.Context():
        module = ir.Module.parse(text)
        pipeline.to_dps(module, placement="auto")
        assert "pto.tassign" in str(module)     # the Level 2 form is placed
        out = np.full((16, 64), 0xABCD, dtype=np.uint16)
        level2 = runtime.run(module, "or_reduce", *tiles, out)
    assert level2 is out
    for result in (level1, compiled, level2):
        assert result.tobytes() == expected.tobytes()


T = "!pto.tile<vec, 1x16xi16>"
LOOP = f"""module attributes {{pto.target_arch = "a5"}} {{
func.func @k(%a: {T}, %b: {T}, %n: index) -> {T} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> ({T}) {{
    %s = pto.treshape %acc : {T} -> {T}
    %next = pto.tor %s, %b : ({T}, {T}) -> {T}
    scf.yield %next : {T}
  }}
  %x, %y = pto.tinterleave %r, %b : ({T}, {T}) -> ({T}, {T})
  return %y : {T}
}}
}}"""


def test_loop_with_views_level1_and_placed_level2_agree():
    a = np.arange(16, dtype=np.int16).reshape(1, 16)
    b = np.full((1, 16), 0x100, dtype=np.int16)
    # (a | b) interleaved with b, second half: a[8 + c] | 0x100, then 0x100.
    expected = np.array([[(8 + c) | 0x100 if k == 0 else 0x100
                          for c in range(8) for k in range(2)]], dtype=np.int16)
    level1 = runtime.run(LOOP, "k", a, b, 3)
    with ir.Context():
        module = ir.Module.parse(LOOP)
        pipeline.to_dps(module, placement="auto")
        out = np.zeros((1, 16), dtype=np.int16)
        level2 = runtime.run(module, "k", a, b, 3, out)
    assert level1.tobytes() == expected.tobytes()
    assert level2.tobytes() == expected.tobytes()
