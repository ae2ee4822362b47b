"""The repository's static checks, run as tests so that CI runs them
(docs/contributing.md): ruff lints the Python. Each tool comes from the
`test` extra at the version pyproject.toml pins (a new release's rules
must not fail an unchanged tree); a missing tool or another version fails
the test, naming the one to install."""
import importlib.metadata
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def pinned_version(package):
    """The version pyproject.toml's `test` extra pins for ``package``."""
    pin = re.search(rf'"{re.escape(package)}==([^"]+)"', (ROOT / "pyproject.toml").read_text())
    assert pin, f"pyproject.toml's test extra pins no version of {package}"
    return pin.group(1)


def require_pinned(package):
    """Fails unless ``package`` is installed at its pinned version."""
    want = pinned_version(package)
    try:
        have = importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        have = None
    if have != want:
        found = "is not installed" if have is None else f"is {have}"
        pytest.fail(f"{package} {found}; the checks need {package}=={want} "
                    f"(pip install '{package}=={want}', or the test extra: pip install '.[test]')",
                    pytrace=False)


def run(command):
    """Runs ``command`` in the repository root; returns (exit code, output)."""
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def test_ruff_finds_nothing():
    require_pinned("ruff")
    code, output = run([sys.executable, "-m", "ruff", "check", "--no-cache", "."])
    assert code == 0, f"ruff check (pyproject.toml's [tool.ruff]):\n{output}"
