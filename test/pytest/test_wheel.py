"""The wheel (docs/wheel.md): `pip wheel` packs the build the README's
install made, and the wheel, installed into a fresh virtual environment
without the LLVM/MLIR wheels, runs the README's example (pto-run and the
Python API) and needs no shared library outside itself but the C and C++
runtimes.

The wheel is packed from the persistent build tree (pyproject.toml's
build-dir, build-wheel/<tag>) without compiling anything: the test fails if
ninja compiles a file. Without that tree, or when it is not up to date (a
developer's PTO_BUILD_DIR run), the test is skipped, saying so; with
PTO_REQUIRE_WHEEL_BUILD=1 (.ci/run) it fails instead. Cost: packing the
wheel, a venv and its pip install (numpy, ml_dtypes), about a minute.
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import venv

import numpy as np
import pytest

from doc_blocks import blocks
from pto_mlir.tools import pto_run

ROOT = pathlib.Path(__file__).resolve().parents[2]
README_RUN = ["examples/or_reduce.mlir", "--entry", "or_reduce", "--random-inputs",
              "--seed", "0", "--engine", "jit"]
# What an extension module or tool of the wheel may load from the system:
# the C and C++ runtimes (manylinux allows them; docs/wheel.md).
SYSTEM_LIBRARIES = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1",
                    "libpthread.so.0", "libdl.so.2", "librt.so.1", "linux-vdso.so.1"}


def _run(command, **kwargs):
    proc = subprocess.run([str(c) for c in command], capture_output=True, text=True, **kwargs)
    assert proc.returncode == 0, f"{command} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc


def _wheel_build_tree():
    """The persistent build tree configured with this environment's MLIR
    wheels, or the reason there is none."""
    import importlib.util
    mlir = importlib.util.find_spec("mlir")
    if mlir is None:
        return None, "the MLIR wheels (xtc-mlir-dev) are not installed: no wheel can be built"
    mlir_dir = os.path.join(list(mlir.submodule_search_locations)[0], "lib", "cmake", "mlir")
    for cache in sorted((ROOT / "build-wheel").glob("*/CMakeCache.txt")):
        if f"MLIR_DIR:PATH={mlir_dir}\n" in cache.read_text():
            tree = cache.parent
            pending = [line for line in _run(["ninja", "-C", tree, "-n"]).stdout.splitlines()
                       if re.search(r"Building CXX? object", line)]
            if pending:
                return None, (f"the wheel build tree {tree} is not up to date ({len(pending)} "
                              "files to compile): the README's install brings it up to date")
            return tree, None
    return None, ("no wheel build tree in build-wheel/ configured with this environment's "
                  "MLIR: the README's install (pip install --no-build-isolation .) makes it")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    tree, reason = _wheel_build_tree()
    if tree is None:
        if os.environ.get("PTO_REQUIRE_WHEEL_BUILD") == "1":
            pytest.fail(f"PTO_REQUIRE_WHEEL_BUILD=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    dist = tmp_path_factory.mktemp("dist")
    proc = _run([sys.executable, "-m", "pip", "wheel", "-v", "--no-build-isolation", "--no-deps",
                 "-w", dist, ROOT])
    compiled = [line for line in proc.stdout.splitlines() if "Building CXX object" in line]
    assert compiled == [], f"packing the wheel compiled {len(compiled)} files:\n" + \
        "\n".join(compiled[:5])
    (path,) = dist.glob("pto_mlir-*.whl")
    return path


@pytest.fixture(scope="module")
def wheel_venv(wheel, tmp_path_factory):
    """A fresh virtual environment with the wheel (and numpy, ml_dtypes) only:
    its bin/ directory."""
    env = tmp_path_factory.mktemp("venv")
    venv.create(env, with_pip=True)
    _run([env / "bin" / "python", "-m", "pip", "install", "--quiet", wheel])
    return env / "bin"


def test_the_venv_has_no_llvm_or_mlir_wheel(wheel_venv):
    installed = json.loads(_run([wheel_venv / "python", "-m", "pip", "list",
                                 "--format=json"]).stdout)
    names = sorted(p["name"].lower() for p in installed)
    assert [n for n in names if n.startswith("xtc-")] == []
    assert {"pto-mlir", "numpy", "ml-dtypes"} <= set(n.replace("_", "-") for n in names)
    proc = _run([wheel_venv / "python", "-c",
                 "import importlib.util as u; print(u.find_spec('mlir'), u.find_spec('llvm'))"])
    assert proc.stdout == "None None\n"


def test_binaries_need_only_the_system_runtimes(wheel_venv):
    site = pathlib.Path(_run([wheel_venv / "python", "-c",
                              "import pto_mlir, os; print(os.path.dirname(pto_mlir.__file__))"]
                             ).stdout.strip())
    binaries = sorted(site.rglob("*.so")) + [wheel_venv / "pto-opt", wheel_venv / "pto-translate"]
    assert len(binaries) >= 10
    outside = []
    for binary in binaries:
        for line in _run(["ldd", binary]).stdout.splitlines():
            # "libx.so => /path/libx.so (0x...)", or "linux-vdso.so.1 (0x...)"
            name, _, where = line.strip().partition(" => ")
            name = name.split()[0]
            if "ld-linux" in name:
                continue
            path = where.split(" (")[0]
            if "not found" in where or (name not in SYSTEM_LIBRARIES
                                        and not path.startswith(f"{site}/")):
                outside.append(f"{binary.name}: {line.strip()}")
    assert outside == []


def test_pto_run_prints_what_it_prints_here(wheel_venv, tmp_path, capsys):
    out = tmp_path / "out.npz"
    proc = _run([wheel_venv / "pto-run", *README_RUN, "--output", out], cwd=ROOT)
    assert pto_run.main([str(ROOT / README_RUN[0]), *README_RUN[1:]]) == 0
    assert proc.stdout == capsys.readouterr().out
    d = np.load(out)
    np.testing.assert_array_equal(d["result0"], d["arg0"] | d["arg1"] | d["arg2"] | d["arg3"])


def test_readme_python_examples_print_what_the_readme_shows(wheel_venv, tmp_path):
    readme = (ROOT / "README.md").read_text()
    shown = [(body, expected) for lang, body, _, expected in blocks(readme) if lang == "python"]
    assert len(shown) == 2
    for number, (body, expected) in enumerate(shown, 1):
        script = tmp_path / f"readme_{number}.py"
        script.write_text(body)
        assert _run([wheel_venv / "python", script], cwd=tmp_path).stdout == expected


def test_tools_run_in_the_venv(wheel_venv):
    version = _run([wheel_venv / "python", "-c", "import pto_mlir; print(pto_mlir.__version__)"])
    assert re.search(rf"pto-mlir version {re.escape(version.stdout.strip())}\n",
                     _run([wheel_venv / "pto-opt", "--version"]).stdout)
    dps = _run([wheel_venv / "pto-opt", "--pto-to-dps", ROOT / "examples" / "or_reduce.mlir"])
    assert dps.stdout == _run(["pto-opt", "--pto-to-dps",
                               ROOT / "examples" / "or_reduce.mlir"]).stdout
