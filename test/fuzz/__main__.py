"""The fuzzer: IR mutation through pto-opt, argument fuzzing of runtime.run.

    python test/fuzz [--seed N] [--long] [--ir-inputs N] [--arg-cases N]
                     [--findings DIR] [--json FILE]

Seeded and deterministic: the same seed and counts try the same inputs.
Without --long it is the short run the test suite makes (about a minute on
two cores); --long tries 40 times as many inputs on every kernel. pto-opt
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
import ir_fuzz  # noqa: E402
import pto_opt  # noqa: E402

SHORT = {"ir_inputs": 900, "arg_cases": 800, "kernels": 12}
LONG_FACTOR = 40
FINDINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "findings")


def _new(findings):
    return [f for f in findings if not f.get("known")]


def summarize(report):
    """The counts the test suite asserts on: new findings only."""
    ir, args = report["ir"], report["args"]
    return {
        "crashes": len(_new(ir["crashes"])) + len(_new(args["crashes"])),
        "known_crashes": len(ir["crashes"]) + len(args["crashes"])
        - len(_new(ir["crashes"])) - len(_new(args["crashes"])),
        "round_trip_failures": len(ir["round_trip_failures"]),
        "mismatches": len(_new(args["mismatches"])),
        "known_mismatches": len(args["mismatches"]) - len(_new(args["mismatches"])),
        "undocumented_exception_types": len(_new(args["undocumented_exceptions"])),
        "known_undocumented_exception_types": len(args["undocumented_exceptions"])
        - len(_new(args["undocumented_exceptions"])),
        "arrays_touched_on_failure": len(args["arrays_touched_on_failure"]),
    }


def _print(report, totals, out):
    ir, args = report["ir"], report["args"]
    print(f"IR mutation: {ir['inputs']} inputs ({ir['verified']} verified), "
          f"{ir['runs_total']} runs (pto-opt and the Python parse)", file=out)
    for name, n in ir["inputs_by_mutator"].items():
        print(f"  {name}: {n}", file=out)
    for crash in ir["crashes"]:
        tag = f"known, {crash['known']}" if crash["known"] else "NEW"
        print(f"  crash [{tag}] {crash['pipeline']}: {crash['signature']} "
              f"(x{crash['count']}, {crash['file'] or crash['origin']})", file=out)
    for problem in ir["round_trip_failures"]:
        print(f"  round trip: {problem['form']} form {problem['problem']} "
              f"({problem['origin']})", file=out)
    print(f"runtime.run: {args['cases']} cases on {args['kernels']} kernels, "
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
    print(" ".join(f"{k}={v}" for k, v in totals.items()), file=out)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python test/fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", default="0", help="seed of every random choice")
    parser.add_argument("--long", action="store_true",
                        help=f"{LONG_FACTOR}x the short run's inputs, every kernel")
    parser.add_argument("--ir-inputs", type=int, help="mutated IR inputs to try")
    parser.add_argument("--arg-cases", type=int, help="runtime.run argument sets to try")
    parser.add_argument("--findings", default=FINDINGS,
                        help="where crashing inputs are saved, minimized ('' for nowhere)")
    parser.add_argument("--json", help="write the whole report to this file")
    args = parser.parse_args(argv)
    factor = LONG_FACTOR if args.long else 1
    ir_inputs = args.ir_inputs if args.ir_inputs is not None else SHORT["ir_inputs"] * factor
    arg_cases = args.arg_cases if args.arg_cases is not None else SHORT["arg_cases"] * factor
    kernel_limit = 0 if args.long else SHORT["kernels"]

    progress = sys.stderr if args.long else None
    started = time.monotonic()
    ir_report = ir_fuzz.IrFuzzer(args.seed, pto_opt.find_pto_opt(), args.findings or None,
                                 minimize_known=args.long).run(ir_inputs, progress)
    ir_seconds = time.monotonic() - started
    if args.json:  # the IR part is kept even if the argument part fails
        with open(args.json, "w") as f:
            json.dump({"seed": args.seed, "ir": ir_report.as_dict()}, f, indent=1, default=str)
    arg_report = arg_fuzz.ArgFuzzer(args.seed, kernel_limit).run(arg_cases, progress)
    report = {"seed": args.seed, "ir": ir_report.as_dict(), "args": arg_report.as_dict(),
              "seconds": {"ir": round(ir_seconds, 1),
                          "args": round(time.monotonic() - started - ir_seconds, 1)}}
    totals = summarize(report)
    report["totals"] = totals
    _print(report, totals, sys.stdout)
    print(f"seconds: {report['seconds']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1, default=str)
    failed = any(totals[k] for k in ("crashes", "round_trip_failures", "mismatches",
                                     "undocumented_exception_types",
                                     "arrays_touched_on_failure"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
