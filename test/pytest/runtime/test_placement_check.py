"""The host engines refuse, by default, a kernel whose tiles cannot be
placed in its target's on-chip memory, as the device and the pto-isa engine
would (issue 38, item 6; runtime/placement.py): PlacementError names the
tile, its bytes and the memory's capacity; ``placement="none"`` (pto-run
``--placement none``) runs it unplaced."""
import numpy as np
import pytest

import pto_mlir.language as pl
from pto_mlir import runtime
from pto_mlir.tools import pto_run

T = "!pto.tile<vec, 64x320xi32>"
# Three 80 KiB tiles live at once (x, y, z; pto-ssa-to-dps writes t into
# x's buffer): 240 KiB, more than a2a3's 192 KiB of ub, less than a5's 256.
KERNEL = f"""
func.func @k(%a: {T}, %b: {T}) -> {T} {{
  %x = pto.tor %a, %b : ({T}, {T}) -> {T}
  %y = pto.tor %x, %a : ({T}, {T}) -> {T}
  %z = pto.tor %y, %x : ({T}, {T}) -> {T}
  %t = pto.tor %x, %y : ({T}, {T}) -> {T}
  %r = pto.tor %t, %z : ({T}, {T}) -> {T}
  return %r : {T}
}}
"""
A = np.arange(64 * 320, dtype=np.int32).reshape(64, 320)
B = np.full((64, 320), 7 << 20, np.int32)
UNPLACED = ('(runtime.run(..., placement="none") and pto-run --placement none run it '
            'unplaced, each tile in memory of its own)')
A2A3 = ("@k cannot be placed in the on-chip memory of target a2a3, as the device would "
        "place it:\n"
        "error: \"-\":5:8: 'pto.alloc_tile' op needs 81920 bytes of ub for "
        "'!pto.tile_buf<vec, 64x320xi32>', but ub holds 196608 bytes on a2a3 and 163840 "
        f"bytes of it are held by 2 live buffers here\n{UNPLACED}")


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_a_kernel_that_does_not_fit_is_refused_by_default(engine):
    a, b = A.copy(), B.copy()
    with pytest.raises(runtime.PlacementError) as raised:
        runtime.run(KERNEL, "k", a, b, engine=engine, target="a2a3")
    assert str(raised.value) == A2A3
    assert isinstance(raised.value, runtime.KernelError)
    assert np.array_equal(a, A) and np.array_equal(b, B)


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_placement_none_runs_it_unplaced_and_a_larger_target_fits(engine):
    expected = A | B
    unplaced = runtime.run(KERNEL, "k", A, B, engine=engine, target="a2a3", placement="none")
    assert np.array_equal(unplaced, expected)
    for target in ("a5", None):   # no target: the larger sizes
        assert np.array_equal(runtime.run(KERNEL, "k", A, B, engine=engine, target=target),
                              expected)


def test_placement_names_are_checked():
    with pytest.raises(runtime.ArgumentError) as raised:
        runtime.run(KERNEL, "k", A, B, placement="auto")
    assert str(raised.value) == "placement 'auto' is unknown (placements: check, none)"
    with pytest.raises(runtime.ArgumentError) as raised:
        runtime.run(KERNEL, "k", A, B, engine="pto-isa", placement="none")
    assert str(raised.value) == ("placement 'none' runs a kernel unplaced; the pto-isa engine "
                                 "always runs it placed, as the device does")


TILE = pl.Tile[64, 320, pl.i32]


@pl.kernel(target="a2a3")
def too_big(a: TILE, b: TILE):
    x = a | b
    y = x | a
    z = y | x
    return (x | y) | z


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_a_pl_kernel_that_does_not_fit_is_refused_alike(engine):
    with pytest.raises(runtime.PlacementError) as raised:
        too_big(A, B, engine=engine)
    message = str(raised.value)
    assert message.startswith("@too_big cannot be placed in the on-chip memory of target "
                              "a2a3, as the device would place it:\nerror: ")
    assert message.endswith("'pto.alloc_tile' op needs 81920 bytes of ub for "
                            "'!pto.tile_buf<vec, 64x320xi32>', but ub holds 196608 bytes on "
                            "a2a3 and 163840 bytes of it are held by 2 live buffers here\n"
                            + UNPLACED)


def test_pto_run_refuses_it_unless_told(tmp_path, capsys):
    path = tmp_path / "k.mlir"
    path.write_text(KERNEL)
    command = [str(path), "--entry", "k", "--random-inputs", "--target", "a2a3"]
    assert pto_run.main(command) == 1
    located = A2A3.replace('"-":5:8', f'"{path}":5:8')
    assert capsys.readouterr().err == f"pto-run: error: {located}\n"
    assert pto_run.main([*command, "--placement", "none"]) == 0
    assert capsys.readouterr().out.startswith("arg0: int32 64x320\n")


def test_the_check_converts_a_kernel_once_per_target(monkeypatch):
    from pto_mlir.runtime import placement
    converted, to_dps = [], placement.pipeline.to_dps

    def counting(module, **options):
        converted.append(options["target"])
        return to_dps(module, **options)
    monkeypatch.setattr(placement.pipeline, "to_dps", counting)
    text = KERNEL.replace("@k(", "@k_once(")
    for target in ("a5", "a5", None, "a5", None):
        runtime.run(text, "k_once", A, B, target=target)
    assert converted == ["a5", None]
