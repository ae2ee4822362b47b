"""IR mutation: mutants of the lit corpus through every named pipeline and
the print/re-parse round trip, each a pto-opt subprocess; the translators
on them and on PTO-AS mutants (translate_fuzz.py).

A mutant that does not verify stops at the parser or verifier, which every
pipeline runs first, so only verified mutants go on to the pipelines. A
verified mutant must also survive the round trip: its custom and its
generic printout re-parse to the same custom printout. Every mutant is also
parsed by the Python bindings (py_parse_worker.py), which must agree with
pto-opt and not crash.
"""
import collections
import json
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile

import corpus
import known
import minimize
import mutate
import pto_opt
import translate_fuzz

ROUND_TRIP = "round-trip"
PYTHON_PARSE = "python-parse"
_PY_WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "py_parse_worker.py")


class PythonParser:
    """The bindings' leg: a worker process that parses inputs with
    ``ir.Module.parse``; restarted after a crash."""

    def __init__(self):
        self.proc = None
        self.errors = None

    def _start(self):
        # stderr to a file, which cannot fill up as an unread pipe would.
        self.errors = tempfile.TemporaryFile("w+")
        self.proc = subprocess.Popen([sys.executable, _PY_WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.errors, text=True)

    def parse(self, text):
        """(answer dict, None) or (None, crash signature)."""
        if self.proc is None:
            self._start()
        try:
            self.proc.stdin.write(json.dumps(text) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if line:
            return json.loads(line), None
        self.proc.stdin.close()
        self.proc.wait()
        self.errors.seek(0)
        stderr = self.errors.read()
        self.errors.close()
        signature = pto_opt.crash_signature(self.proc.returncode, stderr)
        if signature is None or "no stack" in signature:
            fatal = next((line for line in stderr.splitlines() if "error" in line.lower()), "")
            signature = f"{signature or f'exit {self.proc.returncode}'}: {fatal.strip()}"
        self.proc = None
        return None, signature

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()
            self.errors.close()
            self.proc = None


class IrReport:
    def __init__(self):
        self.inputs = 0
        self.by_mutator = collections.Counter()
        self.verified = 0
        self.runs = collections.Counter()
        self.crashes = {}          # (pipeline, signature) -> finding dict
        self.round_trip = {}       # problem -> finding dict
        self.unclear = {}          # (tool, pattern) -> finding dict
        self.ptoas_refusals = {}   # ptoas's error, numbers masked -> finding dict
        self.asm_inputs = 0
        self.asm_imported = 0
        self.asm_own_seeds = 0     # mutants of translate_fuzz.OWN_ASM_SEEDS

    def as_dict(self):
        return {
            "inputs": self.inputs,
            "inputs_by_mutator": dict(sorted(self.by_mutator.items())),
            "verified": self.verified,
            "asm_inputs": self.asm_inputs,
            "asm_imported": self.asm_imported,
            "asm_own_seeds": self.asm_own_seeds,
            "runs": dict(sorted(self.runs.items())),
            "runs_total": sum(self.runs.values()),
            "crashes": list(self.crashes.values()),
            "round_trip_failures": list(self.round_trip.values()),
            "unclear_errors": list(self.unclear.values()),
            "ptoas_refusals": list(self.ptoas_refusals.values()),
        }


def _slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:80]


class IrFuzzer:
    def __init__(self, seed, binary, findings_dir, minimize_known=False, translate=None):
        self.seed = seed
        self.binary = binary
        self.translators = None if translate is None else translate_fuzz.Translators(
            self, translate)
        self.findings_dir = findings_dir
        # New crashes are always minimized; filed ones only when asked (the
        # long run), as the short run has no time to spare on them.
        self.minimize_known = minimize_known
        self.seeds = corpus.seeds()
        self.report = IrReport()
        self._valid_seeds = None
        self._exportable_seeds = None
        self.python = PythonParser()

    def valid_seeds(self):
        """The seeds that verify unchanged: mutants of them get past the
        verifier far more often, into the pipelines."""
        if self._valid_seeds is None:
            self._valid_seeds = [s for s in self.seeds
                                 if self._run("seed-check", [], s.text).returncode == 0]
        return self._valid_seeds

    def exportable_seeds(self):
        """The seeds that verify and that the PTOAS exporter writes
        unchanged (none without the translators): a stratum of their own, so
        that how often the run reaches the exporter, pto-opt's re-read of it
        and ptoas does not hang on what share of the lit corpus they are."""
        if self._exportable_seeds is None:
            self._exportable_seeds = [] if self.translators is None else [
                s for s in self.valid_seeds()
                if pto_opt.run(self.translators.binary, translate_fuzz.EXPORT_PTOAS,
                               s.text).returncode == 0]
        return self._exportable_seeds

    def _base(self, rng):
        """The seed a mutant starts from: one in four from the seeds the
        PTOAS exporter writes, one in two from the seeds that verify (their
        mutants get past the verifier far more often, into the pipelines),
        the rest from all of them, invalid ones (the -invalid.mlir files)
        included."""
        draw = rng.random()
        exportable = self.exportable_seeds()
        if draw < 0.25 and exportable:
            return rng.choice(exportable)
        return rng.choice(self.valid_seeds() if draw < 0.75 else self.seeds)

    def _run(self, name, options, text, origin=None):
        self.report.runs[name] += 1
        outcome = pto_opt.run(self.binary, options, text)
        if origin is not None:
            translate_fuzz.note_unclear(self.report, name, options, text, origin, outcome)
        return outcome

    def record_crash(self, pipeline, options, text, outcome, origin, binary=None):
        """A crash of ``binary`` (pto-opt by default) running ``options`` on
        ``text``: minimized and saved the first time its signature shows."""
        binary = binary or self.binary
        key = (pipeline, outcome.crash)
        if key in self.report.crashes:
            self.report.crashes[key]["count"] += 1
            return
        item = known.known_item(pipeline, outcome.crash)
        smallest = text
        if item is None or self.minimize_known:
            smallest = minimize.minimize(
                text, lambda t: pto_opt.run(binary, options, t).crash == outcome.crash)
        finding = {"pipeline": pipeline, "options": options, "signature": outcome.crash,
                   "known": item, "origin": origin, "count": 1, "input": smallest,
                   "tool": os.path.basename(binary)}
        finding["file"] = self._save(finding)
        self.report.crashes[key] = finding

    def _save(self, finding):
        if self.findings_dir is None:
            return None
        os.makedirs(self.findings_dir, exist_ok=True)
        name = _slug(f"{finding['pipeline']}-{finding['signature']}") + ".mlir"
        path = os.path.join(self.findings_dir, name)
        command = " ".join(shlex.quote(word)
                           for word in [finding.get("tool", "pto-opt"), *finding["options"], name])
        header = [f"// {command}", f"// {finding['signature']}",
                  f"// found by the fuzzer from {finding['origin']}"]
        if finding["known"]:
            header.append(f"// filed: {finding['known']}")
        with open(path, "w") as f:
            f.write("\n".join(header) + "\n" + finding["input"].rstrip("\n") + "\n")
        return path

    def _python_parse(self, text, verify, origin):
        """The bindings parse what pto-opt parses, print what it prints, and
        do not crash."""
        self.report.runs[PYTHON_PARSE] += 1
        answer, crash = self.python.parse(text)
        if crash is not None:
            key = (PYTHON_PARSE, crash)
            if key not in self.report.crashes:
                finding = {"pipeline": PYTHON_PARSE, "options": [], "signature": crash,
                           "known": known.known_item(PYTHON_PARSE, crash), "origin": origin,
                           "count": 0, "input": text}
                finding["file"] = self._save(finding)
                self.report.crashes[key] = finding
            self.report.crashes[key]["count"] += 1
            return
        if verify.crash:
            return
        agrees = ("ok" in answer) == (verify.returncode == 0) and (
            "ok" not in answer or answer["ok"].rstrip() == verify.stdout.rstrip())
        if not agrees:
            key = ("python", "differs from pto-opt")
            if key not in self.report.round_trip:
                self.report.round_trip[key] = {
                    "form": "python", "problem": "differs from pto-opt", "origin": origin,
                    "input": text, "diagnostic": json.dumps(answer)[:2000]}

    def _round_trip(self, text, printed, origin):
        """Custom and generic printouts of a verified input re-parse to the
        same custom printout."""
        generic = self._run("print-generic", ["--mlir-print-op-generic"], text)
        checks = [("custom", printed)]
        if generic.crash:
            self.record_crash("print-generic", ["--mlir-print-op-generic"], text, generic, origin)
        elif generic.returncode == 0:
            checks.append(("generic", generic.stdout))
        for form, output in checks:
            again = self._run(f"{ROUND_TRIP}-{form}", [], output)
            if again.crash:
                self.record_crash(f"{ROUND_TRIP}-{form}", [], output, again, origin)
            elif again.returncode != 0 or again.stdout != printed:
                problem = ("does not re-parse" if again.returncode else "prints differently")
                key = (form, problem)
                if key not in self.report.round_trip:
                    self.report.round_trip[key] = {
                        "form": form, "problem": problem, "origin": origin, "input": text,
                        "diagnostic": again.stderr.strip()[:2000]}

    def one(self, index):
        """Mutant number ``index`` of this seed: the same input every time."""
        rng = random.Random(f"{self.seed}:ir:{index}")
        base = self._base(rng)
        text, applied = mutate.mutate(rng, base.text)
        origin = f"{base.name} ({', '.join(applied) or 'unchanged'})"
        self.report.inputs += 1
        self.report.by_mutator.update(applied or ["unchanged"])
        verify = self._run("verify", pto_opt.PIPELINES["verify"], text, origin)
        self._python_parse(text, verify, origin)
        if verify.crash:
            self.record_crash("verify", [], text, verify, origin)
            return
        if verify.returncode != 0:
            return
        self.report.verified += 1
        dps = None
        for name, options in pto_opt.PIPELINES.items():
            if name == "verify":
                continue
            outcome = self._run(name, options, text, origin)
            if outcome.crash:
                self.record_crash(name, options, text, outcome, origin)
            elif name == "pto-to-dps" and outcome.returncode == 0:
                dps = outcome.stdout
        self._round_trip(text, verify.stdout, origin)
        if self.translators:
            self.translators.mlir(text, dps, origin)

    def run(self, count, progress=None, ptoas_count=0):
        """``count`` IR mutants, then ``ptoas_count`` PTO-AS mutants (with
        the translators)."""
        for index in range(count):
            if progress and index and index % 1000 == 0:
                print(f"ir: {index}/{count}", file=progress, flush=True)
            self.one(index)
        self.python.close()
        for index in range(ptoas_count if self.translators else 0):
            self.translators.assembly(index, self.seed)
        return self.report
