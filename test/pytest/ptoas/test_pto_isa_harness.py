"""runtime.pto_isa, the pto-isa engine's harness, on PTOAS text written by
hand (kernels/or_rows.pto: global memory in, TOR, global memory out): ptoas,
the generated driver, g++ against pto-isa's CPU simulator, the run, the
compile cache, and the errors of each step. Needs PTOAS, PTO_ISA_ROOT, g++."""
import os

import numpy as np
import pytest

from pto_mlir.runtime import device_tools, pto_isa

KERNELS = os.path.join(os.path.dirname(__file__), "kernels")
OR_ROWS_KINDS = ["buffer", "buffer", "buffer", "int"]


def _text(name):
    with open(os.path.join(KERNELS, name), encoding="utf-8") as f:
        return f.read()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty compile cache, and no program remembered by this process."""
    monkeypatch.setenv("PTO_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pto_isa, "_programs", {})
    return tmp_path / "pto-isa"


def _or_rows_inputs():
    rng = np.random.default_rng(7)
    a, b = (rng.integers(-2**15, 2**15, (32, 32), dtype=np.int16) for _ in range(2))
    return a, b, np.full((32, 32), 7, np.int16)


def test_or_rows_runs_bit_exact(pto_isa_tools, cache):
    program = pto_isa.build(_text("or_rows.pto"), "or_rows", OR_ROWS_KINDS, level="level2")
    a, b, out = _or_rows_inputs()
    results = program.run([a, b, out, 16])
    expected = out.copy()
    expected[16:] = a[16:] | b[16:]   # the partition at row 16; the rest as passed
    assert np.array_equal(results[2].view(np.int16).reshape(32, 32), expected)
    assert np.array_equal(results[0].view(np.int16).reshape(32, 32), a)
    assert np.array_equal(results[1].view(np.int16).reshape(32, 32), b)
    assert np.array_equal(out, np.full((32, 32), 7, np.int16))   # the caller's array untouched


def test_cache_reuses_a_build_and_keys_on_the_text(pto_isa_tools, cache):
    text = _text("or_rows.pto")
    first = pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2")
    built = os.stat(first.executable).st_mtime_ns
    pto_isa._programs.clear()   # as a new process would
    again = pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2")
    assert again.directory == first.directory
    assert os.stat(again.executable).st_mtime_ns == built
    other = pto_isa.build(text + "// another text\n", "or_rows", OR_ROWS_KINDS, level="level2")
    assert other.directory != first.directory
    assert sorted(p.name for p in cache.iterdir()
                  if not p.name.startswith(("overlay-", "prelude-"))) == \
        sorted([os.path.basename(first.directory), os.path.basename(other.directory)])
    # pto-isa's headers, precompiled once for the toolchain.
    [prelude] = [p for p in cache.iterdir() if p.name.startswith("prelude-")]
    assert sorted(p.name for p in prelude.iterdir()) == [pto_isa.PRELUDE_NAME,
                                                         pto_isa.PRELUDE_NAME + ".gch"]


def test_user_tree_is_not_patched(pto_isa_tools, cache):
    """g++ 12's static_assert(false) problem is solved by an overlay in the
    cache; the pto-isa tree stays as it is."""
    header = os.path.join(device_tools.pto_isa_root(), "include", "pto", "cpu", "TReduceIdx.hpp")
    with open(header, encoding="utf-8") as f:
        before = f.read()
    pto_isa.build(_text("or_rows.pto"), "or_rows", OR_ROWS_KINDS, level="level2")
    with open(header, encoding="utf-8") as f:
        assert f.read() == before
    overlays = [p for p in cache.iterdir() if p.name.startswith("overlay-")]
    if "static_assert(false," in before:
        [overlay] = overlays
        with open(overlay / "pto" / "cpu" / "TReduceIdx.hpp", encoding="utf-8") as f:
            assert f.read() == before.replace("static_assert(false,",
                                              "static_assert(sizeof(DType*) == 0,")
    else:
        assert overlays == []


def test_ptoas_refusal_is_an_engine_error(pto_isa_tools, cache):
    """Level3 needs placed buffers: ptoas's own message is quoted."""
    with pytest.raises(pto_isa.EngineError) as error:
        pto_isa.build(_text("or_rows.pto"), "or_rows", OR_ROWS_KINDS, level="level3")
    message = str(error.value)
    assert message.startswith("ptoas failed (exit 1): ")
    assert "error: requires 'addr' operand when --pto-level=level3" in message
    assert [p for p in cache.iterdir() if p.name.startswith("build-")] == []


def test_missing_tools_are_named(monkeypatch):
    monkeypatch.delenv("PTOAS", raising=False)
    with pytest.raises(device_tools.ToolMissingError) as error:
        pto_isa.build("module {}", "k", [])
    assert str(error.value) == (
        "ptoas is needed and PTOAS is not set: set PTOAS to the ptoas binary, built from "
        "github.com/hw-native-sys/PTOAS (tested at a56b18c3 (\"ptoas 0.27\"); docs/ptoas.md "
        "says how)")
    monkeypatch.setenv("PTOAS", "/nonexistent/ptoas")
    assert device_tools.missing("PTOAS") == (
        "PTOAS=/nonexistent/ptoas is not an executable file: set PTOAS to the ptoas binary, "
        "built from github.com/hw-native-sys/PTOAS (tested at a56b18c3 (\"ptoas 0.27\"); "
        "docs/ptoas.md says how)")
    monkeypatch.delenv("PTO_ISA_ROOT", raising=False)
    assert device_tools.missing("PTO_ISA_ROOT") == (
        "pto-isa is needed and PTO_ISA_ROOT is not set: set PTO_ISA_ROOT to a pto-isa tree "
        "(the directory holding include/pto/pto-inst.hpp), from "
        "github.com/hw-native-sys/pto-isa (tested at 3186c381)")
    monkeypatch.setenv("CXX", "no-such-compiler")
    assert device_tools.missing("CXX") == (
        "the C++ compiler 'no-such-compiler' is not found: install g++ (C++20) or set CXX to one")
