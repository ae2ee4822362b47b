"""The translators under fuzzing: pto-translate on the IR mutants and on
mutants of the PTO-AS corpus, each a subprocess.

- Every verified IR mutant is exported to PTO-AS (``--export-pto-as``); text
  it writes must import again (``--import-pto-as``) and export to the same
  text. It and its ``pto-to-dps`` form are exported to PTOAS text
  (``--export-ptoas``), which pto-opt reads back without crashing (PTOAS
  text is for ptoas: ops such as ``pto.tmov`` are ptoas's own, so a clean
  refusal there is no finding).
- Mutants of the PTO-AS files (``*.ptoasm`` under test/ and examples/) are
  imported, with ``--pto-as-entry`` sometimes odd (empty, another name);
  what imports must export and import to the same module.

A crash is as for pto-opt (pto_opt.crash_signature). A clean failure is a
finding only where the text came from the exporter (it must read back) or
when its message cannot help the user: the ones UNCLEAR lists, which name
internals instead of the input's problem.
"""
import os
import random
import re

import corpus
import mutate
import pto_opt

EXPORT_PTO_AS = ["--export-pto-as"]
IMPORT_PTO_AS = ["--import-pto-as"]
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


def ptoas_seeds(root=corpus.ROOT):
    """The chunks of every .ptoasm file (split as lit splits them)."""
    out = []
    for top in ("test", "examples"):
        for directory, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [d for d in dirs if d not in ("pytest", "fuzz")]
            for name in sorted(files):
                if not name.endswith(".ptoasm"):
                    continue
                path = os.path.join(directory, name)
                with open(path) as f:
                    chunks = f.read().split(corpus.SPLIT_MARKER)
                relative = os.path.relpath(path, root)
                out += [corpus.Seed(f"{relative}:{k}", chunk) for k, chunk in enumerate(chunks)]
    return sorted(out, key=lambda s: s.name)


class Translators:
    """Runs the translations of one fuzz run; findings go to ``report``
    through ``fuzzer`` (ir_fuzz.IrFuzzer: its crash and round-trip
    records)."""

    def __init__(self, fuzzer, binary):
        self.fuzzer = fuzzer
        self.binary = binary
        self.seeds = ptoas_seeds()

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

    def pto_as(self, index, seed):
        """PTO-AS mutant number ``index``."""
        rng = random.Random(f"{seed}:ptoas:{index}")
        base = rng.choice(self.seeds)
        text, applied = mutate.mutate(rng, base.text)
        entry = rng.choice(ENTRIES)
        origin = f"{base.name} ({', '.join(applied) or 'unchanged'}; entry {entry!r})"
        report = self.fuzzer.report
        report.ptoas_inputs += 1
        options = [*IMPORT_PTO_AS, f"--pto-as-entry={entry}"]
        imported = self._run("import-pto-as", options, text, origin)
        if imported is None or imported.returncode != 0:
            return
        report.ptoas_imported += 1
        exported = self._run("export-pto-as", EXPORT_PTO_AS, imported.stdout, origin)
        if exported is None:
            return
        if exported.returncode != 0:
            self._failed_round_trip("pto-as", "an imported kernel does not export", origin,
                                    imported.stdout, exported)
            return
        self._pto_as_round_trip(exported.stdout, origin, "pto-as")
