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
    # The host engines check a window against the tensor it views when the
    # kernel runs (window_exceeds_tensor); the exported program has no such
    # check, so pto-isa reads past the caller's array instead of failing.
    # Open: the pto-isa engine must check the windows before it runs.
    Known("issue 38 item 2 (open): pto-isa runs a window outside its tensor", "pto-isa",
          r"^device_mismatches: .*'pto\.partition_view' op at .*exceeds the tensor's extent"),
]


def known_item(where, signature):
    """The issue item of a filed failure, or None for a new one."""
    for known in KNOWN:
        if known.matches(where, signature):
            return known.item
    return None
