"""The fuzzer: IR mutation through pto-opt, pto-translate and ptoas, PTO-AS
mutation, argument fuzzing of runtime.run and of `pl` kernels, kernels on
the pto-isa engine against the host engines and its damaged cache entries.

    python test/fuzz [--seed N] [--long] [--ir-inputs N] [--asm-inputs N]
                     [--arg-cases N] [--pl-cases N] [--memcheck-cases N]
                     [--device-kernels N] [--cache-damages N] [--findings DIR]
                     [--json FILE]

Seeded and deterministic: the same seed and counts try the same inputs.
Without --long it is the short run the test suite makes (about half a
minute of CPU); --long tries 40 times as many inputs on every kernel. pto-opt
and pto_mlir come from the build tree named by PTO_BUILD_DIR, else from the
installed package. Exit status 1 when it found a crash, an engine mismatch,
an undocumented exception type or a failed call that changed the caller's
arrays, other than the filed failures of known.py. See docs/reliability.md.
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import arg_fuzz  # noqa: E402
import device_fuzz  # noqa: E402
import ir_fuzz  # noqa: E402
import pto_opt  # noqa: E402

SHORT = {"ir_inputs": 400, "asm_inputs": 100, "arg_cases": 600, "pl_cases": 40,
         "kernels": 12, "device_kernels": 3, "cache_damages": 2, "memcheck_cases": 0}
# The long run's cases under memcheck: a case runs some 30 times slower
# there, so these are not LONG_FACTOR times the short run's (none).
LONG_MEMCHECK_CASES = 150
# The totals that are findings: any of them non-zero fails the run.
FINDINGS_TOTALS = ("crashes", "round_trip_failures", "unclear_errors", "mismatches",
                   "undocumented_exception_types", "arrays_touched_on_failure",
                   "ptoas_refusals", "out_of_bounds", *device_fuzz.FINDINGS)
LONG_FACTOR = 40
FINDINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "findings")


def _new(findings):
    return [f for f in findings if not f.get("known")]


def summarize(report):
    """The counts the test suite asserts on: new findings only."""
    ir, calls = report["ir"], (report["args"], report["pl"])

    def count(key, new):
        found = [f for part in calls for f in part[key]]
        return len(_new(found)) if new else len(found) - len(_new(found))

    return {
        "crashes": len(_new(ir["crashes"])) + count("crashes", True),
        "known_crashes": len(ir["crashes"]) - len(_new(ir["crashes"]))
        + count("crashes", False),
        "round_trip_failures": len(ir["round_trip_failures"]),
        "unclear_errors": len(ir["unclear_errors"]),
        "mismatches": count("mismatches", True),
        "known_mismatches": count("mismatches", False),
        "undocumented_exception_types": count("undocumented_exceptions", True),
        "known_undocumented_exception_types": count("undocumented_exceptions", False),
        "arrays_touched_on_failure": sum(len(p["arrays_touched_on_failure"]) for p in calls),
        "ptoas_refusals": len(_new(ir["ptoas_refusals"])),
        "known_ptoas_refusals": len(ir["ptoas_refusals"]) - len(_new(ir["ptoas_refusals"])),
        **device_fuzz.summarize(report["device"]),
        **_memcheck_totals(report["memcheck"]),
    }


def _memcheck_totals(memcheck):
    """Invalid reads and writes memcheck saw (new and known), and the
    crashes of the cases it ran (the same cases crash without it too, and
    count there)."""
    found = memcheck["out_of_bounds"] if memcheck else []
    new = len(_new(found))
    return {"out_of_bounds": new, "known_out_of_bounds": len(found) - new}


def _print(report, totals, out):
    ir = report["ir"]
    print(f"IR mutation: {ir['inputs']} inputs ({ir['verified']} verified), "
          f"PTO-AS mutation: {ir['asm_inputs']} inputs ({ir['asm_imported']} imported), "
          f"{ir['runs_total']} runs (pto-opt, pto-translate and the Python parse)", file=out)
    for name, n in ir["runs"].items():
        print(f"  runs of {name}: {n}", file=out)
    for name, n in ir["inputs_by_mutator"].items():
        print(f"  {name}: {n}", file=out)
    for crash in ir["crashes"]:
        tag = f"known, {crash['known']}" if crash["known"] else "NEW"
        print(f"  crash [{tag}] {crash['pipeline']}: {crash['signature']} "
              f"(x{crash['count']}, {crash['file'] or crash['origin']})", file=out)
    for problem in ir["round_trip_failures"]:
        print(f"  round trip: {problem['form']} form {problem['problem']} "
              f"({problem['origin']})", file=out)
    for problem in ir["unclear_errors"]:
        print(f"  unclear error of {problem['tool']}: /{problem['pattern']}/ "
              f"({problem['origin']})", file=out)
    for refusal in ir["ptoas_refusals"]:
        tag = f"known, {refusal['known']}" if refusal["known"] else "NEW"
        print(f"  ptoas refuses the export [{tag}]: {refusal['signature']} "
              f"(x{refusal['count']}, {refusal['origin']})", file=out)
    for title, key in (("runtime.run", "args"), ("pl kernels (first and later calls)", "pl")):
        _print_calls(title, report[key], out)
    if report["memcheck"]:
        memcheck = report["memcheck"]
        print(f"under memcheck: {memcheck['cases']} cases of runtime.run", file=out)
        for access in memcheck["out_of_bounds"]:
            tag = f"known, {access['known']}" if access["known"] else "NEW"
            print(f"  out of bounds [{tag}]: {access['signature']} (x{access['count']}, "
                  f"cases {access['cases']})", file=out)
    device_fuzz.print_report(report["device"], out)
    print(" ".join(f"{k}={v}" for k, v in totals.items()), file=out)


def _print_calls(title, args, out):
    print(f"{title}: {args['cases']} cases on {args['kernels']} kernels, "
          f"{args['engine_calls']} engine calls", file=out)
    for name, n in args["cases_by_mutation"].items():
        print(f"  {name}: {n}", file=out)
    print("  outcomes: " + ", ".join(f"{k} {v}" for k, v in args["outcomes"].items()),
          file=out)
    for m in args["mismatches"]:
        tag = f"known, {m['known']}" if m["known"] else "NEW"
        print(f"  mismatch [{tag}] {m['signature']} (x{m['count']}) "
              f"{m['example']['kernel']} {m['example']['mutations']}", file=out)
    for u in args["undocumented_exceptions"]:
        tag = f"known, {u['known']}" if u["known"] else "NEW"
        print(f"  undocumented [{tag}] {u['engine']}: {u['error']}: "
              f"{u['example'][u['engine']]['message'][:200]}", file=out)
    for c in args["crashes"]:
        tag = f"known, {c['known']}" if c["known"] else "NEW"
        print(f"  process died [{tag}]: {c['signature']} at case {c['case']} "
              f"({c['running']})", file=out)
    for s in args["slow_cases"]:
        print(f"  stopped after {arg_fuzz.CASE_SECONDS} s (slow, not a finding) x{s['count']}: "
              f"case {s['case']} ({s['running']})", file=out)
    for kernel, n in args["jit_refused_kernels"].items():
        print(f"  jit refused (documented limit) x{n}: {kernel}", file=out)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python test/fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", default="0", help="seed of every random choice")
    parser.add_argument("--long", action="store_true",
                        help=f"{LONG_FACTOR}x the short run's inputs, every kernel")
    parser.add_argument("--ir-inputs", type=int, help="mutated IR inputs to try")
    parser.add_argument("--asm-inputs", type=int, help="mutated PTO-AS inputs to try")
    parser.add_argument("--arg-cases", type=int, help="runtime.run argument sets to try")
    parser.add_argument("--pl-cases", type=int, help="wrong pl kernel calls to try")
    parser.add_argument("--device-kernels", type=int,
                        help="kernels run on the pto-isa engine and the host engines")
    parser.add_argument("--memcheck-cases", type=int,
                        help="runtime.run argument sets to run again under valgrind's "
                             "memcheck (needs valgrind)")
    parser.add_argument("--cache-damages", type=int,
                        help="damaged pto-isa compile-cache entries to run from")
    parser.add_argument("--findings", default=FINDINGS,
                        help="where crashing inputs are saved, minimized ('' for nowhere)")
    parser.add_argument("--json", help="write the whole report to this file")
    args = parser.parse_args(argv)
    factor = LONG_FACTOR if args.long else 1
    counts = {key: getattr(args, key) if getattr(args, key) is not None
              else SHORT[key] * factor
              for key in ("ir_inputs", "asm_inputs", "arg_cases", "pl_cases",
                          "device_kernels", "cache_damages", "memcheck_cases")}
    if args.long and args.memcheck_cases is None:
        counts["memcheck_cases"] = LONG_MEMCHECK_CASES
    kernel_limit = 0 if args.long else SHORT["kernels"]

    progress = sys.stderr if args.long else None
    seconds = {}
    started = time.monotonic()
    ir_report = ir_fuzz.IrFuzzer(args.seed, pto_opt.find_pto_opt(), args.findings or None,
                                 minimize_known=args.long,
                                 translate=pto_opt.find_tool("pto-translate")).run(
        counts["ir_inputs"], progress, counts["asm_inputs"])
    seconds["ir"] = round(time.monotonic() - started, 1)
    if args.json:  # the IR part is kept even if the argument part fails
        with open(args.json, "w") as f:
            json.dump({"seed": args.seed, "ir": ir_report.as_dict()}, f, indent=1, default=str)
    started = time.monotonic()
    arg_report = arg_fuzz.ArgFuzzer(args.seed, kernel_limit).run(counts["arg_cases"], progress)
    seconds["args"] = round(time.monotonic() - started, 1)
    started = time.monotonic()
    pl_report = arg_fuzz.ArgFuzzer(args.seed, 0, arg_fuzz.PL_WORKER).run(
        counts["pl_cases"], progress)
    seconds["pl"] = round(time.monotonic() - started, 1)
    started = time.monotonic()
    memcheck_report = arg_fuzz.ArgFuzzer(args.seed, kernel_limit, memcheck=True).run(
        counts["memcheck_cases"], progress).as_dict() if counts["memcheck_cases"] else None
    seconds["memcheck"] = round(time.monotonic() - started, 1)
    started = time.monotonic()
    device_report = device_fuzz.run(args.seed, counts["device_kernels"], counts["cache_damages"],
                                    progress)
    seconds["device"] = round(time.monotonic() - started, 1)
    report = {"seed": args.seed, "ir": ir_report.as_dict(), "args": arg_report.as_dict(),
              "pl": pl_report.as_dict(), "device": device_report, "memcheck": memcheck_report,
              "seconds": seconds}
    totals = summarize(report)
    report["totals"] = totals
    _print(report, totals, sys.stdout)
    print(f"seconds: {report['seconds']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1, default=str)
    failed = any(totals[k] for k in FINDINGS_TOTALS)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
