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


KNOWN: list[Known] = []


def known_item(where, signature):
    """The issue item of a filed failure, or None for a new one."""
    for known in KNOWN:
        if known.matches(where, signature):
            return known.item
    return None
