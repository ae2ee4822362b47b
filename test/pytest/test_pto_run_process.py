"""pto-run as a process: what the shell around it sees (a reader that stops
early, the environment it gives numpy)."""
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "tor_chain.mlir")


def _env(**extra):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    env.pop("OPENBLAS_NUM_THREADS", None)
    return dict(env, **extra)


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path):
    # `pto-run ... | head -1`: the reader closes the pipe. Here it is closed
    # before pto-run starts, so that every write meets it closed (a reader
    # closing later races the writes the pipe's buffer takes). pto-run used
    # to end in a BrokenPipeError traceback; now it stops printing, still
    # writes --output, and exits 1.
    output = tmp_path / "out.npz"
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pto_mlir.tools.pto_run", EXAMPLE, "--entry", "tor_chain",
             "--random-inputs", "--output", str(output)],
            env=_env(), stdout=write_end, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (1, b"")
    saved = np.load(output)
    np.testing.assert_array_equal(saved["arg3"], saved["arg0"] | saved["arg1"] | saved["arg2"])


PRINT_SETTING = ("import os, pto_mlir.tools.pto_run; "
                 "print(os.environ['OPENBLAS_NUM_THREADS'])")


def test_openblas_runs_one_thread_unless_the_user_says_otherwise():
    # numpy's import starts OpenBLAS's threads, which pto-run never uses.
    default = subprocess.run([sys.executable, "-c", PRINT_SETTING], env=_env(),
                             capture_output=True, text=True, check=True)
    assert default.stdout == "1\n"
    chosen = subprocess.run([sys.executable, "-c", PRINT_SETTING],
                            env=_env(OPENBLAS_NUM_THREADS="2"), capture_output=True, text=True,
                            check=True)
    assert chosen.stdout == "2\n"
