"""PTOAS's sections, core queries and synchronization on the host engines
(docs/ptoas.md): a kernel runs on block 0 of a grid of one, both kinds of
section in program order, and barriers, flags and events order nothing.
What an engine does not run it refuses by name at the op's location."""
import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.runtime import pto_isa

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


PRINT = f"""func.func @k(%a: {B}) {{
  pto.tprint ins(%a : {B})
  return
}}"""


def test_tprint_is_refused_by_the_interpreter():
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(PRINT, "k", np.zeros((2, 16), np.int16))
    assert str(info.value) == "'pto.tprint' op at -:2:3: is not supported by the interpreter"


def test_tprint_is_refused_by_the_jit():
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(PRINT, "k", np.zeros((2, 16), np.int16), engine="jit")
    assert str(info.value) == "-:2:3: error: 'pto.tprint' op cannot be lowered to host code yet"


def test_tprint_is_refused_by_the_pto_isa_engine():
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.pto_isa_text(PRINT, "k")
    assert str(info.value) == "-:2:3: error: 'pto.tprint' is not exported to PTOAS: the exporter writes func, arith, scf and pto ops"
