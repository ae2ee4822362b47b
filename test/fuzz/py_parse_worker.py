"""Worker process of the IR fuzzer's Python leg: parses each input with
pto_mlir's bindings as pto-opt reads it (``pto_mlir.ptoas.parse``: PTOAS's
memref form rewritten by pto-memref-to-tiles before the verifier, as
pto-opt does), then ``verify``, and prints the module, so that the bindings
meet every mutant pto-opt meets.

Reads one JSON string per line; answers one JSON line per input:
``{"ok": printout}`` or ``{"error": exception type}``. A crash ends the
process; the parent records the input it was given last.
"""
import json
import os
import sys

_build = os.environ.get("PTO_BUILD_DIR")
if _build:
    sys.path.insert(0, os.path.join(os.path.abspath(_build), "python_packages"))

from pto_mlir import ir, ptoas  # noqa: E402


def main():
    for line in sys.stdin:
        text = json.loads(line)
        try:
            with ir.Context():
                module = ptoas.parse(text)
                module.operation.verify()
                answer = {"ok": str(module)}
        except ir.MLIRError:
            answer = {"error": "MLIRError"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
