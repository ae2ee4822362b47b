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
    Known("issue 12, wrong results: a kernel with a !pto.tile argument that writes a "
          "!pto.tile_buf argument: the jit drops the write where the interpreter "
          "writes it back",
          ("runtime",),
          r"^results differ: test/Passes/ssa-to-dps\.mlir:\d+ @buffer_view_beside_tiles:"),
]


def known_item(where, signature):
    """The issue item of a filed failure, or None for a new one."""
    for known in KNOWN:
        if known.matches(where, signature):
            return known.item
    return None
