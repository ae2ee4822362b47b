"""The fuzzer's short seeded run (test/fuzz, docs/reliability.md): no
crash, no engine mismatch, no undocumented exception type, no failed call
that changed the caller's arrays, other than the filed failures listed in
test/fuzz/known.py."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = "12"


def test_short_seeded_run_finds_nothing_new(tmp_path):
    report_path = tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "test", "fuzz"), "--seed", SEED,
         "--findings", str(tmp_path / "findings"), "--json", str(report_path)],
        capture_output=True, text=True, timeout=900)
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads(report_path.read_text())
    # The run did what it says: inputs through pto-opt, calls on both engines.
    assert report["ir"]["inputs"] == 900 and report["ir"]["verified"] > 100
    args = report["args"]
    assert (args["cases"] + args["cases_that_killed_the_process"]
            + args["cases_stopped_as_slow"]) == 800
    assert args["outcomes"]["interp ok"] > 100 and args["outcomes"]["jit ok"] > 100
    totals = report["totals"]
    known = {k: totals[k] for k in totals if k.startswith("known_")}
    assert totals == {
        "crashes": 0, "round_trip_failures": 0, "mismatches": 0,
        "undocumented_exception_types": 0, "arrays_touched_on_failure": 0, **known,
    }, proc.stdout
    assert proc.returncode == 0
