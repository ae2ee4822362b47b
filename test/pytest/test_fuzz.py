"""The fuzzer's short seeded run (test/fuzz, docs/reliability.md): no
crash, no engine mismatch, no undocumented exception type, no failed call
that changed the caller's arrays, no message naming internals, other than
the filed failures listed in test/fuzz/known.py; and it reached every
surface: pto-opt's pipelines, the translators, runtime.run on kernels with
scalar results, placements and loop bounds, `pl` kernels; and, with the
device tools, ptoas on the export, the window forms of PTO-AS, global
memory with index arguments near the int64 limits, kernels on the pto-isa
engine against the host engines and its damaged cache entries (issue 38,
item 7)."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The run's floors (a surface reached > N times) hold for this seed; the
# IR mutants draw a quarter of their seeds from those the PTOAS exporter
# writes (ir_fuzz.IrFuzzer._base), so new lit files do not starve the
# export, re-read and ptoas floors; the argument cases come from
# kernels.mlir alone (13 and 15 miss the placed_in_loop and loop_bounds
# failures).
SEED = "14"
OWN = "test/fuzz/kernels.mlir"
# The pto-isa surfaces and the ptoas check need the device tools; CI
# (PTO_REQUIRE_DEVICE_TOOLS=1) has them, elsewhere the run skips those parts.
DEVICE_TOOLS = bool(os.environ.get("PTOAS")) and bool(os.environ.get("PTO_ISA_ROOT"))


def _kernel(args, name):
    """The outcomes of the kernel of kernels.mlir named ``name``."""
    found = [v for k, v in args["outcomes_by_kernel"].items()
             if k.startswith(OWN) and k.endswith(f" @{name}")]
    assert len(found) == 1, name
    return found[0]


def test_short_seeded_run_finds_nothing_new(tmp_path):
    if os.environ.get("PTO_REQUIRE_DEVICE_TOOLS") == "1":
        assert DEVICE_TOOLS, "PTO_REQUIRE_DEVICE_TOOLS=1 but PTOAS or PTO_ISA_ROOT is not set"
    report_path = tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "test", "fuzz"), "--seed", SEED,
         "--findings", str(tmp_path / "findings"), "--json", str(report_path)],
        capture_output=True, text=True, timeout=900)
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads(report_path.read_text())
    # The run did what it says: inputs through pto-opt and pto-translate ...
    ir = report["ir"]
    assert ir["inputs"] == 400 and ir["verified"] > 50
    assert ir["asm_inputs"] == 100 and ir["asm_imported"] > 5
    for run in ("export-pto-as", "import-pto-as", "export-ptoas", "reread-ptoas"):
        assert ir["runs"][run] > 20, run
    if DEVICE_TOOLS:   # ... and through ptoas
        assert ir["runs"]["ptoas"] > 10
    assert ir["asm_own_seeds"] > 5   # the window-form seeds, mutated
    # ... calls of runtime.run on both engines ...
    args = report["args"]
    assert (args["cases"] + args["cases_that_killed_the_process"]
            + args["cases_stopped_as_slow"]) == 600
    assert args["outcomes"]["interp ok"] > 100 and args["outcomes"]["jit ok"] > 100
    assert args["cases_by_mutation"]["target"] > 100
    # ... among them functions with scalar results, placed tiles sharing
    # bytes and scf bounds, run by both engines, and failing alike (a step
    # of 0 or below, a placement past a2a3's memory) ...
    for name in ("scalar_id", "scalar_arith", "float_results", "float_args", "overlap",
                 "place_arguments"):
        outcomes = _kernel(args, name)
        assert outcomes.get("interp ok", 0) > 0 and outcomes.get("jit ok", 0) > 0, name
    # ... global memory whose strides and offsets come near the int64
    # limits, and global arrays of the wrong kind (np.matrix among them) ...
    assert args["cases_by_mutation"]["int64-edge"] > 5
    assert args["cases_by_mutation"]["np.matrix"] > 0
    for name in ("strided_window", "dynamic_extents"):
        outcomes = _kernel(args, name)
        assert outcomes.get("interp ok", 0) + outcomes.get("interp KernelError", 0) > 0, name
    for name in ("loop_bounds", "placed_in_loop"):
        outcomes = _kernel(args, name)
        assert outcomes.get("interp KernelError", 0) > 0, name
        assert outcomes.get("jit KernelError") == outcomes.get("interp KernelError"), name
    # ... and `pl` kernels called wrongly, first and later calls.
    pl = report["pl"]
    assert pl["cases"] == 40 and pl["outcomes"]["jit ArgumentError"] > 10
    # ... and the pto-isa engine: kernels against the host engines, then
    # damaged entries of its compile cache.
    device = report["device"]
    if DEVICE_TOOLS:
        assert (device["kernels"], device["damaged"]) == (3, 2), device
    else:
        assert " is needed and " in device["skipped"] or "=" in device["skipped"], device
    totals = report["totals"]
    known = {k: totals[k] for k in totals if k.startswith("known_")}
    assert totals == {
        "crashes": 0, "round_trip_failures": 0, "unclear_errors": 0, "mismatches": 0,
        "undocumented_exception_types": 0, "arrays_touched_on_failure": 0,
        "ptoas_refusals": 0, "device_mismatches": 0, "device_undocumented": 0,
        "device_engine_failures": 0, "cache_entries_not_rebuilt": 0,
        "device_worker_crashes": 0, "out_of_bounds": 0, **known,
    }, proc.stdout
    assert proc.returncode == 0
