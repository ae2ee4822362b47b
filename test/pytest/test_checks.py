"""The repository's static checks, run as tests so that CI runs them
(docs/contributing.md): ruff lints the Python, mypy checks the public Python
API's annotations, clang-format formats all of our C++. Each tool comes
from the `test` extra at the version pyproject.toml pins (a new release's
rules must not fail an unchanged tree); a missing tool or another version
fails the test, naming the one to install."""
import importlib.util
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _load_format_cxx():
    spec = importlib.util.spec_from_file_location("format_cxx", ROOT / "tools" / "format_cxx.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


format_cxx = _load_format_cxx()


def require_pinned(package):
    """Fails unless ``package`` is installed at its pinned version."""
    problem = format_cxx.missing_pinned(package)
    if problem:
        pytest.fail(problem, pytrace=False)


def run(command):
    """Runs ``command`` in the repository root; returns (exit code, output)."""
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def test_ruff_finds_nothing():
    require_pinned("ruff")
    code, output = run([sys.executable, "-m", "ruff", "check", "--no-cache", "."])
    assert code == 0, f"ruff check (pyproject.toml's [tool.ruff]):\n{output}"


def test_mypy_finds_nothing():
    require_pinned("mypy")
    code, output = run([sys.executable, "-m", "mypy"])
    assert code == 0, f"mypy (pyproject.toml's [tool.mypy]):\n{output}"


def test_cxx_is_formatted():
    require_pinned("clang-format")
    assert format_cxx.check() == []


def test_clang_format_tells_formatted_from_unformatted(tmp_path):
    require_pinned("clang-format")
    (tmp_path / ".clang-format").write_text((ROOT / ".clang-format").read_text())
    (tmp_path / "bad.cpp").write_text("int  f( ){return 0;}\n")
    (tmp_path / "good.cpp").write_text("int f() { return 0; }\n")
    assert format_cxx.differs(tmp_path / "bad.cpp")
    assert not format_cxx.differs(tmp_path / "good.cpp")
