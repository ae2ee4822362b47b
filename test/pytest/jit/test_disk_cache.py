"""The JIT's disk cache (runtime/native_cache.py, runtime/disk_cache.py):
kernels compiled by one process are loaded by the next and run the same;
a damaged entry is compiled again, never loaded; concurrent writers leave
whole entries; the directory stays within its size bound, least recently
used out first; the key changes with every component."""
import json
import os
import re
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

from pto_mlir.testing import tile_buf, tor_kernel

jit = pytest.importorskip("pto_mlir.runtime.jit")
from pto_mlir import _version  # noqa: E402
from pto_mlir.runtime import disk_cache  # noqa: E402
from pto_mlir.runtime.jit import native_cache  # noqa: E402

if native_cache._linker() is None:
    pytest.skip("the disk cache needs Linux and `ld` (binutils) on PATH", allow_module_level=True)

DYNAMIC = tile_buf(2, 16, "i16", valid=(None, None))

# One process's run of four kernels: a tor, a tor whose run-time check fails
# (its message comes from the entry's checks on a hit), a tor split over two
# threads (the shared object calls the row dispatcher) and a function with a
# scalar result. Prints the results and the disk cache's counts.
CHILD = textwrap.dedent("""
    import json
    import numpy as np
    from pto_mlir.runtime import jit
    from pto_mlir.testing import tor_kernel

    a = (np.arange(64 * 64, dtype=np.int16) * 7).reshape(64, 64)
    b = np.full((64, 64), 0x0101, np.int16)
    small = jit.compile(tor_kernel(1, 32, "i16"), "tor")
    d = np.zeros((1, 32), np.int16)
    small(a[:1, :32].copy(), b[:1, :32].copy(), d)

    checked = jit.compile(tor_kernel(2, 16, "i16", valid=(None, None)), "tor")
    z = np.zeros((2, 16), np.int16)
    try:
        checked((z, (2, 3)), (z.copy(), (2, 4)), (z.copy(), (2, 3)))
        failure = None
    except jit.KernelError as error:
        failure = str(error)

    split = jit.compile(tor_kernel(64, 64, "i16"), "tor", threads=2, parallel_bytes=1)
    e = np.zeros((64, 64), np.int16)
    before = jit.parallel_stats()["calls"]
    split(a, b, e)
    split_calls = jit.parallel_stats()["calls"] - before

    scalar = jit.compile('''
    func.func @next(%x: index) -> index {
      %one = arith.constant 1 : index
      %y = arith.addi %x, %one : index
      return %y : index
    }''', "next")
    jit.wait_for_disk_cache()
    print(json.dumps({"small": d.tolist(), "failure": failure, "split": e.tolist(),
                      "split_calls": split_calls, "next": scalar(41),
                      "stats": jit.disk_cache_stats()}))
""")


def _env(directory, **extra):
    return dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path),
                PTO_MLIR_CACHE_DIR=str(directory), **extra)


def _run_child(directory):
    proc = subprocess.run([sys.executable, "-c", CHILD], env=_env(directory),
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _entries(directory):
    return sorted(name for name in os.listdir(directory))


def test_a_second_process_loads_what_the_first_compiled(tmp_path):
    a = (np.arange(64 * 64, dtype=np.int16) * 7).reshape(64, 64)
    b = np.full((64, 64), 0x0101, np.int16)
    expected = {"small": (a[:1, :32] | b[:1, :32]).tolist(),
                "failure": "'pto.tor' op at -:2:3: valid shape of src1 is 2x4, src0's is "
                           "2x3; they must be equal",
                "split": (a | b).tolist(), "split_calls": 1, "next": 42}
    cold = _run_child(tmp_path)
    assert {k: cold[k] for k in expected} == expected
    assert cold["stats"] == {"directory": str(tmp_path), "hits": 0, "misses": 4, "stores": 4}
    assert len(_entries(tmp_path)) == 4
    warm = _run_child(tmp_path)
    assert {k: warm[k] for k in expected} == expected
    assert warm["stats"] == {"directory": str(tmp_path), "hits": 4, "misses": 0, "stores": 0}
    assert len(_entries(tmp_path)) == 4


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    """The disk cache on in ``tmp_path`` for this process, the in-memory
    cache emptied before and after (so that compiles reach the disk)."""
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("PTO_MLIR_CACHE_MAX_BYTES", raising=False)
    jit._compiled.cache_clear()
    yield tmp_path
    jit.wait_for_disk_cache()
    jit._compiled.cache_clear()


def _counts():
    stats = jit.disk_cache_stats()
    return stats["hits"], stats["misses"], stats["stores"]


def _tor_runs(kernel_rows=1):
    """Compiles the 1x32 i8 tor and checks one call's result exactly."""
    kernel = jit.compile(tor_kernel(kernel_rows, 32, "i8"), "tor")
    a = np.arange(32 * kernel_rows, dtype=np.int8).reshape(kernel_rows, 32)
    b = np.full((kernel_rows, 32), 0x40, np.int8)
    d = np.zeros((kernel_rows, 32), np.int8)
    kernel(a, b, d)
    assert d.tolist() == (a | b).tolist()


def _only_entry(directory):
    names = _entries(directory)
    assert len(names) == 1 and names[0].endswith(".ptojit"), names
    return directory / names[0]


def _damage_flip(data):
    flipped = bytearray(data)
    flipped[-10] ^= 0xFF
    return bytes(flipped)


@pytest.mark.parametrize("damage", [
    _damage_flip,                      # a payload byte changed
    lambda data: data[:len(data) // 2],  # truncated
    lambda data: data[:20],            # truncated inside the header
    lambda data: b"",                  # empty
    lambda data: b"not an entry at all" * 40,
], ids=["flipped", "truncated", "header", "empty", "garbage"])
def test_a_damaged_entry_is_compiled_again(cache_dir, damage):
    _tor_runs()
    jit.wait_for_disk_cache()
    path = _only_entry(cache_dir)
    good = path.read_bytes()
    path.write_bytes(damage(good))
    jit._compiled.cache_clear()
    hits, misses, stores = _counts()
    _tor_runs()
    jit.wait_for_disk_cache()
    assert _counts() == (hits, misses + 1, stores + 1)
    assert path.read_bytes() == good  # replaced by a fresh, whole entry


def test_an_intact_entry_the_loader_refuses_is_compiled_again(cache_dir):
    _tor_runs()
    jit.wait_for_disk_cache()
    path = _only_entry(cache_dir)
    name = path.name[:-len(".ptojit")]
    store = native_cache.cache()
    entry = store.load(name)
    # A whole entry with a right checksum whose payload is no shared object.
    store.store(name, entry.meta, b"\x7fELF but nothing more")
    jit._compiled.cache_clear()
    hits, misses, stores = _counts()
    _tor_runs()
    jit.wait_for_disk_cache()
    assert _counts() == (hits, misses + 1, stores + 1)
    assert store.load(name).payload == entry.payload


def _read_only(directory, monkeypatch):
    """Makes ``directory`` read-only for this process: by its mode, and, for
    root (whom the mode does not stop), by refusing the unlink and rename
    of its files as the kernel refuses them to anyone else."""
    directory.chmod(0o500)
    if os.geteuid() != 0:
        return
    real_unlink, real_replace = os.unlink, os.replace

    def refused(call):
        def checked(path, *rest, **kwargs):
            target = rest[0] if rest else path
            if os.path.dirname(os.path.abspath(target)) == str(directory):
                raise PermissionError(13, "Permission denied", str(target))
            return call(path, *rest, **kwargs)
        return checked
    monkeypatch.setattr(os, "unlink", refused(real_unlink))
    monkeypatch.setattr(os, "replace", refused(real_replace))


def test_a_damaged_entry_in_a_read_only_directory_is_compiled_again(cache_dir, monkeypatch):
    # Issue 38, item 4: the damaged entry's deletion raised PermissionError.
    _tor_runs()
    jit.wait_for_disk_cache()
    path = _only_entry(cache_dir)
    path.write_bytes(_damage_flip(path.read_bytes()))
    damaged = path.read_bytes()
    _read_only(cache_dir, monkeypatch)
    jit._compiled.cache_clear()
    hits, misses, stores = _counts()
    try:
        with pytest.warns(RuntimeWarning) as warned:
            _tor_runs()
            jit.wait_for_disk_cache()
    finally:
        cache_dir.chmod(0o700)
    assert _counts() == (hits, misses + 1, stores)
    assert path.read_bytes() == damaged  # nothing could replace it
    assert len(warned) == 1
    assert re.fullmatch(
        f"pto-mlir: the JIT's disk cache in {re.escape(str(cache_dir))} cannot be written "
        rf"\(\[Errno 13\] Permission denied: '{re.escape(str(cache_dir))}/\.tmp-\w+'\); "
        "kernels are compiled in each process", str(warned[0].message))
    native_cache._warned.discard(str(cache_dir))


def test_a_hit_in_process_after_the_memory_cache_dropped_the_module(cache_dir):
    _tor_runs()
    jit.wait_for_disk_cache()
    jit._compiled.cache_clear()
    hits, misses, stores = _counts()
    _tor_runs()
    assert _counts() == (hits + 1, misses, stores)


def test_concurrent_processes_leave_whole_entries(tmp_path):
    # Four processes at once, each compiling the same four kernels.
    procs = [subprocess.Popen([sys.executable, "-c", CHILD], env=_env(tmp_path),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    outputs = [proc.communicate() for proc in procs]
    assert [proc.returncode for proc in procs] == [0] * 4, [err for _, err in outputs]
    results = [json.loads(out) for out, _ in outputs]
    assert all(r["small"] == results[0]["small"] and r["split"] == results[0]["split"]
               for r in results)
    # One entry per kernel, no temporary file left, and each loads.
    names = _entries(tmp_path)
    assert len(names) == 4 and all(n.endswith(".ptojit") for n in names), names
    assert _run_child(tmp_path)["stats"]["hits"] == 4


def test_concurrent_writers_of_one_key_leave_one_whole_entry(tmp_path):
    store = disk_cache.DiskCache(str(tmp_path), 1 << 30)
    payloads = [bytes([k]) * (200_000 + k) for k in range(8)]
    threads = [threading.Thread(target=store.store, args=("k", {"writer": k}, payloads[k]))
               for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    entry = store.load("k")
    assert entry.payload == payloads[entry.meta["writer"]]
    assert _entries(tmp_path) == ["k.ptojit"]


def test_the_size_bound_evicts_the_least_recently_used(tmp_path):
    payload = b"x" * 1000
    entry_size = len(disk_cache._encode({}, payload))
    store = disk_cache.DiskCache(str(tmp_path), 3 * entry_size)
    for k, name in enumerate(["a", "b", "c"]):
        store.store(name, {}, payload)
        # Distinct times, oldest first (a filesystem's clock may be coarse).
        os.utime(store.path(name), ns=(10**18 + k * 10**9,) * 2)
    assert store.load("a").payload == payload  # a is now the most recent
    store.store("d", {}, payload)
    assert _entries(tmp_path) == ["a.ptojit", "c.ptojit", "d.ptojit"]
    store.store("e", {}, b"y" * (entry_size + len(payload)))  # the room of two
    assert _entries(tmp_path) == ["d.ptojit", "e.ptojit"]


def test_the_jit_keeps_its_directory_within_the_bound(cache_dir, monkeypatch):
    _tor_runs(1)
    jit.wait_for_disk_cache()
    one_entry = os.path.getsize(_only_entry(cache_dir))
    monkeypatch.setenv("PTO_MLIR_CACHE_MAX_BYTES", str(2 * one_entry + one_entry // 2))
    for rows in (2, 3, 4):
        _tor_runs(rows)
        jit.wait_for_disk_cache()
    sizes = [os.path.getsize(cache_dir / n) for n in _entries(cache_dir)]
    assert len(sizes) == 2 and sum(sizes) <= 2 * one_entry + one_entry // 2
    # The two most recent stay: a new process hits both.
    jit._compiled.cache_clear()
    hits = _counts()[0]
    _tor_runs(4)
    _tor_runs(3)
    assert _counts()[0] == hits + 2


def test_stale_temporary_files_are_removed(tmp_path):
    store = disk_cache.DiskCache(str(tmp_path), 1 << 20)
    stale, fresh = tmp_path / ".tmp-dead", tmp_path / ".tmp-writing"
    stale.write_bytes(b"partial")
    fresh.write_bytes(b"partial")
    os.utime(stale, (0, 0))
    store.store("k", {}, b"payload")
    assert _entries(tmp_path) == [".tmp-writing", "k.ptojit"]


BASE_ENVIRONMENT = {"format": 1, "pto_mlir": "0.1.0", "llvm": "22.1.8", "machine": "x86_64",
                    "cpu": {"vendor_id": "AuthenticAMD", "cpu family": "23", "model": "49",
                            "model name": "AMD EPYC", "flags": "fpu sse avx2"},
                    "build": [["libPtoPythonCAPI.so", 100, 5]]}


def _with(path, value):
    environment = json.loads(json.dumps(BASE_ENVIRONMENT))
    *parents, last = path
    target = environment
    for part in parents:
        target = target[part]
    target[last] = value
    return environment


def test_the_key_changes_with_each_component():
    text, options = tor_kernel(1, 32, "i8"), (3, 2, None, None)
    base = native_cache.key(text, options, BASE_ENVIRONMENT)
    assert native_cache.key(text, options, json.loads(json.dumps(BASE_ENVIRONMENT))) == base
    variants = {
        "text": native_cache.key(tor_kernel(1, 64, "i8"), options, BASE_ENVIRONMENT),
        "opt_level": native_cache.key(text, (2, 2, None, None), BASE_ENVIRONMENT),
        "threads": native_cache.key(text, (3, 1, None, None), BASE_ENVIRONMENT),
        "parallel_bytes": native_cache.key(text, (3, 2, 4096, None), BASE_ENVIRONMENT),
        "target": native_cache.key(text, (3, 2, None, "a5"), BASE_ENVIRONMENT),
        "format": native_cache.key(text, options, _with(["format"], 2)),
        "pto_mlir": native_cache.key(text, options, _with(["pto_mlir"], "0.2.0")),
        "llvm": native_cache.key(text, options, _with(["llvm"], "23.1.0")),
        "machine": native_cache.key(text, options, _with(["machine"], "aarch64")),
        "cpu model": native_cache.key(text, options, _with(["cpu", "model"], "1")),
        "cpu flags": native_cache.key(text, options,
                                      _with(["cpu", "flags"], "fpu sse avx2 avx512f")),
        "build": native_cache.key(text, options,
                                  _with(["build"], [["libPtoPythonCAPI.so", 100, 6]])),
    }
    assert len(set(variants.values()) | {base}) == len(variants) + 1


def test_the_environment_names_this_build():
    import pto_mlir
    environment = native_cache._environment()
    assert environment["pto_mlir"] == pto_mlir.__version__
    assert environment["llvm"] == _version.LLVM_VERSION
    assert _version.LLVM_VERSION.split(".")[0].isdigit()
    assert "flags" in environment["cpu"]
    assert any(name.startswith("libPtoPythonCAPI") for name, _, _ in environment["build"])


def test_the_default_directory(monkeypatch):
    monkeypatch.delenv("PTO_MLIR_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
    assert native_cache.directory() == "/xdg/pto-mlir/jit"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", "/home/someone")
    assert native_cache.directory() == "/home/someone/.cache/pto-mlir/jit"
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", "/elsewhere")
    assert native_cache.directory() == "/elsewhere"


def test_an_empty_directory_variable_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", "")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    jit._compiled.cache_clear()
    _tor_runs(5)
    assert jit.disk_cache_stats()["directory"] is None
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("value", ["0", "-5", "lots"])
def test_a_bad_size_bound_is_refused(monkeypatch, value):
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", "/unused")
    monkeypatch.setenv("PTO_MLIR_CACHE_MAX_BYTES", value)
    with pytest.raises(ValueError) as error:
        native_cache.cache()
    assert str(error.value) == (f"PTO_MLIR_CACHE_MAX_BYTES must be a positive integer, "
                                f"got {value!r}")


def test_an_unwritable_directory_warns_once_and_the_kernel_runs(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_bytes(b"")
    where = str(blocker / "cache")
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", where)
    jit._compiled.cache_clear()
    with pytest.warns(RuntimeWarning) as warned:
        _tor_runs(6)
        _tor_runs(7)
        jit.wait_for_disk_cache()
    messages = [str(w.message) for w in warned]
    assert messages == [f"pto-mlir: the JIT's disk cache in {where} cannot be written "
                        f"([Errno 20] Not a directory: '{where}'); kernels are compiled "
                        f"in each process"]
    jit._compiled.cache_clear()


def test_a_directory_others_can_write_is_not_used(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", str(shared))
    jit._compiled.cache_clear()
    with pytest.warns(RuntimeWarning) as warned:
        _tor_runs(8)
        assert jit.disk_cache_stats()["directory"] is None
    assert [str(w.message) for w in warned] == [
        f"pto-mlir: the JIT's disk cache in {shared} is not used: other users can write "
        f"the directory (it must be owned by this user and not group or world writable)"]
    assert os.listdir(shared) == []
    jit._compiled.cache_clear()


@pytest.mark.parametrize("component,value", [
    ("pto_mlir", "99.0.0"), ("llvm", "99.1.0"), ("build", [["libPtoPythonCAPI.so", 1, 1]]),
    ("cpu", {"flags": "another cpu"}), ("machine", "riscv64")])
def test_a_changed_environment_misses(cache_dir, monkeypatch, component, value):
    _tor_runs(9)
    jit.wait_for_disk_cache()
    jit._compiled.cache_clear()
    changed = {**native_cache._environment(), component: value}
    monkeypatch.setattr(native_cache, "_environment", lambda: changed)
    hits, misses, stores = _counts()
    _tor_runs(9)
    jit.wait_for_disk_cache()
    assert _counts() == (hits, misses + 1, stores + 1)
    assert len(_entries(cache_dir)) == 2


def test_a_module_without_functions_is_refused_as_before(cache_dir):
    with pytest.raises(KeyError) as error:
        jit.compile("module {}", "k")
    assert error.value.args[0] == "no function @k in the module (has: )"
    jit.wait_for_disk_cache()
    assert _entries(cache_dir) == []
