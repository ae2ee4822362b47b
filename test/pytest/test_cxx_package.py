"""The C++ package (cmake/PtoCxxPackage.cmake, docs/embedding.md): its
headers are complete, and examples/embedding, an out-of-tree tool, is
configured and built against it with the MLIR wheels and converts a kernel
to placed Level 2 exactly.

The package tested is the one installed with pto_mlir (the wheel's, below
the package) or, with PTO_BUILD_DIR, the build tree's, installed by
`cmake --install --component PtoCxxPackage` into a temporary prefix. The
tool's one file takes some 20 s of CPU to compile and link.
"""
import os
import pathlib
import re
import subprocess
import sys

import pytest

from doc_blocks import blocks
from pto_mlir import tools

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAYERS = ("dialect", "passes", "translate")
INCLUDE = re.compile(r'^#include "(pto(?:-c)?/[^"]+)"', re.M)

# examples/tor_chain.ptoasm after the pto-to-dps pipeline: its three tors as
# buffers, the two intermediate ones placed one after the other (a 16x64
# ui16 tile is 0x800 bytes), the result an out-parameter.
TILE = "!pto.tile_buf<vec, 16x64xui16>"
TOR_CHAIN_DPS = f"""\
module {{
  func.func @kernel(%arg0: {TILE}, %arg1: {TILE}, %arg2: {TILE}, %arg3: {TILE}) {{
    %0 = pto.alloc_tile : {TILE}
    pto.tassign %0, @tile(0x0) : {TILE}
    pto.tor ins(%arg0, %arg1 : {TILE}, {TILE}) outs(%0 : {TILE})
    %1 = pto.alloc_tile : {TILE}
    pto.tassign %1, @tile(0x800) : {TILE}
    pto.tor ins(%arg1, %arg2 : {TILE}, {TILE}) outs(%1 : {TILE})
    pto.tor ins(%0, %1 : {TILE}, {TILE}) outs(%arg3 : {TILE})
    return
  }}
}}

"""


def _run(command, **kwargs):
    proc = subprocess.run([str(c) for c in command], capture_output=True, text=True, **kwargs)
    assert proc.returncode == 0, f"{command} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def cmake_dir(tmp_path_factory):
    """The directory of the package's PtoMlirConfig.cmake."""
    build = os.environ.get("PTO_BUILD_DIR")
    if not build:
        return pathlib.Path(tools.cmake_dir())
    prefix = tmp_path_factory.mktemp("prefix")
    _run(["cmake", "--install", build, "--component", "PtoCxxPackage", "--prefix", prefix])
    return prefix / "lib" / "cmake" / "PtoMlir"


@pytest.fixture(scope="module")
def pto_dps(cmake_dir, tmp_path_factory):
    """examples/embedding built against the package: the tool's path."""
    build = tmp_path_factory.mktemp("embedding")
    _run(["cmake", "-G", "Ninja", "-S", ROOT / "examples" / "embedding", "-B", build,
          "-DCMAKE_BUILD_TYPE=Release", f"-DPtoMlir_DIR={cmake_dir}",
          # The MLIR wheels are this Python's (PtoMLIRFromPython.cmake).
          f"-DPython3_EXECUTABLE={sys.executable}"])
    _run(["cmake", "--build", build])
    return build / "pto-dps"


def test_every_public_header_is_installed_with_what_it_includes(cmake_dir):
    include = cmake_dir.parents[2] / "include"
    installed = {p.relative_to(include).as_posix() for p in include.rglob("*") if p.is_file()}
    public = {p.relative_to(ROOT / layer / "include").as_posix()
              for layer in LAYERS for p in (ROOT / layer / "include").rglob("*")
              if p.suffix in (".h", ".td")}
    assert public - installed == set()
    unresolved = [f"{header} includes {included}"
                  for header in sorted(installed)
                  for included in INCLUDE.findall((include / header).read_text())
                  if included not in installed]
    assert unresolved == []


def test_every_library_is_an_imported_target(cmake_dir):
    targets = (cmake_dir / "PtoMlirTargets.cmake").read_text()
    libraries = {p.name for p in (cmake_dir.parents[1]).glob("lib*.a")}
    imported = set(re.findall(r"^add_library\(PtoMlir::(\w+) STATIC IMPORTED\)$", targets, re.M))
    assert imported == {"MLIRPto", "PtoPasses", "PtoLowering", "PtoTranslate", "PtoCAPIDialect",
                        "PtoCAPIPasses", "PtoCAPILowering", "PtoCAPITranslate"}
    assert libraries == {f"lib{name}.a" for name in imported}


def test_embedding_doc_shows_the_examples_cmake_lines():
    doc = (ROOT / "docs" / "embedding.md").read_text()
    (shown,) = [body for lang, body, _, _ in blocks(doc) if lang == "cmake"]
    example = (ROOT / "examples" / "embedding" / "CMakeLists.txt").read_text().splitlines()
    assert [line for line in shown.splitlines() if line.strip() not in
            (e.split("#")[0].strip() for e in example)] == []


def test_out_of_tree_tool_converts_a_kernel_to_placed_level2(pto_dps):
    proc = _run([pto_dps, ROOT / "examples" / "tor_chain.ptoasm"])
    assert proc.stdout == TOR_CHAIN_DPS
    assert proc.stderr == ""


def test_out_of_tree_tool_reports_errors_at_their_location(pto_dps, tmp_path):
    kernel = tmp_path / "bad.ptoasm"
    kernel.write_text("%x = tor %a : !pto.tile<vec, 16x64xui16>\n")
    proc = subprocess.run([pto_dps, kernel], capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.splitlines()[0] == (
        f"{kernel}:1:6: error: 'pto.tor' op expects 2 'ins' operands (src0, src1), got 1")


def test_cmake_dir_names_the_package_or_says_how_to_install_it():
    if os.environ.get("PTO_BUILD_DIR"):
        with pytest.raises(tools.CxxPackageMissing) as error:
            tools.cmake_dir()
        expected = os.path.join(os.path.dirname(tools.__file__), os.pardir, "lib", "cmake",
                                "PtoMlir")
        assert str(error.value) == (
            f"no PtoMlirConfig.cmake in {os.path.normpath(expected)}: the wheel installs the "
            "C++ package; from a build tree, install it with `cmake --install BUILD "
            "--component PtoCxxPackage --prefix DIR` (then PtoMlir_DIR is "
            "DIR/lib/cmake/PtoMlir)")
    else:
        assert (pathlib.Path(tools.cmake_dir()) / "PtoMlirConfig.cmake").is_file()
