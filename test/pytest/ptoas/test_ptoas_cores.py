"""PTOAS's sections, core queries and synchronization on the host engines
(docs/ptoas.md): a kernel runs on block 0 of a grid of one, both kinds of
section in program order, and barriers, flags and events order nothing.
What an engine does not run it refuses by name at the op's location."""
import numpy as np
import pytest

from pto_mlir import ir, runtime
from pto_mlir.runtime import jit, pto_isa

B = "!pto.tile_buf<vec, 2x16xi16>"

QUERIES = """func.func @k() -> (i64, i64, i64, i64) {
  %b = pto.get_block_idx
  %n = pto.get_block_num
  %s = pto.get_subblock_idx
  %m = pto.get_subblock_num
  return %b, %n, %s, %m : i64, i64, i64, i64
}"""

# Each section ORs its tile in, the cube one first; the flags and the
# barrier between them change nothing.
SECTIONS = f"""func.func @k(%a: {B}, %b: {B}, %d: {B}) attributes {{pto.kernel_kind = #pto.kernel_kind<vector>}} {{
  pto.section.cube {{
    pto.tor ins(%a, %a : {B}, {B}) outs(%d : {B})
    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
  }}
  pto.barrier <PIPE_ALL>
  pto.record_event[#pto.pipe_event_type<TVEC>, #pto.pipe_event_type<TSTORE_VEC>, <EVENT_ID1>]
  pto.section.vector {{
    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.wait_event[#pto.pipe_event_type<TVEC>, #pto.pipe_event_type<TSTORE_VEC>, <EVENT_ID1>]
    pto.tor ins(%d, %b : {B}, {B}) outs(%d : {B})
  }}
  return
}}"""  # noqa: E501


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_a_grid_of_one(engine):
    assert runtime.run(QUERIES, "k", engine=engine) == (0, 1, 0, 1)


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_sections_run_in_program_order(engine):
    a = np.arange(32, dtype=np.int16).reshape(2, 16)
    b = np.full((2, 16), 0x100, np.int16)
    d = np.full((2, 16), -1, np.int16)
    runtime.run(SECTIONS, "k", a, b, d, engine=engine)
    assert d.tolist() == (a | b).tolist()


# What the host engines read but do not run, each refused by name at its
# location: (kernel, the op's line:column).
REFUSED = {
    # The moved pointer is stored through (an unused one, a pure op, is
    # erased before the pto-isa engine exports the kernel).
    "pto.addptr": ("""func.func @k(%p: !pto.ptr<i16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %q = pto.addptr %p, %n : <i16> -> <i16>
  %tv = pto.make_tensor_view %q, shape = [%c1, %c16], strides = [%c16, %c1] : !pto.tensor_view<1x16xi16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c1, %c16] : !pto.tensor_view<1x16xi16> -> !pto.partition_tensor_view<1x16xi16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 1x16xi16>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x16xi16>) outs(%t : !pto.tile_buf<vec, 1x16xi16>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 1x16xi16>) outs(%pv : !pto.partition_tensor_view<1x16xi16>)
  return
}""", "5:8"),  # noqa: E501
    # A pipe's ends wait on each other (docs/ptoas.md): one core at a time
    # cannot run them.
    "pto.tfree_from_aic": ("""func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  pto.tfree_from_aic {split = 0}
  return
}""", "2:3"),  # noqa: E501
    # PTOAS's manual event ids: read, not yet run.
    "pto.declare_eventid_array": ("""func.func @k() {
  %a = pto.declare_eventid_array -> !pto.eventid_array<4>
  return
}""", "2:8"),
    # PTOAS's runtime and prefetch ops (PtoasInfraOps.td): read, not run.
    "pto.get_buf": ("""func.func @k() {
  pto.get_buf[#pto.pipe_event_type<TLOAD>, 0]
  return
}""", "2:3"),
    "pto.tprefetch": ("""func.func @k(%p: !pto.ptr<i16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %tv = pto.make_tensor_view %p, shape = [%c1, %c16], strides = [%c16, %c1] : !pto.tensor_view<1x16xi16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c1, %c16] : !pto.tensor_view<1x16xi16> -> !pto.partition_tensor_view<1x16xi16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 1x16xi16>
  pto.tprefetch ins(%pv : !pto.partition_tensor_view<1x16xi16>) outs(%t : !pto.tile_buf<vec, 1x16xi16>)
  return
}""", "8:3"),  # noqa: E501
    "pto.reserve_buffer": ("""func.func @k() {
  %a = pto.reserve_buffer {name = "b", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  return
}""", "2:8"),  # noqa: E501
}


def _arguments(name):
    return {"pto.addptr": (np.zeros(16, np.int16), 0),
            "pto.reserve_buffer": (), "pto.tfree_from_aic": (),
            "pto.declare_eventid_array": (), "pto.get_buf": (),
            "pto.tprefetch": (np.zeros(16, np.int16),)}[name]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_the_interpreter_refuses_by_name(name):
    kernel, where = REFUSED[name]
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", *_arguments(name))
    assert str(info.value) == f"'{name}' op at -:{where}: is not supported by the interpreter"


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_the_jit_refuses_by_name(name):
    kernel, where = REFUSED[name]
    with pytest.raises(jit.UnsupportedError) as info:
        runtime.run(kernel, "k", *_arguments(name), engine="jit")
    # The JIT's refusals name the op without its location (jit.py).
    assert str(info.value) == (f"the kernel cannot be compiled for the host:\n"
                               f"'{name}' op cannot be lowered to host code yet")


@pytest.mark.parametrize("name", sorted(REFUSED) + ["pto.barrier"])
def test_the_pto_isa_engine_refuses_by_name(name):
    kernel, where = REFUSED.get(name, ("""func.func @k() {
  pto.barrier <PIPE_ALL>
  return
}""", "2:3"))
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.pto_isa_text(kernel, "k")
    assert str(info.value) == (f"the pto-isa engine cannot run @k: PTOAS cannot express it:\n"
                               f"-:{where}: error: '{name}' is not exported to PTOAS: the "
                               f"exporter writes func, arith, scf and pto ops")


def test_an_entrys_closure_keeps_the_functions_it_names():
    # @cube names @vector (not a call): the closure the JIT and the pto-isa
    # engine compile keeps it, so that it still verifies; @other goes.
    text = """func.func @cube() {
  %a = pto.import_reserved_buffer {name = "b", peer_func = @vector} -> i32
  return
}
func.func @vector() {
  %a = pto.reserve_buffer {name = "b", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  return
}
func.func @other() {
  return
}"""  # noqa: E501
    with ir.Context():
        closure = ir.Module.parse(jit.entry_closure(text, "cube"))
        assert [op.sym_name.value for op in closure.body.operations] == ["cube", "vector"]
