"""Pipelines from Python: results, and failures with a working reproducer."""
import shlex
import subprocess
import tempfile

import pytest

from pto_mlir import ir, pipeline

LEVEL1 = """
func.func @k(%a: !pto.tile<vec, 8x32xui8>, %b: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  %0 = pto.tor %a, %b : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>
  return %0 : !pto.tile<vec, 8x32xui8>
}"""  # noqa: E501

# An scf.execute_region over tiles, which pto-ssa-to-dps refuses.
REGION = """
func.func @k(%a: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  %r = scf.execute_region -> !pto.tile<vec, 8x32xui8> {
    scf.yield %a : !pto.tile<vec, 8x32xui8>
  }
  return %r : !pto.tile<vec, 8x32xui8>
}"""

BUF = "!pto.tile_buf<vec, 8x32xui8>"


def test_to_dps_converts_level1():
    with ir.Context():
        module = pipeline.to_dps(ir.Module.parse(LEVEL1))
        text = str(module)
    assert f"func.func @k(%arg0: {BUF}, %arg1: {BUF}, %arg2: {BUF}) {{" in text
    assert f"pto.tor ins(%arg0, %arg1 : {BUF}, {BUF}) outs(%arg2 : {BUF})" in text
    assert "!pto.tile<" not in text


def test_to_llvm_leaves_no_pto():
    with ir.Context():
        module = pipeline.to_llvm(pipeline.to_dps(ir.Module.parse(LEVEL1)))
        text = str(module)
    assert "pto." not in text.replace("pto_host.errors", "")
    assert "llvm.func @k" in text


def test_failure_carries_diagnostics_and_reproducer(tmp_path, monkeypatch):
    # Nothing is written unless asked: not into the temp directory either.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    with ir.Context():
        module = ir.Module.parse(REGION)
        with pytest.raises(pipeline.PipelineError) as info:
            pipeline.to_dps(module)
    error = info.value
    assert list((tmp_path / "tmp").iterdir()) == []
    message = ("'scf.execute_region' op on !pto.tile values is not supported by "
               "pto-ssa-to-dps (tile ops, func.call, scf.for, scf.while and scf.if are)")
    assert message in error.diagnostics
    assert error.pipeline == "builtin.module(pto-to-dps{placement=auto})"
    assert str(error).endswith(
        "reproduce with: pto-opt INPUT.mlir "
        "--pass-pipeline='builtin.module(pto-to-dps{placement=auto})' "
        "(error.save_reproducer('INPUT.mlir') writes the input)")
    # The command reproduces the failure on the saved input.
    path = tmp_path / "repro.mlir"
    command = error.save_reproducer(path)
    assert command == (f"pto-opt {path} "
                       "--pass-pipeline='builtin.module(pto-to-dps{placement=auto})'")
    proc = subprocess.run(shlex.split(command), capture_output=True, text=True)
    assert proc.returncode != 0
    assert message in proc.stderr


TWO_OPS = """
func.func @k(%a: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  %0 = pto.tor %a, %a : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>
  %1 = pto.tor %0, %a : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>
  return %1 : !pto.tile<vec, 8x32xui8>
}"""  # noqa: E501


def test_to_dps_places_buffers_unless_told_not_to():
    with ir.Context():
        placed = str(pipeline.to_dps(ir.Module.parse(TWO_OPS)))
        unplaced = str(pipeline.to_dps(ir.Module.parse(TWO_OPS), placement="none"))
    assert "pto.tassign %0, @tile(0x0)" in placed
    assert "pto.alloc_tile" in unplaced and "pto.tassign" not in unplaced


def test_to_dps_manual_placement_requires_tassign():
    with ir.Context():
        with pytest.raises(pipeline.PipelineError) as info:
            pipeline.to_dps(ir.Module.parse(TWO_OPS), placement="manual")
    assert ("'pto.alloc_tile' op has no pto.tassign placement (manual mode places "
            "every buffer by hand)") in info.value.diagnostics
    assert info.value.pipeline == "builtin.module(pto-to-dps{placement=manual})"


def test_to_dps_target_sets_the_module_attribute():
    with ir.Context():
        module = pipeline.to_dps(ir.Module.parse(TWO_OPS), target="a2a3")
        assert str(module.operation.attributes["pto.target_arch"]) == '"a2a3"'
        with pytest.raises(pipeline.PipelineError) as info:
            pipeline.to_dps(module, target="a5")
    assert info.value.diagnostics == "the module targets 'a2a3' (pto.target_arch), not 'a5'"
    assert info.value.pipeline == "builtin.module(pto-to-dps{placement=auto})"


def test_set_target_refuses_to_change_the_target():
    with ir.Context():
        module = ir.Module.parse('module attributes {pto.target_arch = "a5"} {}')
        with pytest.raises(ValueError, match=r"^the module targets 'a5', not 'a2a3'$"):
            pipeline.set_target(module, "a2a3")


@pytest.mark.parametrize("options, message", [
    ({"placement": "eager"}, r"^unknown placement 'eager' \(expected one of auto, manual, none\)$"),
    ({"target": "a3"}, r"^unknown target 'a3' \(expected 'a2a3' or 'a5'\)$"),
])
def test_to_dps_rejects_unknown_options(options, message):
    with ir.Context():
        with pytest.raises(ValueError, match=message):
            pipeline.to_dps(ir.Module.parse(TWO_OPS), **options)


def _unterminated_kernel():
    """The module a `from_py_func` body leaves when an exception escapes
    it: the function has its ops but no return."""
    from pto_mlir.dialects import func, pto
    module = ir.Module.create()
    tile = ir.Type.parse("!pto.tile<vec, 8x32xui8>")
    with ir.InsertionPoint(module.body):
        with pytest.raises(ZeroDivisionError):
            @func.FuncOp.from_py_func(tile, tile)
            def k(a, b):
                pto.tor(a, b)
                return 1 / 0
    return module


TOR = ("%0 = \"pto.tor\"(%arg0, %arg1) : "
       "(!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>")


def test_a_function_left_without_its_return_is_a_located_error():
    with ir.Context(), ir.Location.file("builder.py", 3, 5):
        module = _unterminated_kernel()
        with pytest.raises(pipeline.PipelineError) as info:
            pipeline.to_dps(module)
    assert info.value.diagnostics == (
        "Verification failed:\nerror: \"builder.py\":3:5: block with no terminator, has "
        f"{TOR}\n note: \"builder.py\":3:5: see current operation: {TOR}")


def test_pto_ssa_to_dps_refuses_an_unterminated_function_itself():
    # Without the verifier before it (a pass manager run directly): the pass
    # says what is missing instead of failing an assertion.
    from pto_mlir import passmanager
    with ir.Context(), ir.Location.file("builder.py", 3, 5):
        module = _unterminated_kernel()
        with pytest.raises(ir.MLIRError) as info:
            passmanager.PassManager.parse("builtin.module(pto-ssa-to-dps)").run(
                module.operation)
    assert [(str(d.location), d.message) for d in info.value.error_diagnostics] == [
        ('loc("builder.py":3:5)', "'func.func' op pto-ssa-to-dps: a block of its region "
         "does not end with 'func.return'")]
