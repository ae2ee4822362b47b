"""A module the host cannot compile as a whole: each entry is compiled with
only the functions it reaches, so a function the lowering refuses (or
pto-ssa-to-dps cannot take) refuses only the entries that reach it."""
import numpy as np
import pytest

from pto_mlir import pipeline, runtime

jit = pytest.importorskip("pto_mlir.runtime.jit")

B = "!pto.tile_buf<vec, 1x16xi16>"
PACKED = "!pto.tile_buf<vec, 1x64xf4E2M1FN>"
T = "!pto.tile<vec, 1x16xi16>"

# @packed: the host lowering refuses 4-bit elements; @k reaches @inner only.
LEVEL2 = f"""func.func @packed(%s: {PACKED}, %d: {PACKED}) {{
  %c0 = arith.constant 0 : index
  pto.tinsert ins(%s, %c0, %c0 : {PACKED}, index, index) outs(%d : {PACKED})
  return
}}
func.func @inner(%a: {B}, %b: {B}, %d: {B}) {{
  pto.tor ins(%a, %b : {B}, {B}) outs(%d : {B})
  return
}}
func.func @k(%a: {B}, %b: {B}, %d: {B}) {{
  func.call @inner(%a, %b, %d) : ({B}, {B}, {B}) -> ()
  return
}}
func.func @calls_packed(%s: {PACKED}, %d: {PACKED}) {{
  func.call @packed(%s, %d) : ({PACKED}, {PACKED}) -> ()
  return
}}"""

# @region: an scf.execute_region over tiles, which pto-ssa-to-dps does not
# take.
LEVEL1 = f"""func.func @inner(%a: {T}) -> {T} {{
  %r = pto.tor %a, %a : ({T}, {T}) -> {T}
  return %r : {T}
}}
func.func @region(%a: {T}) -> {T} {{
  %r = scf.execute_region -> {T} {{
    scf.yield %a : {T}
  }}
  return %r : {T}
}}
func.func @k(%a: {T}, %b: {T}) -> {T} {{
  %r = pto.tor %a, %b : ({T}, {T}) -> {T}
  return %r : {T}
}}"""

# Every function reached from @k.
CALLS = f"""func.func @inner(%a: {B}, %b: {B}, %d: {B}) {{
  pto.tor ins(%a, %b : {B}, {B}) outs(%d : {B})
  return
}}
func.func @k(%a: {B}, %b: {B}, %d: {B}) {{
  func.call @inner(%a, %b, %d) : ({B}, {B}, {B}) -> ()
  return
}}"""

PACKED_ERROR = ("the kernel cannot be compiled for the host:\n'pto.tinsert' op element type "
                "f4E2M1FN packs several elements per byte, which the host lowering does not "
                "support")


def _operands():
    a = np.arange(-8, 8, dtype=np.int16).reshape(1, 16)
    b = np.array([[1 << i for i in range(15)] + [-32768]], dtype=np.int16)
    return a, b, np.bitwise_or(a, b)


def test_an_entry_runs_beside_a_function_the_host_cannot_lower():
    a, b, expected = _operands()
    d = np.full((1, 16), 7, np.int16)
    jit.run(LEVEL2, "k", a, b, d)
    assert d.tolist() == expected.tolist()


@pytest.mark.parametrize("entry", ["packed", "calls_packed"])
def test_the_entries_reaching_it_are_refused(entry):
    with pytest.raises(jit.UnsupportedError) as info:
        jit.compile(LEVEL2, entry)
    assert str(info.value) == PACKED_ERROR


def test_the_closure_holds_the_entry_and_what_it_calls():
    assert jit.entry_closure(LEVEL2, "k").count("func.func") == 2
    assert "@inner" in jit.entry_closure(LEVEL2, "k")
    assert "@packed" not in jit.entry_closure(LEVEL2, "k")
    assert jit.entry_closure(LEVEL2, "calls_packed").count("func.func") == 2
    # Every function reached, or no such entry: the text unchanged, not a
    # reprint.
    assert jit.entry_closure(LEVEL2, "nowhere") == LEVEL2
    assert jit.entry_closure(CALLS, "k") == CALLS


def test_a_level1_entry_runs_beside_a_region_pto_ssa_to_dps_refuses():
    a, b, expected = _operands()
    result = runtime.run(LEVEL1, "k", a, b, engine="jit")
    assert result.tolist() == expected.tolist()
    with pytest.raises(pipeline.PipelineError) as info:
        runtime.run(LEVEL1, "region", a, engine="jit")
    # Located in the caller's text: line 6 is @region's scf.execute_region.
    assert str(info.value) == (
        "pipeline 'builtin.module(pto-to-dps{placement=none})' failed:\n"
        "Failure while executing pass pipeline:\n"
        "error: \"-\":6:8: 'scf.execute_region' op on !pto.tile values is not supported by "
        "pto-ssa-to-dps (tile ops, func.call, scf.for, scf.while and scf.if are)\n"
        " note: \"-\":6:8: see current operation: \n"
        f"  %0 = \"scf.execute_region\"() ({{\n    \"scf.yield\"(%arg0) : ({T}) -> ()\n"
        f"  }}) : () -> {T}\n"
        "reproduce with: pto-opt INPUT.mlir --pass-pipeline='builtin.module(pto-to-dps"
        "{placement=none})' (error.save_reproducer('INPUT.mlir') writes the input)")
