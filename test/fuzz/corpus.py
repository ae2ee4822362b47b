"""The seed inputs: every chunk of every lit file of the repository.

A lit file holds several test cases separated by ``// -----`` lines (run
with ``-split-input-file``); each case is one seed, read in a fixed order so
that a seeded run sees the same corpus every time.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPLIT_MARKER = "// -----"


class Seed:
    """One test case of a lit file: ``name`` is ``path:chunk``."""

    __slots__ = ("name", "text")

    def __init__(self, name, text):
        self.name = name
        self.text = text


def lit_files(root=ROOT):
    """Every lit file (.mlir under test/ and examples/, not the fuzzer's
    own), sorted."""
    found = []
    for top in ("test", "examples"):
        for directory, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [d for d in dirs if d not in ("pytest", "fuzz")]
            found += [os.path.join(directory, f) for f in files if f.endswith(".mlir")]
    return sorted(found)


def seeds(root=ROOT):
    """The chunks of every lit file, without RUN/CHECK-only chunks."""
    out = []
    for path in lit_files(root):
        with open(path) as f:
            chunks = f.read().split(SPLIT_MARKER)
        relative = os.path.relpath(path, root)
        for k, chunk in enumerate(chunks):
            if "func.func" in chunk or "module" in chunk:
                out.append(Seed(f"{relative}:{k}", chunk.strip("\n") + "\n"))
    return out
