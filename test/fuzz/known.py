"""Failures the fuzzer finds that are filed and not fixed yet.

Each entry names the issue item it belongs to. A finding that matches an
entry is reported as known instead of failing the seeded test run
(test/pytest/test_fuzz.py); delete the entry when its fix lands, and the
test then guards the fix.
"""
import re


class Known:
    """A filed failure: ``where`` (a pipeline, or "runtime") and a regular
    expression its signature matches."""

    def __init__(self, item, where, pattern):
        self.item = item
        self.where = where
        self.pattern = re.compile(pattern)

    def matches(self, where, signature):
        return where in self.where and self.pattern.search(signature) is not None


KNOWN = [
    Known("issue 12, crashes: --pto-ssa-to-dps on a !pto.tile argument next to a "
          "TRESHAPE view of a !pto.tile_buf asserts in cast<TileType>",
          ("pto-ssa-to-dps", "pto-to-dps", "pto-to-dps-manual"),
          r"\[To = mlir::pto::TileType\] in KernelConverter::convertTileOp"),
    Known("issue 12, crashes: the same assertion through pipeline.to_dps (the jit "
          "engine's Level 1 conversion) kills the Python process",
          ("runtime",),
          r"\[To = mlir::pto::TileType\] in no stack \(running jit test/Dialect/treshape"),
    Known("issue 12, crashes: tiles whose byte size overflows int64 abort "
          "--pto-to-std and --pto-to-llvm in MemRefType::get",
          ("pto-to-std", "pto-to-llvm"),
          r"\[ConcreteT = mlir::MemRefType\] in mlir::MemRefType::get"),
    Known("issue 12, wrong results: --pto-to-llvm leaves a function with a !pto.tile "
          "argument half-lowered; the jit then raises a bare RuntimeError 'Failure "
          "while creating the ExecutionEngine'",
          ("runtime",),
          r"Failure while creating the ExecutionEngine"),
    Known("issue 12, wrong results: on the jit, runtime.run returns the buffers whose "
          "bytes changed, so a kernel whose result equals the old contents returns "
          "None where the interpreter returns the out-parameter",
          ("runtime",),
          r'^results differ: [^ ]* @\w+: \{"result": .*"arguments_after": (\[[^]]*\])\} '
          r'\{"result": .*"arguments_after": \1\}$'),
    Known("issue 12, wrong results: the same rule on a read-only out-parameter: the "
          "interpreter refuses it when the kernel writes it, the jit only when the "
          "bytes change",
          ("runtime",),
          r'^only interp fails: pto_mlir\.runtime\.errors\.ArgumentError[^{]*\{"error": '
          r'"[\w.]*ArgumentError", "message": "argument #\d+ \([^)]*\): the kernel writes '
          r'it, but the array is read-only"'),
    Known("issue 12, wrong results: the jit does not check dynamic alloc_tile valid "
          "extents; the interpreter raises KernelError",
          ("runtime",),
          r"^(only interp fails|messages differ)[^{]*\{\"error\": \"[\w.]*KernelError\", "
          r"\"message\": \"'pto\.alloc_tile' op at [^\"]*: valid extent \d+ is -?\d+, "
          r"allowed"),
    Known("found by the fuzzer, not in issue 12: where a run-time check fails, the "
          "jit's KernelError message leaves out the values the interpreter's names "
          "(same op, same location; e.g. 'window exceeds src's valid shape' against "
          "'window [31:33, 0:8] exceeds src's valid shape 4x10'); the run-time "
          "message work unifies them",
          ("runtime",),
          r'^messages differ \(pto_mlir\.runtime\.errors\.KernelError\)[^{]*'
          r'\{"error": "[\w.]*KernelError", "message": "(\'pto\.\w+\' op at [^"]*?:\d+:\d+): '
          r'[^"]*"[^{]*\{"error": "[\w.]*KernelError", "message": "\1: '),
]


def known_item(where, signature):
    """The issue item of a filed failure, or None for a new one."""
    for known in KNOWN:
        if known.matches(where, signature):
            return known.item
    return None
