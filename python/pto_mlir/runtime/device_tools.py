"""The outside tools of the device path, found through the environment.

The ``pto-isa`` engine (pto_isa/) and the tests that check the exporter's
output with ``ptoas`` need two tools this package does not ship:

- ``PTOAS``: the ``ptoas`` binary of PTOAS (github.com/hw-native-sys/PTOAS),
  which turns PTOAS text into C++ calls of the pto-isa library;
- ``PTO_ISA_ROOT``: a pto-isa tree (github.com/hw-native-sys/pto-isa), whose
  ``include/`` holds the library and, with ``-D__CPU_SIM``, its CPU simulator;

and a C++20 compiler (``CXX``, default ``g++``). ``TESTED`` names the commits
the project was tested with (docs/ptoas.md). A tool that is missing raises
``ToolMissingError`` naming the variable and where to get the tool.

Each tool has an identity (a digest of what it is), part of the engine's
compile-cache key: a rebuilt ptoas, a changed pto-isa tree or another
compiler compiles afresh.
"""
import functools
import hashlib
import os
import shutil
import subprocess

__all__ = ["ToolMissingError", "TESTED", "ptoas", "pto_isa_root", "cxx", "missing"]

TESTED = {
    "PTOAS": ("github.com/hw-native-sys/PTOAS", "a56b18c3 (\"ptoas 0.27\")"),
    "PTO_ISA_ROOT": ("github.com/hw-native-sys/pto-isa", "3186c381"),
}

_HOW = {
    "PTOAS": "set PTOAS to the ptoas binary, built from {0} (tested at {1}; "
             "docs/ptoas.md says how)",
    "PTO_ISA_ROOT": "set PTO_ISA_ROOT to a pto-isa tree (the directory holding "
                    "include/pto/pto-inst.hpp), from {0} (tested at {1})",
}


class ToolMissingError(RuntimeError):
    """A tool of the device path is not available; the message names the
    environment variable and how to get the tool."""


def _missing(variable, problem):
    return ToolMissingError(f"{problem}: {_HOW[variable].format(*TESTED[variable])}")


def ptoas():
    """The ptoas binary named by ``PTOAS``."""
    path = os.environ.get("PTOAS")
    if not path:
        raise _missing("PTOAS", "ptoas is needed and PTOAS is not set")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise _missing("PTOAS", f"PTOAS={path} is not an executable file")
    return os.path.abspath(path)


def pto_isa_root():
    """The pto-isa tree named by ``PTO_ISA_ROOT``."""
    path = os.environ.get("PTO_ISA_ROOT")
    if not path:
        raise _missing("PTO_ISA_ROOT", "pto-isa is needed and PTO_ISA_ROOT is not set")
    if not os.path.isfile(os.path.join(path, "include", "pto", "pto-inst.hpp")):
        raise _missing("PTO_ISA_ROOT",
                       f"PTO_ISA_ROOT={path} has no include/pto/pto-inst.hpp")
    return os.path.abspath(path)


def cxx():
    """The C++ compiler (``CXX``, default ``g++``) as a path."""
    name = os.environ.get("CXX") or "g++"
    path = shutil.which(name)
    if path is None:
        raise ToolMissingError(f"the C++ compiler '{name}' is not found: install g++ "
                               f"(C++20) or set CXX to one")
    return path


def missing(*variables):
    """The reason the first of ``variables`` ("PTOAS", "PTO_ISA_ROOT") that
    is unusable is missing, or None when all are there (for test skips)."""
    lookups = {"PTOAS": ptoas, "PTO_ISA_ROOT": pto_isa_root, "CXX": cxx}
    for variable in variables:
        try:
            lookups[variable]()
        except ToolMissingError as error:
            return str(error)
    return None


def _file_digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


@functools.lru_cache(maxsize=8)
def _ptoas_identity(path, stamp):
    del stamp  # part of the cache key only: a rebuilt binary is digested again
    return _file_digest(path)


def ptoas_identity(path):
    """A digest of the ptoas binary at ``path``."""
    stat = os.stat(path)
    return _ptoas_identity(path, (stat.st_size, stat.st_mtime_ns))


def pto_isa_identity(root):
    """A digest of ``root``/include: every file's path, size and modification
    time (reading the whole tree on every run would cost more than a run)."""
    include = os.path.join(root, "include")
    digest = hashlib.sha256()
    for directory, subdirs, files in os.walk(include):
        subdirs.sort()
        for name in sorted(files):
            path = os.path.join(directory, name)
            stat = os.stat(path)
            digest.update(f"{os.path.relpath(path, include)}\0{stat.st_size}\0"
                          f"{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


@functools.lru_cache(maxsize=8)
def cxx_identity(path):
    """The compiler's path and its ``--version`` text."""
    version = subprocess.run([path, "--version"], capture_output=True, text=True,
                             check=False).stdout
    return f"{path}\n{version}"
