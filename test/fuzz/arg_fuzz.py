"""Argument fuzzing of ``runtime.run`` on both engines (arg_worker.py runs
the calls; this side keeps the tally and restarts a worker that dies).

A case is a finding when the engines disagree (one fails, or their result
bytes, returned values or error type and message differ), when an engine
raises an exception type runtime.run does not document, when a failed call
changed the caller's arrays, or when the worker process dies. A kernel that
killed the process on an engine is not run on it again: its later cases
count against the same crash.

A case still running after CASE_SECONDS is stopped and tallied as slow, not
as a finding: a fuzzed loop bound (an index argument of 2^31) asks for a
kernel that runs for hours, which both engines would do correctly. Its
kernel is not run again on that engine.
"""
import collections
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading

import known
import pto_opt

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "arg_worker.py")
# The `pl` kernels' worker: the same lines, and each engine's outcome also
# holds a later call's ("later"), which must be the first call's.
PL_WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pl_worker.py")
# The engines each case runs on and compares (pto-isa's simulator is not
# fuzzed here: a kernel it runs is compiled for seconds, and a random
# negative loop bound loops for hours there, docs/ptoas.md).
ENGINES = ("interp", "jit")
CASE_SECONDS = 20
# Under valgrind's memcheck (ArgFuzzer(memcheck=True)) a process runs some
# 30 times slower: a case gets that much longer. The worker's heap is
# malloc's (PYTHONMALLOC=malloc), so that an access of the JIT's code past
# a numpy array is an invalid read or write memcheck reports.
MEMCHECK_SLOWDOWN = 30
# The dynamic loader's own reads past a string's end (its strncmp reads
# words), which memcheck reports in every process: not the kernel's.
_LOADER_NOISE = re.compile(r"\(dl-[\w-]+\.c:\d+\)|ld-linux")
_INVALID_ACCESS = re.compile(r"==\d+== (Invalid (?:read|write) of size \d+)\n"
                             r"((?:==\d+==    (?:at|by) .*\n){1,3})")


class ArgReport:
    def __init__(self):
        self.cases = 0
        self.kernels = 0
        self.by_mutation = collections.Counter()
        self.outcomes = collections.Counter()
        self.mismatches = {}
        self.undocumented = {}
        self.touched = {}
        self.crashes = {}
        self.jit_refused = collections.Counter()
        # kernel -> "engine outcome" -> count: what each kernel did.
        self.by_kernel = collections.defaultdict(collections.Counter)
        # "engine kernel" -> the case stopped after CASE_SECONDS.
        self.slow = {}
        # "engine kernel" -> the crash (or slow case) it caused: not run again.
        self.killers = {}
        # Under memcheck: its invalid reads and writes, by signature.
        self.out_of_bounds = {}

    def as_dict(self):
        return {
            "cases": self.cases, "engine_calls": 2 * self.cases, "kernels": self.kernels,
            "cases_that_killed_the_process": sum(c["count"] for c in self.crashes.values()),
            "cases_by_mutation": dict(sorted(self.by_mutation.items())),
            "outcomes": dict(sorted(self.outcomes.items())),
            "mismatches": list(self.mismatches.values()),
            "undocumented_exceptions": list(self.undocumented.values()),
            "arrays_touched_on_failure": list(self.touched.values()),
            "crashes": list(self.crashes.values()),
            "jit_refused_kernels": dict(sorted(self.jit_refused.items())),
            "outcomes_by_kernel": {k: dict(sorted(v.items()))
                                   for k, v in sorted(self.by_kernel.items())},
            "slow_cases": list(self.slow.values()),
            "cases_stopped_as_slow": sum(s["count"] for s in self.slow.values()),
            "out_of_bounds": list(self.out_of_bounds.values()),
        }


def _mutation_kind(name):
    # "#2 dtype int8" -> "dtype"; "arity: one argument too few" -> "arity"
    words = name.split()
    return words[1] if words[0].startswith("#") else words[0].rstrip(":")


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
    def __init__(self, seed, kernel_limit, worker=WORKER, memcheck=False):
        self.seed = seed
        self.kernel_limit = kernel_limit
        self.worker = worker
        self.memcheck = memcheck
        self.case_seconds = CASE_SECONDS * (MEMCHECK_SLOWDOWN if memcheck else 1)
        self.report = ArgReport()

    def _mismatch(self, signature, case):
        item = known.known_item("runtime", f"{signature}: {case['kernel']}: "
                                f"{json.dumps(case['interp'])} {json.dumps(case['jit'])}")
        entry = self.report.mismatches.setdefault(
            (signature, case["kernel"]),
            {"signature": signature, "known": item, "count": 0, "example": case})
        entry["count"] += 1

    def _tally(self, case):
        report = self.report
        killed = [e for e in ENGINES if case[e].get("killed")]
        if killed:
            # A repeat of a crash already recorded; nothing to compare.
            report.killers[f"{killed[0]} {case['kernel']}"]["count"] += 1
            return
        report.cases += 1
        report.by_mutation.update({_mutation_kind(n) for n in case["mutations"]})
        for engine in ENGINES:
            outcome = case[engine]
            report.outcomes[f"{engine} {_outcome_key(outcome)}"] += 1
            report.by_kernel[case["kernel"]][f"{engine} {_outcome_key(outcome)}"] += 1
            later = outcome.get("later")
            for call in (outcome, later) if later else (outcome,):
                if "error" in call and not call["documented"]:
                    item = known.known_item(
                        "runtime", f"undocumented {call['error']}: {call['message']}")
                    report.undocumented.setdefault(
                        (engine, call["error"]),
                        {"engine": engine, "error": call["error"], "known": item,
                         "example": case})
            if "error" in outcome and outcome["arrays_touched"]:
                report.touched.setdefault((engine, case["kernel"]), case)
            if later and self._differ({k: v for k, v in outcome.items() if k != "later"},
                                      later):
                self._mismatch(f"first and later calls differ on {engine}", case)
        if case["jit"].get("jit_refused"):
            # The documented limits of the compiled engine (docs/lowering.md):
            # not an answer to compare.
            report.jit_refused[case["kernel"]] += 1
            return
        if self._differ(case["interp"], case["jit"]):
            self._mismatch(_mismatch_signature(case), case)

    @staticmethod
    def _differ(a, b):
        if ("error" in a) != ("error" in b):
            return True
        if "error" in a:
            return (a["error"], a["message"]) != (b["error"], b["message"])
        return a != b

    def run(self, count, progress=None):
        index = 0
        while index < count:
            index = self._run_worker(index, count)
            if progress:
                print(f"args: {index}/{count}", file=progress, flush=True)
        return self.report

    def _run_worker(self, start, end):
        """Runs cases from ``start`` until the end or the worker's death;
        returns the next case to run."""
        # stderr to a file: a pipe nobody reads while the worker runs would
        # fill up (the ExecutionEngine prints its failures) and block it.
        command = [sys.executable, self.worker, str(self.seed), str(start), str(end - start),
                   str(self.kernel_limit), json.dumps(sorted(self.report.killers))]
        env = None
        with tempfile.TemporaryFile("w+") as errors, \
                tempfile.NamedTemporaryFile("w+", suffix=".memcheck") as log:
            if self.memcheck:
                command = ["valgrind", "--tool=memcheck", f"--log-file={log.name}",
                           *command]
                env = dict(os.environ, PYTHONMALLOC="malloc")
            proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True,
                                    env=env)
            started, timed_out = self._read(proc)
            proc.wait()
            errors.seek(0)
            stderr = errors.read()
            if self.memcheck:
                self._invalid_accesses(log.read(), start, started)
        if timed_out:
            case, running = started
            slow = self.report.slow.setdefault(
                running, {"case": case, "running": running, "count": 0})
            slow["count"] += 1
            self.report.killers[running] = slow
            return case + 1
        if "Traceback (most recent call last)" in stderr:
            raise RuntimeError(f"the argument worker itself failed:\n{stderr[-3000:]}")
        if started is not None and proc.returncode != 0:
            case, running = started
            signature = pto_opt.crash_signature(proc.returncode, stderr) or \
                f"exit {proc.returncode}"
            crash = self.report.crashes.setdefault(signature, {
                "case": case, "signature": signature, "running": running,
                "stderr": stderr[-2000:], "count": 0,
                "known": known.known_item("runtime", f"{signature} (running {running})")})
            crash["count"] += 1
            self.report.killers[running] = crash
            return case + 1
        if proc.returncode != 0:
            raise RuntimeError(f"the argument worker failed outside a case:\n{stderr[-3000:]}")
        return end

    def _invalid_accesses(self, log, start, started):
        """Records memcheck's invalid reads and writes in one worker's log
        (the cases it ran: from ``start`` to the one that ended it, if any),
        one finding per kind and innermost frames."""
        until = started[0] if started else "the end"
        for kind, frames in _INVALID_ACCESS.findall(log):
            if _LOADER_NOISE.search(frames):
                continue
            where = " / ".join(line.split(":", 1)[-1].strip() if ":" in line else line.strip()
                               for line in frames.strip().splitlines())
            signature = re.sub(r"0x[0-9A-Fa-f]+", "0x?", f"{kind} {where}")
            entry = self.report.out_of_bounds.setdefault(signature, {
                "signature": signature, "cases": f"{start}..{until}", "count": 0,
                "known": known.known_item("runtime", f"memcheck: {signature}")})
            entry["count"] += 1

    def _read(self, proc):
        """Tallies the worker's cases; returns (case, what ran) of a case
        that started and never ended, or None, and whether that case was
        stopped for running longer than CASE_SECONDS."""
        lines = queue.Queue()

        def pump():
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        started = None
        while True:
            try:
                line = lines.get(timeout=self.case_seconds)
            except queue.Empty:
                if started is None:
                    continue
                proc.kill()
                return started, True
            if line is None:
                return started, False
            if line.startswith("KERNELS "):
                self.report.kernels = int(line.split()[1])
            elif line.startswith("START "):
                _, number, running = line.rstrip("\n").split(" ", 2)
                started = (int(number), running)
            elif line.startswith("CASE "):
                self._tally(json.loads(line[5:]))
                started = None
