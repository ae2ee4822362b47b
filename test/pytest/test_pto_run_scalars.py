"""pto-run's scalar arguments: --scalars argN=VALUE, and the i1 flags
--random-inputs draws; errors by their text."""
import numpy as np
import pytest

from pto_mlir.tools import pto_run

T = "!pto.tile_buf<vec, 1x16xi16>"
# %n times d = d | a; with %flag false, d is left as it is.
KERNEL = f"""func.func @k(%a: {T}, %d: {T}, %n: index, %flag: i1) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %flag {{
    scf.for %i = %c0 to %n step %c1 {{
      pto.tor ins(%d, %a : {T}, {T}) outs(%d : {T})
    }}
  }}
  return
}}
"""


@pytest.fixture
def kernel(tmp_path):
    path = tmp_path / "k.mlir"
    path.write_text(KERNEL)
    return str(path)


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_scalars_are_given_by_name(kernel, tmp_path, engine):
    a = np.arange(16, dtype=np.int16).reshape(1, 16) << 4
    d = np.full((1, 16), 3, np.int16)
    inputs, output = tmp_path / "in.npz", tmp_path / "out.npz"
    np.savez(inputs, arg0=a, arg1=d)
    assert pto_run.main([kernel, "--entry", "k", "--inputs", str(inputs), "--engine", engine,
                         "--scalars", "arg2=2", "--scalars", "arg3=true",
                         "--output", str(output)]) == 0
    assert np.load(output)["arg1"].tolist() == (a | d).tolist()


def test_random_inputs_draw_flags_not_counts(kernel, capsys):
    assert pto_run.main([kernel, "--entry", "k", "--random-inputs"]) == 1
    assert capsys.readouterr().err == (
        "pto-run: error: arg2 (index) is a scalar: give it with --scalars arg2=VALUE "
        "or in --inputs\n")


def test_random_inputs_with_the_count_given(kernel, tmp_path):
    # The seed's flag: drawn the same way each time, a bool.
    runs = []
    for seed in ("0", "1", "2", "3"):
        output = tmp_path / f"out{seed}.npz"
        assert pto_run.main([kernel, "--entry", "k", "--random-inputs", "--seed", seed,
                             "--scalars", "arg2=1", "--output", str(output)]) == 0
        runs.append(np.load(output))
    flags = [np.random.default_rng(int(seed)) for seed in "0123"]
    for rng, run in zip(flags, runs):
        # The draws in argument order: arg0, arg1 (tiles), then the flag.
        info = np.iinfo(np.int16)
        a = rng.integers(info.min, info.max, size=(1, 16), endpoint=True, dtype=np.int16)
        d = rng.integers(info.min, info.max, size=(1, 16), endpoint=True, dtype=np.int16)
        flag = bool(rng.integers(0, 2))
        assert run["arg0"].tolist() == a.tolist()
        assert run["arg1"].tolist() == ((a | d) if flag else d).tolist()


@pytest.mark.parametrize("item, message", [
    ("arg2", "--scalars arg2: expected argN=VALUE"),
    ("n=2", "--scalars n=2: n names no argument (the kernel takes 4)"),
    ("arg9=2", "--scalars arg9=2: arg9 names no argument (the kernel takes 4)"),
    ("arg0=2", "--scalars arg0=2: arg0 (!pto.tile_buf<vec, 1x16xi16>) is not a scalar"),
    ("arg2=two", "--scalars arg2=two: 'two' is not a number, true or false"),
    ("arg2=1.5", "argument #2 (index): expected an int, got float"),
])
def test_bad_scalars(kernel, capsys, item, message):
    assert pto_run.main([kernel, "--entry", "k", "--random-inputs", "--scalars", item,
                         "--scalars", "arg3=false"]) == 1
    assert capsys.readouterr().err == f"pto-run: error: {message}\n"
