"""Makes a CMake build tree usable without installing (PTO_BUILD_DIR=build).

Without PTO_BUILD_DIR the tests use the installed package and tools.
"""
import os
import sys

_build = os.environ.get("PTO_BUILD_DIR")
if _build:
    _build = os.path.abspath(_build)
    sys.path.insert(0, os.path.join(_build, "python_packages"))
    os.environ["PATH"] = os.path.join(_build, "bin") + os.pathsep + os.environ["PATH"]
