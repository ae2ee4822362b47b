"""No file of the repository refers to anything outside it: design notes that
are not shipped, or absolute paths of a build machine."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Generated or tool-owned: build trees, caches, virtual environments, .git
# (a directory, or a file in a worktree).
SKIPPED = ("build", "dist", "__pycache__", ".")
KEPT = (".ci",)
# Spelled in pieces so that this file does not match itself.
FORBIDDEN = ["SEMANTICS" + ".md", "STYLE" + ".md", "ARCHITECTURE" + ".md",
             "../" + "shared", "/" + "work/"]
# CI alone may take the device path's pinned tools from beside the
# repository when PTOAS / PTO_ISA_ROOT are unset.
ALLOWED = {os.path.join(".ci", "run"): {"../" + "shared"}}


def _repository_files():
    for root, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d in KEPT or not d.startswith(SKIPPED)]
        for name in files:
            if name != ".git":
                yield os.path.join(root, name)


def test_no_file_refers_outside_the_repository():
    found = []
    for path in _repository_files():
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except UnicodeDecodeError:
            continue
        relative = os.path.relpath(path, ROOT)
        allowed = ALLOWED.get(relative, set())
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{relative}:{number}: {word}"
                      for word in FORBIDDEN if word in line and word not in allowed]
    assert found == []
