"""Argument fuzzing of ``runtime.run`` on both engines (arg_worker.py runs
the calls; this side keeps the tally and restarts a worker that dies).

A case is a finding when the engines disagree (one fails, or their result
bytes, returned values or error type and message differ), when an engine
raises an exception type runtime.run does not document, when a failed call
changed the caller's arrays, or when the worker process dies.
"""
import collections
import json
import os
import subprocess
import sys

import known
import pto_opt

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "arg_worker.py")
ENGINES = ("interp", "jit")


class ArgReport:
    def __init__(self):
        self.calls = 0
        self.kernels = 0
        self.by_mutation = collections.Counter()
        self.outcomes = collections.Counter()
        self.mismatches = {}
        self.undocumented = {}
        self.touched = {}
        self.crashes = {}
        self.jit_refused = collections.Counter()

    def as_dict(self):
        return {
            "cases": self.calls, "engine_calls": 2 * self.calls, "kernels": self.kernels,
            "cases_that_killed_the_process": sum(c["count"] for c in self.crashes.values()),
            "cases_by_mutation": dict(sorted(self.by_mutation.items())),
            "outcomes": dict(sorted(self.outcomes.items())),
            "mismatches": list(self.mismatches.values()),
            "undocumented_exceptions": list(self.undocumented.values()),
            "arrays_touched_on_failure": list(self.touched.values()),
            "crashes": list(self.crashes.values()),
            "jit_refused_kernels": dict(sorted(self.jit_refused.items())),
        }


def _mutation_kind(name):
    # "#2 dtype int8" -> "dtype"; "#0 scalar 1.5" -> "scalar"
    words = name.split()
    return words[1] if words[0].startswith("#") else name


def _outcome_key(outcome):
    if "error" in outcome:
        return outcome["error"].rsplit(".", 1)[-1]
    return "ok"


def _mismatch_signature(case):
    a, b = case["interp"], case["jit"]
    if "error" in a and "error" in b:
        if a["error"] != b["error"]:
            return f"error types differ: {a['error']} / {b['error']}"
        return f"messages differ ({a['error']})"
    if "error" in a or "error" in b:
        failing = "interp" if "error" in a else "jit"
        return f"only {failing} fails: {case[failing]['error']}"
    return "results differ"


class ArgFuzzer:
    def __init__(self, seed, kernel_limit):
        self.seed = seed
        self.kernel_limit = kernel_limit
        self.report = ArgReport()

    def _tally(self, case):
        report = self.report
        report.calls += 1
        report.by_mutation.update({_mutation_kind(n) for n in case["mutations"]})
        for engine in ENGINES:
            outcome = case[engine]
            report.outcomes[f"{engine} {_outcome_key(outcome)}"] += 1
            if "error" in outcome and not outcome["documented"]:
                item = known.known_item(
                    "runtime", f"undocumented {outcome['error']}: {outcome['message']}")
                report.undocumented.setdefault(
                    (engine, outcome["error"]),
                    {"engine": engine, "error": outcome["error"], "known": item,
                     "example": case})
            if "error" in outcome and outcome["arrays_touched"]:
                report.touched.setdefault((engine, case["kernel"]), case)
        if case["jit"].get("jit_refused"):
            # The documented limits of the compiled engine (docs/lowering.md):
            # not an answer to compare.
            report.jit_refused[case["kernel"]] += 1
            return
        if self._differ(case["interp"], case["jit"]):
            signature = _mismatch_signature(case)
            item = known.known_item("runtime", f"{signature}: {case['kernel']}: "
                                    f"{json.dumps(case['interp'])} {json.dumps(case['jit'])}")
            entry = report.mismatches.setdefault(
                (signature, case["kernel"]),
                {"signature": signature, "known": item, "count": 0, "example": case})
            entry["count"] += 1

    @staticmethod
    def _differ(a, b):
        if ("error" in a) != ("error" in b):
            return True
        if "error" in a:
            return (a["error"], a["message"]) != (b["error"], b["message"])
        return a != b

    def run(self, count, deadline=None, clock=None):
        index, end = 0, count
        while index < end:
            if deadline is not None and clock() > deadline:
                break
            index = self._run_worker(index, end, deadline, clock)
        return self.report

    def _run_worker(self, start, end, deadline, clock):
        """Runs cases from ``start`` until the end, the deadline or the
        worker's death; returns the next case to run."""
        proc = subprocess.Popen(
            [sys.executable, WORKER, str(self.seed), str(start), str(end - start),
             str(self.kernel_limit)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        current = start
        started = None
        for line in proc.stdout:
            if line.startswith("KERNELS "):
                self.report.kernels = int(line.split()[1])
            elif line.startswith("START "):
                _, number, engine, kernel = line.rstrip("\n").split(" ", 3)
                started, running = int(number), f"{engine} on {kernel}"
            elif line.startswith("CASE "):
                self._tally(json.loads(line[5:]))
                current = started + 1
                started = None
                if deadline is not None and clock() > deadline:
                    proc.kill()
                    break
        stderr = proc.stderr.read()
        proc.wait()
        if "Traceback (most recent call last)" in stderr:
            raise RuntimeError(f"the argument worker itself failed:\n{stderr[-3000:]}")
        if started is not None and proc.returncode != 0:
            signature = pto_opt.crash_signature(proc.returncode, stderr) or \
                f"exit {proc.returncode}"
            crash = self.report.crashes.setdefault(signature, {
                "case": started, "signature": signature, "running": running,
                "stderr": stderr[-2000:], "count": 0,
                "known": known.known_item("runtime", f"{signature} ({running})")})
            crash["count"] += 1
            return started + 1
        if proc.returncode not in (0, -9) and started is None and current == start:
            raise RuntimeError(f"the argument worker failed before its first case:\n{stderr}")
        return current if current > start else end
