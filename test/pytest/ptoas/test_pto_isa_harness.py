"""runtime.pto_isa, the pto-isa engine's harness, on PTOAS text written by
hand (kernels/or_rows.pto: global memory in, TOR, global memory out): ptoas,
the generated driver, g++ against pto-isa's CPU simulator, the run, the
compile cache (damaged entries, unusable directories, the variables), and
the errors of each step. Needs PTOAS, PTO_ISA_ROOT, g++."""
import json
import os
import shutil
import stat
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

from pto_mlir.runtime import device_tools, pto_isa
from pto_mlir.runtime.jit import native_cache

KERNELS = os.path.join(os.path.dirname(__file__), "kernels")
OR_ROWS_KINDS = ["buffer", "buffer", "buffer", "int"]


def _text(name):
    with open(os.path.join(KERNELS, name), encoding="utf-8") as f:
        return f.read()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty compile cache under PTO_MLIR_CACHE_DIR, and no program
    remembered by this process."""
    monkeypatch.delenv("PTO_CACHE_DIR", raising=False)
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pto_isa, "_programs", {})
    monkeypatch.setattr(pto_isa, "_warned", set())
    return tmp_path / "pto-isa"


def _entries(cache):
    return sorted(p.name for p in cache.iterdir() if p.name.endswith(".ptojit"))


def _compiling(directory):
    return (f"pto-mlir: compiling @or_rows for pto-isa's CPU simulator (ptoas, then g++; up "
            f"to a minute; kept in {directory})\n")


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


def test_cache_reuses_a_build_and_keys_on_the_text(pto_isa_tools, cache, capsys):
    text = _text("or_rows.pto")
    first = pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2")
    assert capsys.readouterr().err == _compiling(cache)
    [entry] = _entries(cache)
    pto_isa._programs.clear()   # as a new process would
    again = pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2")
    assert capsys.readouterr().err == ""   # a hit compiles nothing
    a, b, out = _or_rows_inputs()
    assert [r.tobytes() for r in again.run([a, b, out, 16])] == \
        [r.tobytes() for r in first.run([a, b, out, 16])]
    pto_isa.build(text + "// another text\n", "or_rows", OR_ROWS_KINDS, level="level2")
    assert len(_entries(cache)) == 2 and entry in _entries(cache)
    # pto-isa's headers, precompiled once for the toolchain.
    [prelude] = [p for p in cache.iterdir() if p.name.startswith("prelude-")]
    assert sorted(p.name for p in prelude.iterdir()) == [pto_isa.PRELUDE_NAME,
                                                         pto_isa.PRELUDE_NAME + ".gch"]


def _truncate(path):
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])


def _replace(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF   # one byte of the program changed
    path.write_bytes(bytes(data))


DAMAGES = {"truncated": _truncate, "replaced": _replace, "deleted": os.unlink}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_damaged_entry_is_compiled_again(pto_isa_tools, cache, capsys, damage):
    """Each damage of a stored program, seen by a later process: the entry
    is checked, compiled again and stored anew; the program gives the
    first run's bits."""
    text = _text("or_rows.pto")
    a, b, out = _or_rows_inputs()
    expected = [r.tobytes() for r in
                pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2").run([a, b, out, 16])]
    [entry] = _entries(cache)
    DAMAGES[damage](cache / entry)
    pto_isa._programs.clear()
    capsys.readouterr()
    program = pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2")
    assert capsys.readouterr().err == _compiling(cache)
    assert [r.tobytes() for r in program.run([a, b, out, 16])] == expected
    assert _entries(cache) == [entry]
    pto_isa._programs.clear()
    pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2")
    assert capsys.readouterr().err == ""   # the new entry is intact


def test_entry_mode_does_not_matter(pto_isa_tools, cache, capsys):
    """An entry is data, checked and run from an anonymous file: made not
    executable (the old cache's signal 11 / OSError), it is still a hit."""
    text = _text("or_rows.pto")
    a, b, out = _or_rows_inputs()
    expected = [r.tobytes() for r in
                pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2").run([a, b, out, 16])]
    [entry] = _entries(cache)
    (cache / entry).chmod(stat.S_IRUSR | stat.S_IWUSR)
    pto_isa._programs.clear()
    capsys.readouterr()
    program = pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2")
    assert capsys.readouterr().err == ""
    assert [r.tobytes() for r in program.run([a, b, out, 16])] == expected


def test_entry_damaged_after_loading_does_not_change_the_program(pto_isa_tools, cache):
    text = _text("or_rows.pto")
    program = pto_isa.build(text, "or_rows", OR_ROWS_KINDS, level="level2")
    a, b, out = _or_rows_inputs()
    expected = [r.tobytes() for r in program.run([a, b, out, 16])]
    for entry in _entries(cache):
        (cache / entry).write_bytes(b"\0" * 64)
    assert [r.tobytes() for r in program.run([a, b, out, 16])] == expected


@pytest.mark.parametrize("kind", ["a file", "writable by others"])
def test_unusable_cache_directory_warns_and_compiles_privately(pto_isa_tools, tmp_path,
                                                               monkeypatch, capsys, kind):
    root = tmp_path / "cache"
    where = root / "pto-isa"
    if kind == "a file":
        root.write_text("not a directory")
        reason = (f"pto-mlir: the pto-isa engine's compile cache in {where} cannot be used "
                  f"([Errno 20] Not a directory: '{where}'); programs are compiled in each "
                  f"process")
    else:
        where.mkdir(parents=True)
        where.chmod(0o777)
        reason = (f"pto-mlir: the pto-isa engine's compile cache in {where} is not used: other "
                  f"users can write the directory (it must be owned by this user and not group "
                  f"or world writable)")
    monkeypatch.setattr(native_cache, "_warned", set())
    monkeypatch.delenv("PTO_CACHE_DIR", raising=False)
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", str(root))
    monkeypatch.setattr(pto_isa, "_programs", {})
    monkeypatch.setattr(pto_isa, "_warned", set())
    with pytest.warns(RuntimeWarning) as warned:
        program = pto_isa.build(_text("or_rows.pto"), "or_rows", OR_ROWS_KINDS, level="level2")
    assert [str(w.message) for w in warned] == [reason]
    assert capsys.readouterr().err == _compiling("no cache")
    a, b, out = _or_rows_inputs()
    expected = out.copy()
    expected[16:] = a[16:] | b[16:]
    assert np.array_equal(program.run([a, b, out, 16])[2].view(np.int16).reshape(32, 32),
                          expected)


def test_cache_variables(tmp_path, monkeypatch):
    """PTO_MLIR_CACHE_DIR, the JIT's, holds the engine's cache in pto-isa/
    (empty: off); PTO_CACHE_DIR, the older name, wins when set."""
    monkeypatch.delenv("PTO_CACHE_DIR", raising=False)
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", str(tmp_path / "jit"))
    assert pto_isa.cache_dir() == str(tmp_path / "jit" / "pto-isa")
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", "")
    assert pto_isa.cache_dir() is None
    monkeypatch.setenv("PTO_CACHE_DIR", str(tmp_path / "old"))
    assert pto_isa.cache_dir() == str(tmp_path / "old" / "pto-isa")
    monkeypatch.delenv("PTO_CACHE_DIR")
    monkeypatch.delenv("PTO_MLIR_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert pto_isa.cache_dir() == str(tmp_path / "xdg" / "pto-mlir" / "jit" / "pto-isa")


def test_cache_off_compiles_without_an_entry(pto_isa_tools, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("PTO_CACHE_DIR", raising=False)
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(pto_isa, "_programs", {})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pto_isa.build(_text("or_rows.pto"), "or_rows", OR_ROWS_KINDS, level="level2")
    assert capsys.readouterr().err == _compiling("no cache")
    assert list(tmp_path.iterdir()) == []


def test_silent_ptoas_is_an_engine_error(pto_isa_tools, cache, tmp_path, monkeypatch):
    silent = tmp_path / "silent-ptoas"
    silent.write_text("#!/bin/sh\nexit 0\n")
    silent.chmod(0o755)
    monkeypatch.setenv("PTOAS", str(silent))
    with pytest.raises(pto_isa.EngineError) as error:
        pto_isa.build(_text("or_rows.pto"), "or_rows", OR_ROWS_KINDS, level="level2")
    assert str(error.value) == f"ptoas ({silent}) exited 0 but wrote no C++ file"
    silent.write_text("#!/bin/sh\n: > kernel.cpp\n")
    with pytest.raises(pto_isa.EngineError) as error:
        pto_isa.build(_text("or_rows.pto"), "or_rows", OR_ROWS_KINDS, level="level2")
    assert str(error.value) == f"ptoas ({silent}) exited 0 but wrote an empty C++ file"


def test_tree_without_treduceidx_is_an_engine_error(pto_isa_tools, cache, tmp_path,
                                                    monkeypatch):
    """A pto-isa tree without include/pto/cpu/TReduceIdx.hpp: no overlay, and
    the compile's own message (the library includes the header)."""
    real = os.path.join(device_tools.pto_isa_root(), "include")
    tree = tmp_path / "pto-isa"
    shutil.copytree(real, tree / "include", symlinks=True,
                    ignore=lambda d, names: ["TReduceIdx.hpp"] if d.endswith("cpu") else [])
    monkeypatch.setenv("PTO_ISA_ROOT", str(tree))
    with pytest.raises(pto_isa.EngineError) as error:
        pto_isa.build(_text("or_rows.pto"), "or_rows", OR_ROWS_KINDS, level="level2")
    message = str(error.value)
    assert message.startswith("the C++ compile of pto-isa's headers failed (exit 1): ")
    assert "fatal error: pto/cpu/TReduceIdx.hpp: No such file or directory" in message
    assert [p.name for p in cache.iterdir() if p.name.startswith("overlay-")] == []


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
    assert _entries(cache) == []


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


def test_the_engine_imports_nothing_of_the_jit():
    """The pto-isa engine shares the closure (closure.py) and the cache's
    location (cache_location.py) with the JIT, not the JIT's modules: what
    it hands ptoas is made without importing them."""
    child = textwrap.dedent("""
        import json, sys
        from pto_mlir import runtime
        from pto_mlir.testing import tor_kernel
        text = runtime.pto_isa_text(tor_kernel(1, 32, "i16"), "tor", target="a2a3")
        print(json.dumps({"jit": sorted(m for m in sys.modules if m.startswith(
            "pto_mlir.runtime.jit")), "a3": 'pto.target_arch = "a3"' in text}))
    """)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, "-c", child], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"jit": [], "a3": True}
