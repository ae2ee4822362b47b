"""The translators under fuzzing: pto-translate on the IR mutants and on
mutants of the PTO-AS corpus, each a subprocess.

- Every verified IR mutant is exported to PTO-AS (``--export-pto-asm``); text
  it writes must import again (``--import-pto-asm``) and export to the same
  text. It and its ``pto-to-dps`` form are exported to PTOAS text
  (``--export-ptoas``), which pto-opt reads back without crashing (PTOAS
  text is for ptoas: ops such as ``pto.tmov`` are ptoas's own, so a clean
  refusal there is no finding).
- The PTOAS text exported from a verified mutant's Level 2 form (its
  ``pto-to-dps`` output) is compiled by ``ptoas`` at the level it was
  written for (the exporter's default, level2), when ``PTOAS`` names the
  binary: what the exporter writes, ptoas must take (issue 38, item 2: the
  exporter refuses what ptoas cannot express, at the user's op). A refusal
  is a finding, by ptoas's first error with numbers masked.
- Mutants of the PTO-AS files (``*.ptoasm`` under test/ and examples/) are
  imported, with ``--pto-asm-entry`` sometimes odd (empty, another name);
  what imports must export and import to the same module.

A crash is as for pto-opt (pto_opt.crash_signature). A clean failure is a
finding only where the text came from the exporter (it must read back) or
when its message cannot help the user: the ones UNCLEAR lists, which name
internals instead of the input's problem.
"""
import os
import random
import re
import subprocess
import tempfile

import corpus
import known
import mutate
import pto_opt

EXPORT_PTO_AS = ["--export-pto-asm"]
IMPORT_PTO_AS = ["--import-pto-asm"]
EXPORT_PTOAS = ["--export-ptoas"]
ENTRIES = ["kernel", "kernel", "kernel", "", "other", "k.1"]
# Messages that point at MLIR internals, not at what is wrong with the
# input (issue 25, item 7): an empty symbol, a dialect the tool left out, a
# whole module printed after an error.
UNCLEAR = [re.compile(r"INVALID EMPTY SYMBOL"), re.compile(r"Dialect `\w+' not found"),
           re.compile(r"see current operation:\s*\"?(?:builtin\.)?module")]


def note_unclear(report, name, options, text, origin, outcome):
    """Records a message of UNCLEAR's in ``outcome``'s diagnostics."""
    for pattern in UNCLEAR:
        if pattern.search(outcome.stderr):
            report.unclear.setdefault((name, pattern.pattern), {
                "tool": name, "options": options, "pattern": pattern.pattern,
                "origin": origin, "input": text, "stderr": outcome.stderr[:2000]})


# The fuzzer's own PTO-AS seeds: window-form tloads and tstores at their
# edges, which the lit files have few of.
OWN_ASM_SEEDS = ["test/fuzz/window_kernels.ptoasm"]


def asm_seeds(root=corpus.ROOT):
    """The chunks of every .ptoasm file (split as lit splits them), and of
    OWN_ASM_SEEDS."""
    paths = [os.path.join(root, p) for p in OWN_ASM_SEEDS]
    for top in ("test", "examples"):
        for directory, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [d for d in dirs if d not in ("pytest", "fuzz")]
            paths += [os.path.join(directory, name) for name in sorted(files)
                      if name.endswith(".ptoasm")]
    out = []
    for path in paths:
        with open(path) as f:
            chunks = f.read().split(corpus.SPLIT_MARKER)
        relative = os.path.relpath(path, root)
        out += [corpus.Seed(f"{relative}:{k}", chunk) for k, chunk in enumerate(chunks)]
    return sorted(out, key=lambda s: s.name)


# The level the export is written for: the exporter's default (EXPORT_PTOAS
# names none), level2, where ptoas places the buffers.
PTOAS_LEVEL = "level2"
_PTOAS_ERROR = re.compile(r"^.*error:.*$", re.M)


def ptoas_binary():
    """The ptoas binary ``PTOAS`` names, or None (the check is skipped)."""
    path = os.environ.get("PTOAS")
    return path if path and os.access(path, os.X_OK) else None


def ptoas_refusal(binary, text):
    """ptoas's first error on ``text`` at PTOAS_LEVEL (numbers masked, so
    that one refusal is one finding), or None when it compiles."""
    with tempfile.TemporaryDirectory(prefix="fuzz-ptoas-") as work:
        source = os.path.join(work, "kernel.pto")
        with open(source, "w") as f:
            f.write(text)
        try:
            done = subprocess.run([binary, f"--pto-level={PTOAS_LEVEL}", source, "-o",
                                   os.path.join(work, "kernel.cpp")], capture_output=True,
                                  text=True, timeout=pto_opt.TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            return f"no answer in {pto_opt.TIMEOUT_SECONDS} s"
    if done.returncode == 0:
        return None
    if done.returncode < 0:
        return f"signal {-done.returncode}"
    first = _PTOAS_ERROR.search(done.stderr)
    line = first.group(0) if first else (done.stderr.strip().splitlines() or ["(silent)"])[0]
    line = line.replace(source, "kernel.pto")
    return re.sub(r"[0-9]+", "N", line.split("error:", 1)[-1].strip())


class Translators:
    """Runs the translations of one fuzz run; findings go to ``report``
    through ``fuzzer`` (ir_fuzz.IrFuzzer: its crash and round-trip
    records)."""

    def __init__(self, fuzzer, binary):
        self.fuzzer = fuzzer
        self.binary = binary
        self.seeds = asm_seeds()
        self.ptoas = ptoas_binary()

    def _run(self, name, options, text, origin):
        """One pto-translate run; None when it crashed (recorded)."""
        report = self.fuzzer.report
        report.runs[name] += 1
        outcome = pto_opt.run(self.binary, options, text)
        if outcome.crash:
            self.fuzzer.record_crash(name, options, text, outcome, origin, self.binary)
            return None
        note_unclear(report, name, options, text, origin, outcome)
        return outcome

    def _failed_round_trip(self, form, problem, origin, text, outcome):
        self.fuzzer.report.round_trip.setdefault((form, problem), {
            "form": form, "problem": problem, "origin": origin, "input": text,
            "diagnostic": outcome.stderr.strip()[:2000]})

    def _pto_as_round_trip(self, written, origin, form):
        """PTO-AS the exporter wrote imports again and exports the same."""
        imported = self._run("import-pto-as", IMPORT_PTO_AS, written, origin)
        if imported is None:
            return
        if imported.returncode != 0:
            self._failed_round_trip(form, "exported PTO-AS does not import", origin,
                                    written, imported)
            return
        again = self._run("export-pto-as", EXPORT_PTO_AS, imported.stdout, origin)
        if again is not None and (again.returncode != 0 or again.stdout != written):
            self._failed_round_trip(form, "PTO-AS exports differently after import", origin,
                                    written, again)

    def mlir(self, text, dps_text, origin):
        """The translations of a verified mutant (``dps_text``: its
        pto-to-dps output, or None)."""
        exported = self._run("export-pto-as", EXPORT_PTO_AS, text, origin)
        if exported is not None and exported.returncode == 0:
            self._pto_as_round_trip(exported.stdout, origin, "pto-as")
        for source in (text, dps_text):
            if source is None:
                continue
            written = self._run("export-ptoas", EXPORT_PTOAS, source, origin)
            if written is None or written.returncode != 0:
                continue
            self.fuzzer.report.runs["reread-ptoas"] += 1
            reread = pto_opt.run(self.fuzzer.binary, [], written.stdout)
            if reread.crash:
                self.fuzzer.record_crash("reread-ptoas", [], written.stdout, reread, origin)
            if source is dps_text and self.ptoas:
                self._compile_with_ptoas(written.stdout, origin)

    def _compile_with_ptoas(self, exported, origin):
        report = self.fuzzer.report
        report.runs["ptoas"] += 1
        refusal = ptoas_refusal(self.ptoas, exported)
        if refusal is None:
            return
        finding = report.ptoas_refusals.setdefault(refusal, {
            "signature": refusal, "known": known.known_item("ptoas", refusal),
            "origin": origin, "count": 0, "input": exported})
        finding["count"] += 1

    def assembly(self, index, seed):
        """PTO-AS mutant number ``index``."""
        rng = random.Random(f"{seed}:asm:{index}")
        base = rng.choice(self.seeds)
        text, applied = mutate.mutate(rng, base.text)
        entry = rng.choice(ENTRIES)
        origin = f"{base.name} ({', '.join(applied) or 'unchanged'}; entry {entry!r})"
        report = self.fuzzer.report
        report.asm_inputs += 1
        report.asm_own_seeds += base.name.startswith(tuple(OWN_ASM_SEEDS))
        options = [*IMPORT_PTO_AS, f"--pto-asm-entry={entry}"]
        imported = self._run("import-pto-as", options, text, origin)
        if imported is None or imported.returncode != 0:
            return
        report.asm_imported += 1
        exported = self._run("export-pto-as", EXPORT_PTO_AS, imported.stdout, origin)
        if exported is None:
            return
        if exported.returncode != 0:
            self._failed_round_trip("pto-as", "an imported kernel does not export", origin,
                                    imported.stdout, exported)
            return
        self._pto_as_round_trip(exported.stdout, origin, "pto-as")
