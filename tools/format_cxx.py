"""Formats the project's C++ with clang-format (.clang-format, LLVM style),
the version pyproject.toml's `test` extra pins (the PyPI wheel).

    python tools/format_cxx.py            # format every file
    python tools/format_cxx.py FILE...    # format these
    python tools/format_cxx.py --check    # change nothing; exit 1 if a file differs

test/pytest/test_checks.py runs the check, so an unformatted file fails the
suite.
"""
import argparse
import importlib.metadata
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
# Where our C++ lives; generated C++ is in the build tree only.
FOLDERS = ("dialect", "passes", "translate", "tools", "python", "bench")
SUFFIXES = (".cpp", ".h")


def pinned_version(package):
    """The version pyproject.toml's `test` extra pins for ``package``."""
    pin = re.search(rf'"{re.escape(package)}==([^"]+)"', (ROOT / "pyproject.toml").read_text())
    if pin is None:
        raise LookupError(f"pyproject.toml's test extra pins no version of {package}")
    return pin.group(1)


def missing_pinned(package):
    """None when ``package`` is installed at its pinned version, else what to
    install."""
    want = pinned_version(package)
    try:
        have = importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        have = None
    if have == want:
        return None
    found = "is not installed" if have is None else f"is {have}"
    return (f"{package} {found}; the checks need {package}=={want} "
            f"(pip install '{package}=={want}', or the test extra: pip install '.[test]')")


def clang_format():
    """The path of the pinned wheel's clang-format."""
    problem = missing_pinned("clang-format")
    if problem:
        raise RuntimeError(problem)
    import clang_format as wheel
    return wheel.get_executable("clang-format")


def cxx_files():
    """Our C++ files, as paths relative to the repository root."""
    return sorted(path.relative_to(ROOT).as_posix()
                  for folder in FOLDERS for path in (ROOT / folder).rglob("*")
                  if path.suffix in SUFFIXES and path.is_file())


def differs(path):
    """Whether clang-format would change the file at ``path``."""
    formatted = subprocess.run([clang_format(), "--style=file", str(path)], check=True,
                               capture_output=True).stdout
    return formatted != pathlib.Path(path).read_bytes()


def check():
    """The files of ours clang-format would change, each with what to run."""
    return [f"{name}: not clang-formatted (python tools/format_cxx.py formats it)"
            for name in cxx_files() if differs(ROOT / name)]


def format_files(files):
    """Formats ``files`` (paths relative to the root) in place."""
    subprocess.run([clang_format(), "--style=file", "-i",
                    *(str(ROOT / name) for name in files)], check=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*",
                        help="the files to format; default: all of our C++")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a file is not formatted")
    args = parser.parse_args(argv)
    problem = missing_pinned("clang-format")
    if problem:
        sys.exit(problem)
    if args.check:
        found = check()
        print("\n".join(found) if found else "clang-format: every C++ file is formatted")
        return 1 if found else 0
    format_files([pathlib.Path(f).resolve().relative_to(ROOT).as_posix() for f in args.files]
                 or cxx_files())
    return 0


if __name__ == "__main__":
    sys.exit(main())
