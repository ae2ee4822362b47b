"""Makes a CMake build tree usable without installing (PTO_BUILD_DIR=build),
and holds the fixtures tests share.

Without PTO_BUILD_DIR the tests use the installed package and tools.
"""
import os
import sys

import pytest

_build = os.environ.get("PTO_BUILD_DIR")
if _build:
    _build = os.path.abspath(_build)
    sys.path.insert(0, os.path.join(_build, "python_packages"))
    os.environ["PATH"] = os.path.join(_build, "bin") + os.pathsep + os.environ["PATH"]


@pytest.fixture
def ctx():
    """A fresh MLIR context with an unknown location, for building IR."""
    from pto_mlir import ir
    with ir.Context() as context, ir.Location.unknown():
        yield context


@pytest.fixture
def built_module():
    """``built_module(build)``: runs ``build()`` in a new module's body,
    verifies the module and returns it printed."""
    from pto_mlir import ir

    def build_module(build):
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            build()
        assert module.operation.verify()
        return str(module)
    return build_module
