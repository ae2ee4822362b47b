"""The stages of a kernel: .mlir (Level 1), .dps (placed Level 2), .llvm,
and module() for pto_mlir.pipeline and the runtime."""
import numpy as np

import pto_mlir.language as pl
from language_checks import assert_same, where
from pto_mlir import pipeline, runtime


@pl.kernel(target="a5")
def or_twice(a: pl.Tile[16, 32, pl.i16], b: pl.Tile[16, 32, pl.i16]):
    c = a | b  # first
    return c | a


def test_dps_is_the_placed_level_2_module():
    module = or_twice.module()
    pipeline.to_dps(module)
    assert or_twice.dps == str(module)
    assert "!pto.tile<" not in or_twice.dps
    assert or_twice.dps.count("pto.tassign") == 1       # the one temporary, placed
    assert "pto.tor ins(%arg0, %arg1" in or_twice.dps


def test_llvm_is_the_lowered_module():
    assert "llvm.func @or_twice(" in or_twice.llvm
    assert "pto." not in or_twice.llvm.replace("pto.target_arch", "")


def test_module_carries_the_python_locations():
    text = or_twice.module().operation.get_asm(enable_debug_info=True)
    file, line, col = where(__file__, "first", "a | b").rsplit(":", 2)
    assert f'loc("{file}":{line}:{col})' in text


def test_module_runs_on_the_runtime_and_the_pipeline():
    rng = np.random.default_rng(50)
    a, b = (rng.integers(-100, 100, (16, 32), dtype=np.int16) for _ in range(2))
    assert_same(runtime.run(or_twice.module(), "or_twice", a, b), a | b)
    assert_same(runtime.run(or_twice.module(), "or_twice", a, b, engine="jit"), a | b)
