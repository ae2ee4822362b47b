"""The pto-isa engine under fuzzing (device_worker.py makes the calls, in a
process of its own; this side keeps the tally):

- kernels of the argument fuzzer's pool that the pto-isa engine can express
  (``runtime.pto_isa_text`` takes them), chosen by the seed, run on
  well-formed arguments on the interpreter, the JIT and pto-isa's
  simulator: the three answers must be the same bytes, or fail alike. Few:
  each is a ptoas run and a C++ compile of seconds;
- damaged entries of the pto-isa compile cache: a kernel built once, its
  program then truncated, replaced by other bytes, deleted or made not
  executable, runs again and must give the first answer (the engine checks
  and rebuilds an entry, as the JIT's cache does), never a signal or a raw
  OSError.
A finding is a disagreement, an exception type the engine does not document,
a failed run of a kernel it accepted (``EngineError``), a damaged entry not
rebuilt, or the worker's death. Without the device tools (``PTOAS``,
``PTO_ISA_ROOT``) the surface is skipped, and says so.
"""
import json
import os
import subprocess
import sys
import tempfile

import known

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "device_worker.py")
# The worker's whole run: ptoas and g++ for each kernel and rebuilt entry.
TIMEOUT_SECONDS = 3600
# The totals that are findings (__main__.FINDINGS_TOTALS takes them).
FINDINGS = ("device_mismatches", "device_undocumented", "device_engine_failures",
            "cache_entries_not_rebuilt", "device_worker_crashes")


def run(seed, kernels, damages, progress=None):
    """The report of ``kernels`` pto-isa kernels and ``damages`` damaged
    cache entries (a dict, see summarize)."""
    if not kernels and not damages:
        return {"skipped": "nothing asked", "findings": []}
    with tempfile.TemporaryFile("w+") as errors:
        try:
            done = subprocess.run([sys.executable, WORKER, str(seed), str(kernels), str(damages)],
                                  stdout=subprocess.PIPE, stderr=errors, text=True,
                                  timeout=TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            return _crash(f"no answer in {TIMEOUT_SECONDS} s", "")
        errors.seek(0)
        stderr = errors.read()
    report = None
    for line in done.stdout.splitlines():
        if line.startswith("REPORT "):
            report = json.loads(line[len("REPORT "):])
        elif progress and line.startswith("PROGRESS "):
            print(f"device: {line[len('PROGRESS '):]}", file=progress, flush=True)
    if report is None or done.returncode != 0:
        if "Traceback (most recent call last)" in stderr and done.returncode == 1:
            raise RuntimeError(f"the device worker itself failed:\n{stderr[-3000:]}")
        return _crash(f"exit {done.returncode}" if done.returncode >= 0
                      else f"signal {-done.returncode}", stderr)
    for finding in report["findings"]:
        finding["known"] = known.known_item("pto-isa", f"{finding['kind']}: {finding['what']}")
    return report


def _crash(signature, stderr):
    return {"findings": [{"kind": "device_worker_crashes", "what": signature,
                          "stderr": stderr[-2000:], "known": None}]}


def summarize(report):
    """The totals of the device surface: new findings of each kind, and the
    known ones."""
    findings = report.get("findings", [])
    totals = {}
    for kind in FINDINGS:
        of_kind = [f for f in findings if f["kind"] == kind]
        totals[kind] = sum(1 for f in of_kind if not f["known"])
        totals[f"known_{kind}"] = len(of_kind) - totals[kind]
    return totals


def print_report(report, out):
    if "skipped" in report:
        print(f"pto-isa engine: skipped ({report['skipped']})", file=out)
        return
    if "kernels" in report:
        print(f"pto-isa engine: {report['kernels']} kernels against the host engines "
              f"({report['refused']} refused by the engine, documented; "
              f"{report.get('too_long', 0)} not compared, too long on the host engines), "
              f"{report['damaged']} damaged cache entries", file=out)
    for finding in report.get("findings", []):
        tag = f"known, {finding['known']}" if finding["known"] else "NEW"
        print(f"  {finding['kind']} [{tag}]: {finding['what'][:300]}", file=out)
