"""The kernels of the lit corpus, for the tests that run every one of them.

A split is one `// -----` part of a test/**/*.mlir file (fuzz/ holds the
fuzzer's inputs and findings, Inputs/ what lit tests include: neither is a
kernel). A split that does not parse and verify (a negative test) is no
kernel; the tests decide what else they need.
"""
import os

TEST_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES_DIR = os.path.join(os.path.dirname(TEST_DIR), "examples")

__all__ = ["TEST_DIR", "EXAMPLES_DIR", "splits"]


def splits():
    """(path relative to test/ or examples/, split number, text) of every
    corpus split: the lit tests', then examples/*.mlir."""
    for root, dirs, files in os.walk(TEST_DIR):
        dirs[:] = sorted(d for d in dirs if d not in ("pytest", "Inputs", "fuzz"))
        for name in sorted(files):
            if name.endswith(".mlir"):
                yield from _file_splits(os.path.join(root, name), TEST_DIR)
    for name in sorted(os.listdir(EXAMPLES_DIR)):
        if name.endswith(".mlir"):
            yield from _file_splits(os.path.join(EXAMPLES_DIR, name),
                                    os.path.dirname(EXAMPLES_DIR))


def _file_splits(path, base):
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f.read().split("// -----")):
            yield os.path.relpath(path, base), number, text
