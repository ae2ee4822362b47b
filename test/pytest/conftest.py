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

# The JIT's disk cache is off in tests (every kernel is compiled, and the
# user's cache is left alone); test/pytest/jit/test_disk_cache.py turns it on
# in a directory of its own. Set PTO_MLIR_CACHE_DIR to run the suite on it.
os.environ.setdefault("PTO_MLIR_CACHE_DIR", "")


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


def _device_tools(*variables):
    """Skips the test when one of the device path's tools is missing, with
    the reason naming it; fails instead when PTO_REQUIRE_DEVICE_TOOLS=1
    (CI, .ci/run, where the tests must run)."""
    from pto_mlir.runtime import device_tools
    reason = device_tools.missing(*variables)
    if reason is not None:
        _skip_or_fail(reason)


def _skip_or_fail(reason):
    """Skips the test for a missing outside input, naming it; fails instead
    under PTO_REQUIRE_DEVICE_TOOLS=1 (CI)."""
    if os.environ.get("PTO_REQUIRE_DEVICE_TOOLS") == "1":
        pytest.fail(f"PTO_REQUIRE_DEVICE_TOOLS=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture
def ptoas_src():
    """The test reads PTOAS's sources (its test/samples), from PTOAS_SRC:
    skipped without it, failing instead under PTO_REQUIRE_DEVICE_TOOLS=1."""
    path = os.environ.get("PTOAS_SRC")
    if path:
        return path
    _skip_or_fail("PTOAS_SRC is not set: point it at a PTOAS source tree "
                  "(github.com/hw-native-sys/PTOAS, tested at a56b18c3) to read its test/samples")


@pytest.fixture
def ptoas_tool():
    """The test runs ptoas (PTOAS)."""
    _device_tools("PTOAS")


@pytest.fixture
def pto_isa_st():
    """pto-isa's own CPU tests, tests/cpu/st of the pto-isa checkout that
    PTO_ISA_ROOT names (testcase/<op>/gen_data.py and utils.py)."""
    root = os.environ.get("PTO_ISA_ROOT")
    st = os.path.join(root, "tests", "cpu", "st") if root else None
    if st and os.path.isdir(os.path.join(st, "testcase")):
        return st
    _skip_or_fail(f"PTO_ISA_ROOT ({root or 'not set'}) has no tests/cpu/st/testcase: point it at "
                  "a whole pto-isa checkout (github.com/hw-native-sys/pto-isa, tested at "
                  "3186c381) to run the vendor's CPU test cases")


@pytest.fixture
def pto_isa_tools():
    """The test runs pto-isa's CPU simulator: ptoas, a pto-isa tree and a C++
    compiler."""
    _device_tools("PTOAS", "PTO_ISA_ROOT", "CXX")
