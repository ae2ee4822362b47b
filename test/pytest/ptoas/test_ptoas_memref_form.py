"""PTOAS's memref form (docs/ptoas.md, "PTOAS's memref form"): read by
pto_mlir.ptoas.parse, the runtime and the JIT as tile buffers and tensor
views (pto-memref-to-tiles), refused by name where it holds what is not
read. PTOAS's plan-memory tests copy their first global argument into the
second through on-chip buffers (tload from %arg0, tstore to %arg1): each
gives %arg0's bytes in %arg1 on the interpreter, the JIT and pto-isa's CPU
simulator."""
import os

import numpy as np
import pytest

from pto_mlir import ir, ptoas, runtime
from pto_mlir.runtime import jit, pto_isa

GM = "#pto.address_space<gm>"
VEC = "#pto.address_space<vec>"

COPY = f"""func.func @copy(%a: memref<4x8x16xf16, {GM}>, %b: memref<4x8x16xf16, {GM}>) {{
  %t = memref.alloc() : memref<4x8x16xf16, {VEC}>
  pto.tload ins(%a : memref<4x8x16xf16, {GM}>) outs(%t : memref<4x8x16xf16, {VEC}>)
  pto.tstore ins(%t : memref<4x8x16xf16, {VEC}>) outs(%b : memref<4x8x16xf16, {GM}>)
  return
}}"""


def _copied(engine, text=COPY, entry="copy", shape=(4, 8, 16)):
    a = np.random.default_rng(7).standard_normal(shape).astype(np.float16)
    b = np.zeros_like(a)
    runtime.run(text, entry, a, b, engine=engine)
    return a.tobytes() == b.tobytes()


def test_parse_reads_the_memref_form_as_ours():
    with ir.Context():
        module = ptoas.parse(COPY)
        func = module.body.operations[0]
        assert str(func.attributes["function_type"]) == \
            "(!pto.ptr<f16>, !pto.ptr<f16>) -> ()"
        names = [op.operation.name for op in func.regions[0].blocks[0].operations]
        assert "memref.alloc" not in names and "pto.alloc_tile" in names
        assert "!pto.tile_buf<vec, 32x16xf16>" in str(module)


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_a_memref_form_copy_runs_on_the_host_engines(engine):
    assert _copied(engine)


def test_a_memref_form_copy_runs_on_pto_isa(pto_isa_tools):
    assert _copied("pto-isa")


def test_the_jit_compiles_memref_form_text():
    a = np.arange(4 * 8 * 16, dtype=np.float16).reshape(4, 8, 16)
    b = np.zeros_like(a)
    jit.run(COPY, "copy", a, b)
    assert b.tobytes() == a.tobytes()


def test_what_is_not_read_raises_its_error_by_name():
    text = f"""func.func @k() {{
  %m = memref.alloc() : memref<16x16xf16, {VEC}>
  memref.dealloc %m : memref<16x16xf16, {VEC}>
  return
}}"""
    with ir.Context(), pytest.raises(ir.MLIRError) as info:
        ptoas.parse(text)
    assert [(str(d.location), d.message) for d in info.value.error_diagnostics] == [
        ('loc("-":3:3)', "'memref.dealloc' op is not read: of the memref dialect, pto-mlir "
         "reads memref.alloc and memref.reinterpret_cast of a gm argument (PTOAS's memref "
         "form, docs/ptoas.md)")]


def test_text_that_does_not_parse_raises_the_parsers_error():
    with ir.Context(), pytest.raises(ir.MLIRError) as info:
        ptoas.parse("func.func @k( {")
    assert str(info.value).startswith("Unable to parse module assembly:\n")
    assert [d.message for d in info.value.error_diagnostics] == ["expected non-function type"]


def test_parse_file_names_the_file(tmp_path):
    path = tmp_path / "k.pto"
    path.write_text(f"""func.func @k(%a: memref<?xf16, {GM}>) {{
  return
}}""")
    with ir.Context(), pytest.raises(ir.MLIRError) as info:
        ptoas.parse_file(str(path))
    assert [(str(d.location), d.message) for d in info.value.error_diagnostics] == [
        (f'loc("{path}":1:1)', f"'memref<?xf16, {GM}>' is not read: a global argument has a "
         "static shape of rank 1 or more and the identity layout (PTOAS's memref form, "
         "docs/ptoas.md)")]


# PTOAS's plan-memory tests that read (docs/ptoas.md's corpus table): each
# copies %arg0 (16x16x16 f16) into %arg1.
PLAN_MEMORY_COPIES = [
    "for_iter_args_yield", "fragmentation_hole_fit", "fragmentation_two_holes",
    "if_in_loop", "if_yield", "loop_in_if", "loop_no_reuse_outer_live", "nested_loops",
    "no_reuse_overlap", "peak_8_overlapping", "peak_exact_capacity", "reuse_sequential",
]


def _plan_memory(ptoas_src, name):
    path = os.path.join(ptoas_src, "test", "basic", f"plan_memory_{name}.pto")
    with open(path) as f:
        text = f.read()
    with ir.Context():
        entry = ptoas.parse(text).body.operations[0].attributes["sym_name"].value
    return text, entry


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("name", PLAN_MEMORY_COPIES)
def test_ptoas_plan_memory_tests_copy_on_the_host_engines(ptoas_src, name, engine):
    text, entry = _plan_memory(ptoas_src, name)
    assert _copied(engine, text, entry, (16, 16, 16))


@pytest.mark.parametrize("name", PLAN_MEMORY_COPIES)
def test_ptoas_plan_memory_tests_copy_on_pto_isa(ptoas_src, pto_isa_tools, name):
    text, entry = _plan_memory(ptoas_src, name)
    assert _copied("pto-isa", text, entry, (16, 16, 16))


def test_the_reserved_buffer_plan_memory_test_is_refused_by_name(ptoas_src):
    text, entry = _plan_memory(ptoas_src, "reserve_buffer_prefix")
    args = (np.zeros((16, 16, 16), np.float16), np.zeros((16, 16, 16), np.float16))
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(text, entry, *args)
    assert str(info.value) == \
        "'pto.reserve_buffer' op at -:6:13: is not supported by the interpreter"
    with pytest.raises(jit.UnsupportedError) as info:
        runtime.run(text, entry, *args, engine="jit")
    assert str(info.value).splitlines()[-1] == \
        "'pto.reserve_buffer' op cannot be lowered to host code yet"
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.pto_isa_text(text, entry)
    assert str(info.value).splitlines()[-1] == (
        "-:6:13: error: 'pto.reserve_buffer' is not exported to PTOAS: the exporter writes "
        "func, arith, scf and pto ops")
