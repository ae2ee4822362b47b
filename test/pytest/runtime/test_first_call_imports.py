"""What a new process imports for its first call (issue 38, item 6): a
kernel of i16 or f32 tiles imports no ml_dtypes (bf16 does), and the first
runtime.run(engine="jit") of a kernel the disk cache holds imports none of
the modules only compiling and storing need (subprocess, shutil, tempfile,
concurrent.futures) nor hashlib's OpenSSL binding; the kernel's answer is
the same."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("pto_mlir.runtime.jit")
from pto_mlir.runtime.jit import native_cache  # noqa: E402

STORING = ["subprocess", "shutil", "tempfile", "concurrent.futures", "_hashlib"]

CHILD = textwrap.dedent("""
    import json, sys
    BF16 = ("func.func @id(%a: !pto.tile<vec, 1x16xbf16>) -> !pto.tile<vec, 1x16xbf16> {"
            " return %a : !pto.tile<vec, 1x16xbf16> }")
    import numpy as np
    from pto_mlir import runtime
    from pto_mlir.testing import tor_kernel

    before = set(sys.modules)
    a = np.arange(32, dtype=np.int16).reshape(1, 32)
    b = np.full((1, 32), 0x100, np.int16)
    out = np.zeros_like(a)
    runtime.run(tor_kernel(1, 32, "i16"), "tor", a, b, out, engine=sys.argv[1])
    f32 = runtime.run('''
    func.func @neg(%a: !pto.tile<vec, 1x8xf32>) -> !pto.tile<vec, 1x8xf32> {
      return %a : !pto.tile<vec, 1x8xf32>
    }''', "neg", np.full((1, 8), 1.5, np.float32), engine=sys.argv[1])
    imported = sorted(set(sys.modules) - before)
    after_f32 = "ml_dtypes" in sys.modules
    import ml_dtypes
    bf16 = runtime.run(BF16, "id", np.arange(16, dtype=np.uint16).reshape(1, 16)
                       .view(ml_dtypes.bfloat16), engine=sys.argv[1])
    if sys.argv[1] == "jit":
        from pto_mlir.runtime import jit
        jit.wait_for_disk_cache()
    # After the disk cache's background stores: what storing needed is
    # imported by then (read earlier, a cold run raced them).
    stored = sorted(set(sys.modules) - before)
    print(json.dumps({"out": out.tolist(), "f32": f32.tolist(), "imported": imported,
                      "imported_after_storing": stored,
                      "ml_dtypes_after_f32": after_f32, "bf16": bf16.view("u2").tolist()}))
""")


def _child(engine, cache):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), PTO_MLIR_CACHE_DIR=str(cache))
    done = subprocess.run([sys.executable, "-c", CHILD, engine], env=env, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_no_ml_dtypes_for_i16_and_f32_kernels(engine, tmp_path):
    answer = _child(engine, tmp_path)
    assert answer["out"] == [[k | 0x100 for k in range(32)]]
    assert answer["f32"] == [[1.5] * 8]
    assert not answer["ml_dtypes_after_f32"]
    assert answer["bf16"] == [list(range(16))]


@pytest.mark.skipif(native_cache._linker() is None, reason="the disk cache needs Linux and ld")
def test_a_disk_cache_hit_imports_nothing_storing_needs(tmp_path):
    cold = _child("jit", tmp_path)
    assert {m for m in STORING if m in cold["imported_after_storing"]} == {
        "subprocess", "shutil", "tempfile", "concurrent.futures"}   # it compiled and stored
    warm = _child("jit", tmp_path)
    assert warm["out"] == cold["out"] and warm["f32"] == cold["f32"]
    assert [m for m in STORING if m in warm["imported_after_storing"]] == []


PTO_RUN = textwrap.dedent("""
    import contextlib, io, json, sys
    from pto_mlir.tools import pto_run
    with contextlib.redirect_stdout(io.StringIO()) as out:
        status = pto_run.main([sys.argv[1], "--entry", "tor_chain", "--random-inputs",
                               "--engine", sys.argv[2]])
    print(json.dumps({"status": status, "out": out.getvalue().splitlines()[0],
                      "imported": sorted(sys.modules)}))
""")


# What each engine must not import: pto-run's start-up is mostly imports
# (docs/performance.md), so an engine pays only for its own modules.
OTHER_ENGINES = {
    "interp": ["ml_dtypes", "pto_mlir.runtime.jit", "pto_mlir.runtime.pto_isa",
               "pto_mlir.asm", "zipfile", "subprocess"],
    "jit": ["ml_dtypes", "pto_mlir.runtime.interp.interpreter", "pto_mlir.runtime.interp.ops",
            "pto_mlir.runtime.pto_isa", "pto_mlir.asm", "zipfile"],
}


@pytest.mark.parametrize("engine", sorted(OTHER_ENGINES))
def test_pto_run_imports_no_other_engine(engine, tmp_path):
    example = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples",
                           "tor_chain.mlir")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), PTO_MLIR_CACHE_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", PTO_RUN, example, engine], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["status"], answer["out"]) == (0, "arg0: uint16 16x64")
    assert [m for m in OTHER_ENGINES[engine] if m in answer["imported"]] == []
