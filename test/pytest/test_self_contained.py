"""No file of the repository refers to anything outside it: design notes that
are not shipped, or absolute paths of a build machine."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIPPED_DIRS = {".git", "__pycache__", ".pytest_cache", ".ci-venv"}
# Spelled in pieces so that this file does not match itself.
FORBIDDEN = ["SEMANTICS" + ".md", "STYLE" + ".md", "ARCHITECTURE" + ".md",
             "../" + "shared", "/" + "work/"]


def _repository_files():
    for root, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("build")]
        for name in files:
            if name not in SKIPPED_DIRS:    # a worktree's .git is a file
                yield os.path.join(root, name)


def test_no_file_refers_outside_the_repository():
    found = []
    for path in _repository_files():
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{os.path.relpath(path, ROOT)}:{number}: {word}"
                      for word in FORBIDDEN if word in line]
    assert found == []
