"""Placed tiles on both engines (issue 25, item 4): one memory per
location, each placed buffer at its address, so buffers placed over shared
bytes see each other's writes on the JIT as on the interpreter; and a
placement past the memory of the target a run names fails on both. Each
kernel's answer is checked against a numpy model of the aliasing."""
import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.runtime import jit

B = "!pto.tile_buf<vec, 2x16xi16>"
ENGINES = ("interp", "jit")


def _tiles(count, seed):
    rng = np.random.default_rng(seed)
    return [rng.integers(-2**15, 2**15, size=(2, 16), dtype=np.int16) for _ in range(count)]


OVERLAP = f"""func.func @k(%a: {B}, %b: {B}, %d0: {B}, %d1: {B}) {{
  %x = pto.alloc_tile : {B}
  pto.tassign %x, @tile(0x0)
  %c = arith.constant 32 : i64
  %y = pto.alloc_tile addr = %c : {B}
  pto.tor ins(%a, %a : {B}, {B}) outs(%x : {B})
  pto.tor ins(%b, %b : {B}, {B}) outs(%y : {B})
  pto.tor ins(%x, %x : {B}, {B}) outs(%d0 : {B})
  pto.tor ins(%y, %x : {B}, {B}) outs(%d1 : {B})
  return
}}"""


@pytest.mark.parametrize("engine", ENGINES)
def test_buffers_placed_over_shared_bytes_alias(engine):
    # %y (bytes 32..96) starts at %x's second row: writing %y overwrites it.
    a, b = _tiles(2, 1)
    d0, d1 = np.zeros((2, 16), np.int16), np.zeros((2, 16), np.int16)
    runtime.run(OVERLAP, "k", a, b, d0, d1, engine=engine)
    x = np.stack([a[0], b[0]])
    assert d0.tobytes() == x.tobytes()
    assert d1.tobytes() == (b | x).tobytes()


PLACED_ARGUMENTS = f"""func.func @k(%a: {B}, %d: {B}) {{
  pto.tor ins(%a, %a : {B}, {B}) outs(%d : {B})
  pto.tassign %d, @tile(0x40)
  pto.tassign %a, @tile(0x60)
  pto.tor ins(%a, %d : {B}, {B}) outs(%a : {B})
  return
}}"""


@pytest.mark.parametrize("engine", ENGINES)
def test_placed_arguments_bring_their_bytes_and_return_them(engine):
    # %d = a, placed at 0x40; %a placed at 0x60 overwrites %d's second row
    # with a's first; then a |= d.
    a, = _tiles(1, 2)
    d = np.zeros((2, 16), np.int16)
    original = a.copy()
    runtime.run(PLACED_ARGUMENTS, "k", a, d, engine=engine)
    assert d.tobytes() == np.stack([original[0], original[0]]).tobytes()
    assert a.tobytes() == np.stack([original[0], original[1] | original[0]]).tobytes()


PLACED_IN_LOOP = f"""func.func @k(%n: index, %a: {B}, %d: {B}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {{
    %t = pto.alloc_tile : {B}
    pto.tassign %t, @tile(0x80)
    pto.tor ins(%t, %d : {B}, {B}) outs(%t : {B})
    pto.tor ins(%t, %a : {B}, {B}) outs(%d : {B})
  }}
  %far = pto.alloc_tile : {B}
  pto.tassign %far, @tile(0x3ffc0)
  pto.tor ins(%a, %d : {B}, {B}) outs(%far : {B})
  pto.tor ins(%far, %far : {B}, {B}) outs(%d : {B})
  return
}}"""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("target", [None, "a5"])
def test_a_placed_allocation_in_a_loop_runs_on_every_trip(engine, target):
    a, d = _tiles(2, 3)
    expected = a | d
    runtime.run(PLACED_IN_LOOP, "k", 3, a, d, engine=engine, target=target)
    assert d.tobytes() == expected.tobytes()


_ROW = "!pto.tile_buf<vec, 1x32xf32>"
_ROW_WINDOW = "!pto.partition_tensor_view<1x32xf32>"


def _accumulating(placement):
    """A kernel that allocates a tile at 0x0 on each of 3 trips, adds 1.0 to
    it, then allocates one more tile there and stores it: 3.0 if a placed
    allocation is the bytes at its address, as pto-isa's TASSIGN makes it
    (PTOAS's samples allocate their accumulators so, inside the loop)."""
    def alloc(name):
        if placement == "addr":
            return f"%{name} = pto.alloc_tile addr = %a0 : {_ROW}"
        return f"%{name} = pto.alloc_tile : {_ROW}\n    pto.tassign %{name}, @tile(0x0)"
    return f"""func.func @k(%o: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %a0 = arith.constant 0 : i64
  %one = arith.constant 1.0 : f32
  %v = pto.make_tensor_view %o, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<1x32xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c1, %c32] : !pto.tensor_view<1x32xf32> -> {_ROW_WINDOW}
  scf.for %i = %c0 to %c3 step %c1 {{
    {alloc("t")}
    pto.tadds ins(%t, %one : {_ROW}, f32) outs(%t : {_ROW})
  }}
  {alloc("r")}
  pto.tstore ins(%r : {_ROW}) outs(%w : {_ROW_WINDOW})
  return
}}"""  # noqa: E501


@pytest.mark.parametrize("placement", ["addr", "tassign"])
@pytest.mark.parametrize("engine", [*ENGINES, "pto-isa"])
def test_a_tile_placed_before_its_first_use_is_the_bytes_at_its_address(
        engine, placement, request):
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    out = np.zeros((1, 32), np.float32)
    runtime.run(_accumulating(placement), "k", out, engine=engine)
    assert out.tobytes() == np.full((1, 32), 3.0, np.float32).tobytes()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_placement_past_the_memory_of_the_run_target_fails(engine):
    # 0x3ffc0 + 64 bytes is the end of a5's UB, past a2a3's.
    a, d = _tiles(2, 4)
    before = d.copy()
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(PLACED_IN_LOOP, "k", 1, a, d, engine=engine, target="a2a3")
    assert str(info.value) == (
        f"'pto.tassign' op at {_where(PLACED_IN_LOOP, 'pto.tassign %far')}: tile of 64 "
        f"bytes at 0x3ffc0 does not fit in ub (vec tiles), which holds "
        f"{_ub('a2a3')} bytes on a2a3")
    assert d.tobytes() == before.tobytes()


def _ub(target):
    from pto_mlir.dialects import pto
    return pto.location_capacity(target, "vec")


def _where(text, needle):
    """file:line:col of the line holding ``needle`` (a string kernel's)."""
    for number, line in enumerate(text.split("\n"), 1):
        if needle in line:
            return f"-:{number}:{line.index('pto.') + 1}"
    raise AssertionError(needle)


def test_the_jit_takes_the_target_when_compiling():
    a, d = _tiles(2, 5)
    kernel = jit.compile(PLACED_IN_LOOP, "k", target="a5")
    kernel(0, a, d)
    with pytest.raises(ValueError) as info:
        jit.compile(PLACED_IN_LOOP, "k", target="a9")
    assert str(info.value) == "target 'a9' is unknown (targets: a2a3, a5)"


def test_a_placement_the_host_cannot_run_is_refused():
    # Placed in a branch, the tile is where the branch left it: only known
    # when the kernel runs.
    kernel = f"""func.func @k(%c: i1, %a: {B}) {{
  %x = pto.alloc_tile : {B}
  scf.if %c {{
    pto.tassign %x, @tile(0x0)
  }}
  pto.tor ins(%a, %a : {B}, {B}) outs(%x : {B})
  return
}}"""
    a, = _tiles(1, 6)
    with pytest.raises(jit.UnsupportedError) as info:
        runtime.run(kernel, "k", True, a, engine="jit")
    assert str(info.value) == (
        "the kernel cannot be compiled for the host:\n"
        "'pto.tassign' op cannot be run on the host: it is not in the "
        "block of its tile's pto.alloc_tile")
    runtime.run(kernel, "k", True, a)   # the interpreter places it
