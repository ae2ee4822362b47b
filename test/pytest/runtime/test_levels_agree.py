"""One kernel, three executions, one answer (STYLE.md 8): the Level 1 IR and
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
