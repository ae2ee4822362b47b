"""pto-lit: LLVM's lit, with FileCheck, not and count on PATH.

    pto-lit [lit options] TESTS...

Runs lit (the ``lit`` package) on your own test suites exactly as ``lit``
would, after putting LLVM's test tools (``pto_mlir.tools.filecheck_path()``)
at the end of PATH, so a ``RUN: pto-opt %s | FileCheck %s`` line works without
an LLVM build. Needs ``pip install 'pto-mlir[test]'``.
"""
import os
import sys

from .llvm_tools import LLVMToolsMissing, llvm_tools_dir


def main(argv=None):
    try:
        tools = llvm_tools_dir()
        import lit.main
    except (LLVMToolsMissing, ImportError) as error:
        reason = error if isinstance(error, LLVMToolsMissing) else \
            "lit is missing: pip install 'pto-mlir[test]'"
        print(f"pto-lit: error: {reason}", file=sys.stderr)
        return 2
    os.environ["PATH"] = os.pathsep.join(p for p in (os.environ.get("PATH"), tools) if p)
    sys.argv = ["lit"] + list(sys.argv[1:] if argv is None else argv)
    lit.main.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
