"""PTO-AS imports to the module the same kernel written at Level 1 or
Level 2 gives, follows the kernel convention, and runs to the same bits."""
import numpy as np
import pytest

from pto_mlir import asm, ir, runtime

I16 = "!pto.tile<vec, 16x32xi16>"
F32 = "!pto.tile<vec, 16x64xf32>"
S = "!pto.tile<vec, 1x32xf32>"
IDX = "!pto.tile<vec, 1x32xui32>"
NZ16 = "!pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>"
MAT16 = "!pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>"
R16 = "!pto.tile<vec, 16x16xf32>"
R8 = "!pto.tile<vec, 8x32xf32>"


def buf(tile):
    return tile.replace("!pto.tile<", "!pto.tile_buf<")


# The instruction pages' PTO-AS lines (with concrete types for `...`) and the
# same kernels written at Level 1 or Level 2.
PAGES = {
    "tor": (f"%dst = tor %src0, %src1 : {I16}",
            f"""func.func @kernel(%src0: {I16}, %src1: {I16}) -> {I16} {{
  %dst = pto.tor %src0, %src1 : ({I16}, {I16}) -> {I16}
  return %dst : {I16}
}}"""),
    "tor_asm_example": (f"# Auto mode\n%dst = pto.tor %src0, %src1 : ({I16}, {I16}) -> {I16}",
                        None),
    "tinterleave": (f"%dst0, %dst1 = tinterleave %src0, %src1 : {F32}",
                    f"""func.func @kernel(%src0: {F32}, %src1: {F32}) -> ({F32}, {F32}) {{
  %dst0, %dst1 = pto.tinterleave %src0, %src1 : ({F32}, {F32}) -> ({F32}, {F32})
  return %dst0, %dst1 : {F32}, {F32}
}}"""),
    "tinterleave_asm_example": (
        f"%dst0, %dst1 = pto.tinterleave %src0, %src1 : ({F32}, {F32}) -> ({F32}, {F32})", None),
    "tinsert": (f"%dst = tinsert %src[%r0, %r1] : {NZ16} -> {MAT16}",
                f"""func.func @kernel(%src: {NZ16}, %r0: index, %r1: index) -> {MAT16} {{
  %dst = pto.tinsert %src, %r0, %r1 : ({NZ16}, index, index) -> {MAT16}
  return %dst : {MAT16}
}}"""),
    "tinsert_asm_example": (
        f"%dst = pto.tinsert %src, %idxrow, %idxcol : ({NZ16}, index, index) -> {MAT16}", None),
    "treshape": (f"%dst = pto.treshape %src : {R16} -> {R8}",
                 f"""func.func @kernel(%src: {R16}) -> {R8} {{
  %dst = pto.treshape %src : {R16} -> {R8}
  return %dst : {R8}
}}"""),
    "tsort32": (f"%dst, %idx = tsort32 %src : {S} -> ({S}, {IDX})",
                f"""func.func @kernel(%src: {S}) -> ({S}, {IDX}) {{
  %dst, %idx = pto.tsort32 %src : {S} -> ({S}, {IDX})
  return %dst, %idx : {S}, {IDX}
}}"""),
    "tinterleave_manual_mode": (
        "# pto.tassign %src0, @tile(0x1000)\n"
        "pto.tassign %src0, @tile(0x1000)\npto.tassign %src1, @tile(0x2000)\n"
        "pto.tassign %dst0, @tile(0x3000)\npto.tassign %dst1, @tile(0x4000)\n"
        f"tinterleave %dst0, %dst1, %src0, %src1 : {F32}",
        f"""func.func @kernel(%dst0: {buf(F32)}, %dst1: {buf(F32)}, %src0: {buf(F32)}, %src1: {buf(F32)}) {{
  pto.tassign %dst0, @tile(0x3000) : {buf(F32)}
  pto.tassign %dst1, @tile(0x4000) : {buf(F32)}
  pto.tassign %src0, @tile(0x1000) : {buf(F32)}
  pto.tassign %src1, @tile(0x2000) : {buf(F32)}
  pto.tinterleave ins(%src0, %src1 : {buf(F32)}, {buf(F32)}) outs(%dst0, %dst1 : {buf(F32)}, {buf(F32)})
  return
}}"""),  # noqa: E501
    "tor_dst_first": (f"tor %dst, %src0, %src1 : {I16}",
                      f"""func.func @kernel(%dst: {buf(I16)}, %src0: {buf(I16)}, %src1: {buf(I16)}) {{
  pto.tor ins(%src0, %src1 : {buf(I16)}, {buf(I16)}) outs(%dst : {buf(I16)})
  return
}}"""),  # noqa: E501
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_lines_import_to_their_levels(name):
    text, written = PAGES[name]
    with ir.Context():
        imported = asm.parse(text + "\n")
        assert str(asm.parse(asm.emit(imported))) == str(imported)
        if written is not None:
            assert str(imported) == str(ir.Module.parse(written))


def test_asm_example_equals_page_form():
    """The pages' ASM Form Examples (pto. prefix, type lists) and their
    PTO Assembly Form are one kernel."""
    with ir.Context():
        for name in ("tor", "tinterleave", "tinsert"):
            assert (str(asm.parse(PAGES[f"{name}_asm_example"][0] + "\n"))
                    == str(asm.parse(PAGES[name][0] + "\n")))


def test_kernel_convention():
    """Arguments: registers read before written, in order of first use.
    Results: values never read afterwards, in order of definition. Labels,
    comment lines, blank lines and hex immediates are accepted."""
    text = f"""# a kernel
entry:
%t = tor %b, %a : {I16}

  # indented comment
loop: %u = tor %t, %c : {I16}
%v = tor %a, %a : {I16}
%w = tor %u, %u : {I16}
%d = tinsert %src[0x0, %k] : {NZ16} -> {MAT16}
"""
    expected = f"""func.func @k(%b: {I16}, %a: {I16}, %c: {I16}, %src: {NZ16}, %k: index) -> ({I16}, {I16}, {MAT16}) {{
  %t = pto.tor %b, %a : ({I16}, {I16}) -> {I16}
  %u = pto.tor %t, %c : ({I16}, {I16}) -> {I16}
  %v = pto.tor %a, %a : ({I16}, {I16}) -> {I16}
  %w = pto.tor %u, %u : ({I16}, {I16}) -> {I16}
  %c0 = arith.constant 0 : index
  %d = pto.tinsert %src, %c0, %k : ({NZ16}, index, index) -> {MAT16}
  return %v, %w, %d : {I16}, {I16}, {MAT16}
}}"""  # noqa: E501
    with ir.Context():
        assert str(asm.parse(text, entry="k")) == str(ir.Module.parse(expected))


def test_context_is_the_given_one():
    with ir.Context() as context:
        module = asm.parse(f"%d = tor %a, %b : {I16}\n", context=ir.Context())
        assert module.context is not context
        assert asm.parse(f"%d = tor %a, %b : {I16}\n").context is context


def _same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_imported_kernel_runs_to_the_level1_bits(engine):
    text = f"""%t = tor %a, %b : {I16}
%u = tor %t, %a : {I16}
%s, %i = tsort32 %x : {S} -> ({S}, {IDX})
"""
    level1 = f"""func.func @kernel(%a: {I16}, %b: {I16}, %x: {S}) -> ({I16}, {S}, {IDX}) {{
  %t = pto.tor %a, %b : ({I16}, {I16}) -> {I16}
  %u = pto.tor %t, %a : ({I16}, {I16}) -> {I16}
  %s, %i = pto.tsort32 %x : {S} -> ({S}, {IDX})
  return %u, %s, %i : {I16}, {S}, {IDX}
}}"""
    rng = np.random.default_rng(13)
    a = rng.integers(-2**15, 2**15, size=(16, 32), dtype=np.int16)
    b = rng.integers(-2**15, 2**15, size=(16, 32), dtype=np.int16)
    x = rng.standard_normal((1, 32)).astype(np.float32)
    with ir.Context():
        imported = runtime.run(asm.parse(text), "kernel", a, b, x, engine=engine)
        written = runtime.run(ir.Module.parse(level1), "kernel", a, b, x, engine=engine)
    assert len(imported) == len(written) == 3
    for got, want in zip(imported, written):
        assert _same_bits(got, want)
    np.testing.assert_array_equal(imported[0], (a | b) | a)
    np.testing.assert_array_equal(imported[1][0], np.sort(x[0])[::-1])


def test_destination_first_kernel_writes_its_buffers():
    text = f"tor %d, %a, %b : {I16}\ntor %d, %d, %a : {I16}\n"
    a = np.arange(16 * 32, dtype=np.int16).reshape(16, 32)
    b = np.full((16, 32), 0x100, dtype=np.int16)
    d = np.zeros((16, 32), dtype=np.int16)
    with ir.Context():
        runtime.run(asm.parse(text), "kernel", d, a, b)
    np.testing.assert_array_equal(d, a | b)


def test_line_endings():
    """A last line without a newline and CRLF line ends read as lines."""
    with ir.Context():
        unix = asm.parse(f"%d = tor %a, %b : {I16}\n%e = tor %d, %d : {I16}\n")
        assert str(asm.parse(f"%d = tor %a, %b : {I16}\r\n%e = tor %d, %d : {I16}")) == str(unix)


def test_empty_file_is_an_empty_kernel():
    with ir.Context():
        assert str(asm.parse("# nothing\n\n")) == str(ir.Module.parse(
            "func.func @kernel() {\n  return\n}"))


def test_manual_mode_kernel_runs_to_the_level2_bits():
    text, written = PAGES["tinterleave_manual_mode"]
    rng = np.random.default_rng(5)
    sources = [rng.standard_normal((16, 64)).astype(np.float32) for _ in range(2)]
    outputs = {}
    with ir.Context():
        for name, module in (("imported", asm.parse(text + "\n")),
                             ("written", ir.Module.parse(written))):
            dst = [np.zeros((16, 64), np.float32) for _ in range(2)]
            runtime.run(module, "kernel", *dst, *sources)
            outputs[name] = dst
    for got, want in zip(outputs["imported"], outputs["written"]):
        assert _same_bits(got, want)
    # dst0 row r: src0[r, c] and src1[r, c] interleaved, c < 32.
    np.testing.assert_array_equal(outputs["imported"][0][:, 0::2], sources[0][:, :32])
    np.testing.assert_array_equal(outputs["imported"][0][:, 1::2], sources[1][:, :32])
