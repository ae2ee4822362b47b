"""run(engine="jit", placement="none") derives what it hands jit.py (the module text, after
pto-ssa-to-dps for a Level 1 kernel) once per Kernel: a call neither
prints nor converts the module again while it is unchanged, and a module
the caller changes is converted again."""
import numpy as np

import pto_mlir.runtime as runtime
from pto_mlir import ir
from pto_mlir.runtime.jit import engine as _jit_engine

S, D = "!pto.tile<vec, 1x16xi32>", "!pto.tile<vec, 1x32xi32>"
# dst = src inserted at column k of a zero tile: the result follows the
# constant k, which a test changes in place.
SHIFT = f"""func.func @k(%s: {S}, %z: {D}) -> {D} {{
  %c0 = arith.constant 0 : index
  %k = arith.constant 4 : index
  %d = pto.tinsert %s, %c0, %k into %z : ({S}, index, index) -> {D}
  return %d : {D}
}}"""
SRC = np.arange(1, 17, dtype=np.int32).reshape(1, 16)
ZERO = np.zeros((1, 32), np.int32)


def _counting_conversions(monkeypatch):
    """The modules pto-ssa-to-dps converts for the JIT, as text, in order
    (the calls pass placement="none": the placement check converts the
    module too, once per kernel and target, test_placement_check.py)."""
    converted, to_dps = [], _jit_engine.pipeline.to_dps

    def counting(module, **options):
        converted.append(str(module))
        return to_dps(module, **options)
    monkeypatch.setattr(_jit_engine.pipeline, "to_dps", counting)
    return converted


def _shifted(k):
    return [0] * k + list(range(1, 17)) + [0] * (16 - k)


def test_a_level1_kernel_given_as_text_is_converted_once(monkeypatch):
    converted = _counting_conversions(monkeypatch)
    text = SHIFT.replace("@k(", "@k_text(")
    for _ in range(3):
        result = runtime.run(text, "k_text", SRC, ZERO, engine="jit", placement="none")
        assert result[0].tolist() == _shifted(4)
    assert len(converted) == 1


def test_a_changed_level1_module_is_converted_again(monkeypatch):
    converted = _counting_conversions(monkeypatch)
    with ir.Context():
        module = ir.Module.parse(SHIFT)
    for _ in range(2):
        result = runtime.run(module, "k", SRC, ZERO, engine="jit", placement="none")
        assert result[0].tolist() == _shifted(4)
    assert len(converted) == 1
    constant = list(module.body.operations[0].regions[0].blocks[0].operations)[1]
    with module.context:
        constant.attributes["value"] = ir.IntegerAttr.get(ir.IndexType.get(), 10)
    for _ in range(2):
        result = runtime.run(module, "k", SRC, ZERO, engine="jit", placement="none")
        assert result[0].tolist() == _shifted(10)
    assert len(converted) == 2
    assert "arith.constant 10 : index" in converted[1]
