"""Out-parameters follow from the IR (runtime/writes.py): a call returns the
``!pto.tile_buf`` arguments the kernel's ops may write, through views,
control flow and calls, whatever the data, and refuses a read-only array for
one; identically on both engines (agreement.agree compares which arguments
come back)."""
import numpy as np
import pytest

from agreement import agree
from pto_mlir import ir, runtime
from pto_mlir.runtime.writes import written_arguments

pytest.importorskip("pto_mlir.runtime.jit")

B = "!pto.tile_buf<vec, 2x16xi16>"
ENGINES = ("interp", "jit")

WRITES_D = f"""func.func @k(%a: {B}, %d: {B}) {{
  pto.tor ins(%a, %a : {B}, {B}) outs(%d : {B})
  return
}}"""


def _tile(value=None):
    if value is None:
        return np.arange(1, 33, dtype=np.int16).reshape(2, 16)
    return np.full((2, 16), value, np.int16)


def _written(kernel, entry="k"):
    with ir.Context():
        return sorted(written_arguments(ir.Module.parse(kernel), entry))


@pytest.mark.parametrize("engine", ENGINES)
def test_an_out_parameter_whose_bytes_do_not_change_is_returned(engine):
    # a | a == a: d ends with the bytes it had.
    a = _tile()
    d = a.copy()
    assert runtime.run(WRITES_D, "k", a, d, engine=engine) is d
    assert d.tobytes() == a.tobytes()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_read_only_out_parameter_is_refused_whatever_the_data(engine):
    a = _tile()
    d = a.copy()
    d.flags.writeable = False
    with pytest.raises(runtime.ArgumentError) as error:
        runtime.run(WRITES_D, "k", a, d, engine=engine)
    assert str(error.value) == (f"argument #1 ({B}): the kernel writes it, but the "
                                f"array is read-only")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_read_only_input_is_accepted(engine):
    a = _tile()
    a.flags.writeable = False
    d = _tile(0)
    assert runtime.run(WRITES_D, "k", a, d, engine=engine) is d
    assert d.tobytes() == a.tobytes()


BRANCH = f"""func.func @k(%c: i1, %a: {B}, %d: {B}) {{
  scf.if %c {{
    pto.tor ins(%a, %a : {B}, {B}) outs(%d : {B})
  }}
  return
}}"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_write_on_a_branch_not_taken_still_returns_the_buffer(engine):
    a, d = _tile(), _tile(5)
    assert runtime.run(BRANCH, "k", False, a, d, engine=engine) is d
    assert d.tobytes() == _tile(5).tobytes()


@pytest.mark.parametrize("taken", [False, True])
def test_the_engines_agree_on_a_branch(taken):
    assert agree(BRANCH, [taken, _tile(), _tile(5)]) == "ok"


VIEW = """func.func @k(%a: !pto.tile_buf<vec, 2x16xi16>, %d: !pto.tile_buf<vec, 1x32xi16>) {
  %v = pto.treshape %d : !pto.tile_buf<vec, 1x32xi16> -> !pto.tile_buf<vec, 2x16xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%v : !pto.tile_buf<vec, 2x16xi16>)
  return
}"""  # noqa: E501

CALL = f"""func.func @fill(%x: {B}, %y: {B}) -> {B} {{
  pto.tor ins(%x, %x : {B}, {B}) outs(%y : {B})
  return %y : {B}
}}
func.func @k(%a: {B}, %b: {B}, %d: {B}) {{
  %r = func.call @fill(%a, %b) : ({B}, {B}) -> {B}
  pto.tor ins(%a, %a : {B}, {B}) outs(%r : {B})
  return
}}"""

LOOP = f"""func.func @k(%a: {B}, %d: {B}, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %d) -> {B} {{
    scf.yield %acc : {B}
  }}
  pto.tor ins(%a, %a : {B}, {B}) outs(%r : {B})
  return
}}"""

PLACED = f"""func.func @k(%a: {B}, %d: {B}) {{
  pto.tassign %a, @tile(0x0)
  return
}}"""


@pytest.mark.parametrize("kernel, written", [
    (WRITES_D, [1]), (BRANCH, [2]), (VIEW, [1]), (CALL, [1]), (LOOP, [1]),
    (PLACED, [0]),
], ids=["outs", "branch", "view", "call", "loop", "placed"])
def test_the_written_arguments_follow_views_control_flow_and_calls(kernel, written):
    assert _written(kernel) == written


def test_a_view_of_an_out_parameter_returns_it_on_both_engines():
    assert agree(VIEW, [_tile(), np.zeros((1, 32), np.int16)]) == "ok"


def test_a_loop_carried_out_parameter_is_returned_on_both_engines():
    for n in (0, 3):
        assert agree(LOOP, [_tile(), _tile(7), n]) == "ok"


BESIDE_TILES = """func.func @k(%b: !pto.tile_buf<vec, 16x16xi32>, %t: !pto.tile<vec, 16x16xi32>, %o: !pto.tile_buf<vec, 8x32xi32>) -> !pto.tile<vec, 8x32xi32> {
  %v = pto.treshape %b : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
  pto.tor ins(%v, %v : !pto.tile_buf<vec, 8x32xi32>, !pto.tile_buf<vec, 8x32xi32>) outs(%o : !pto.tile_buf<vec, 8x32xi32>)
  %w = pto.treshape %t : !pto.tile<vec, 16x16xi32> -> !pto.tile<vec, 8x32xi32>
  return %w : !pto.tile<vec, 8x32xi32>
}"""  # noqa: E501


@pytest.mark.parametrize("engine", ENGINES)
def test_a_level1_kernel_writes_back_its_buffer_argument(engine):
    b = np.arange(256, dtype=np.int32).reshape(16, 16)
    t = -b
    o = np.zeros((8, 32), np.int32)
    result, out = runtime.run(BESIDE_TILES, "k", b, t, o, engine=engine)
    assert out is o
    assert o.tobytes() == b.tobytes()
    assert result.tobytes() == t.tobytes()
