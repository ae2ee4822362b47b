"""docs/tutorial.md works as written: every block runs, in order, and prints
what the tutorial shows."""
import os
import shutil
import sys

from doc_blocks import run_blocks

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _pto_lit_on_path(tmp_path, monkeypatch):
    """In a build tree (PTO_BUILD_DIR) there is no installed pto-lit script:
    stand in for it with the module it runs."""
    if shutil.which("pto-lit"):
        return
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "pto-lit"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pto_mlir.tools.pto_lit "$@"\n')
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(sys.path))


def test_tutorial_runs_as_written(tmp_path, monkeypatch):
    _pto_lit_on_path(tmp_path, monkeypatch)
    work = tmp_path / "work"
    work.mkdir()
    with open(os.path.join(ROOT, "docs", "tutorial.md")) as f:
        run_blocks(f.read(), work)
    assert (work / "tests" / "merge.mlir").exists()
