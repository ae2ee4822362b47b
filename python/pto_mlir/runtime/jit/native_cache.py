"""The JIT's disk cache: compiled modules kept as shared objects, so that
another process (or this one, after its in-memory cache dropped the module)
loads them instead of compiling again. docs/runtime.md describes it for
users, docs/performance.md measures it.

- Where: ``PTO_MLIR_CACHE_DIR``; unset, ``$XDG_CACHE_HOME/pto-mlir/jit``
  (``~/.cache/pto-mlir/jit`` without it); set to the empty string, the
  cache is off. At most ``PTO_MLIR_CACHE_MAX_BYTES`` bytes (default 256
  MiB), the least recently used entries deleted first (disk_cache.py, which
  also makes writes atomic and checks every entry's checksum).
- The key: the module text, the compile options, and what the code depends
  on besides: pto-mlir's version, the LLVM/MLIR release, the build of the
  native libraries (their sizes and modification times, so a rebuild of the
  lowering at the same version misses), the machine and the CPU's model
  and features (the ExecutionEngine compiles for the host CPU).
- What: the ExecutionEngine's object code (compiled position-independent)
  linked by the system's ``ld`` into a shared object, and the module's
  run-time checks (the messages of its failures). A hit loads the shared
  object from memory (memfd) after the checksum, so the bytes checked are the
  bytes run; a shared object the loader refuses is deleted and the module
  compiled again.
- Linux only (ELF, memfd), and only with ``ld`` on PATH; elsewhere, or when
  the directory cannot be written, kernels are compiled in every process as
  before (``stats()`` says whether the cache is on).
"""
import _ctypes
import ctypes
import functools
import json
import os
import platform
import sys
import threading
import warnings
import weakref
from typing import Any

from ... import _version
from .. import (
    _pto_core_grid as _core_grid,
    _pto_parallel_rows as _parallel_rows,
    _pto_tile_print as _tile_print,
)
from ..cache_location import DEFAULT_MAX_BYTES, directory, max_bytes, trusted
from ..disk_cache import DiskCache, sha256

# A hit (what a new process's first call of a cached kernel does) needs
# only the modules above; storing an entry (ld on a thread, temporary
# files) imports its modules when it first happens, so that importing the
# JIT does not cost a first call some 10 ms of them (issue 38, item 6).

__all__ = ["DEFAULT_MAX_BYTES", "Loaded", "cache", "key", "load", "save", "stats", "wait"]

# Bumped when what an entry holds, or how it is made, changes.
_FORMAT = 1

_counts = {"hits": 0, "misses": 0, "stores": 0}
_warned: set[str] = set()  # the directories warned about
_counts_lock = threading.Lock()


def _count(what):
    with _counts_lock:
        _counts[what] += 1


@functools.cache
def _linker():
    """The system linker, or None (then nothing is stored)."""
    if not sys.platform.startswith("linux") or not hasattr(os, "memfd_create"):
        return None
    for folder in os.environ.get("PATH", os.defpath).split(os.pathsep):
        candidate = os.path.join(folder or os.curdir, "ld")
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def cache():
    """The DiskCache the JIT uses now (the environment is read on each
    compile), or None when it is off, cannot work here or is not safe."""
    where = directory()
    if where is None or _linker() is None or not trusted(where, "the JIT's disk cache"):
        return None
    return DiskCache(where, max_bytes())


def stats():
    """This process's use of the disk cache: ``{"directory": where it is (None
    when off), "hits": modules loaded from it, "misses": modules compiled
    because it had none, "stores": entries written}``."""
    store = cache()
    with _counts_lock:
        return {"directory": store.directory if store else None, **_counts}


# -- the key ------------------------------------------------------------------

def _cpu():
    """The CPU as the kernel reports it: vendor, family, model and feature
    flags (what LLVM's host detection reads, through cpuid)."""
    fields = {}
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if not line.strip():
                    break  # the first processor's block is enough
                name, _, value = line.partition(":")
                fields[name.strip()] = value.strip()
    except OSError:
        pass
    return {name: fields.get(name, "") for name in
            ("vendor_id", "cpu family", "model", "model name", "flags")}


def _native_build():
    """Sizes and modification times of the native libraries (the lowering,
    MLIR, the ExecutionEngine): a rebuild changes them."""
    from ..._mlir_libs import __file__ as libs_init
    libs = os.path.dirname(libs_init)
    found = []
    for name in sorted(os.listdir(libs)):
        if ".so" in name:
            status = os.stat(os.path.join(libs, name))
            found.append((name, status.st_size, status.st_mtime_ns))
    return found


@functools.cache
def _environment():
    """What compiled code depends on besides the module and the options."""
    return {"format": _FORMAT, "pto_mlir": _version.__version__,
            "llvm": _version.LLVM_VERSION, "machine": platform.machine(),
            "cpu": _cpu(), "build": _native_build()}


def key(text, options, environment=None):
    """The entry name of ``text`` compiled with ``options`` (a tuple of JSON
    values) here: hex SHA-256 of them and of ``environment`` (default: this
    process's, ``_environment()``)."""
    identity = json.dumps([text, list(options), environment or _environment()],
                          sort_keys=True)
    return sha256(identity.encode()).hexdigest()


# -- entries --------------------------------------------------------------------

class Loaded:
    """A module loaded from the cache: ``address(name)`` of a function's
    packed entry point (as ExecutionEngine.raw_lookup gives it) and the
    module's run-time ``checks``. The shared object stays loaded while this
    lives (as the ExecutionEngine's code does: the kernels handed out keep
    it alive)."""

    def __init__(self, library, descriptor, checks):
        self._library = library
        self.checks = checks
        weakref.finalize(self, _unload, library._handle, descriptor)

    def address(self, name):
        # The ExecutionEngine's packed wrapper of each function.
        return ctypes.cast(getattr(self._library, "_mlir_" + name), ctypes.c_void_p).value


def _unload(handle, descriptor):
    _ctypes.dlclose(handle)
    os.close(descriptor)


def _checks_to_json(checks):
    return [{**check, "unsigned": sorted(check["unsigned"])} for check in checks]


def _checks_from_json(checks):
    return [{**check, "unsigned": set(check["unsigned"])} for check in checks]


@functools.cache
def _make_runtime_global():
    """Makes the symbols of the modules the generated code calls (the row
    dispatcher, the core query, tprint's functions) global (CPython loads
    extension modules with theirs local), so that the loader resolves those
    calls in the shared objects."""
    tile_print = [symbol for symbol, _ in _tile_print.symbols()]
    for module, symbols in ((_parallel_rows, [_parallel_rows.SYMBOL]),
                            (_core_grid, [_core_grid.SYMBOL]), (_tile_print, tile_print)):
        library = ctypes.CDLL(module.__file__, mode=os.RTLD_NOLOAD | os.RTLD_GLOBAL)
        for symbol in symbols:
            getattr(library, symbol)  # exported under the name the code calls


def _load_shared_object(data):
    """dlopen of ``data`` (a shared object's bytes) from an anonymous file:
    ``(library, its file descriptor)``. The descriptor stays open while
    the library is loaded: the loader knows a library by its path, and a
    reused ``/proc/self/fd/N`` would name the earlier one."""
    _make_runtime_global()
    descriptor = os.memfd_create("pto-mlir-kernel", os.MFD_CLOEXEC)
    try:
        with open(descriptor, "wb", closefd=False) as file:
            file.write(data)
        return ctypes.CDLL(f"/proc/self/fd/{descriptor}"), descriptor
    except BaseException:
        os.close(descriptor)
        raise


def load(store, name):
    """The module stored under ``name``, or None (a miss; a damaged or
    unloadable entry is deleted)."""
    entry = store.load(name)
    if entry is not None and entry.meta.get("format") == _FORMAT:
        try:
            library, descriptor = _load_shared_object(entry.payload)
        except OSError:
            library = None
        if library is not None:
            _count("hits")
            return Loaded(library, descriptor, _checks_from_json(entry.meta["checks"]))
    if entry is not None:
        store.discard(name)
    _count("misses")
    return None


def _link(work):
    """The shared object of the object file ``work``/kernel.o, as bytes."""
    import subprocess
    obj, shared = os.path.join(work, "kernel.o"), os.path.join(work, "kernel.so")
    # -Bsymbolic: the module's functions call each other, never a same-named
    # symbol of another library.
    # env: a copy, so that the child's environment array is this thread's own.
    # Without it the child execs with the process's `environ`, which a
    # setenv on another thread can reallocate meanwhile (execve then fails
    # with EFAULT, "Bad address: '/usr/bin/ld'", seen under pytest-xdist).
    linked = subprocess.run([_linker(), "-shared", "-Bsymbolic", "-z", "noexecstack",
                             "-o", shared, obj], capture_output=True, text=True,
                            env=dict(os.environ))
    if linked.returncode:
        raise OSError(f"ld failed: {linked.stderr.strip()}")
    with open(shared, "rb") as file:
        return file.read()


# One thread links and writes the entries, in the order they come; the
# interpreter finishes its queue at exit.
_storer = None  # made by the first store (_submit)
_pending: list[Any] = []  # the stores not known to be done
_pending_lock = threading.Lock()


def _submit(*call):
    """Queues ``call`` on the storing thread (under _pending_lock)."""
    global _storer
    if _storer is None:
        import concurrent.futures
        _storer = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="pto-mlir-disk-cache")
    _pending[:] = [f for f in _pending if not f.done()]
    _pending.append(_storer.submit(*call))


def _warn(store, error):
    """A cache that cannot be written warns once per directory and is
    otherwise ignored: the kernel has been compiled and runs all the same."""
    if store.directory not in _warned:
        _warned.add(store.directory)
        warnings.warn(f"pto-mlir: the JIT's disk cache in {store.directory} cannot be "
                      f"written ({error}); kernels are compiled in each process",
                      RuntimeWarning, stacklevel=3)


def _store(store, name, meta, work):
    """Links and stores the entry (on the storing thread)."""
    import shutil
    try:
        store.store(name, meta, _link(work))
    except OSError as error:
        _warn(store, error)
    else:
        _count("stores")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def save(store, name, engine, function, checks):
    """Stores ``engine``'s code and ``checks`` under ``name``; ``function``
    names one of the module's functions (``func.func``). Linking and
    writing (an ``ld`` process, some 10-20 ms) happen on a thread, so the
    kernel runs meanwhile; the interpreter waits for them at exit, and
    ``wait()`` waits for them now."""
    import shutil
    import tempfile
    try:
        work = tempfile.mkdtemp(prefix="pto-mlir-link-")
    except OSError as error:
        return _warn(store, error)
    try:
        # Materializes the module's code first: the engine's own way to
        # force it, before a dump, looks up every function of the LLVM
        # module, and aborts the process on those without a packed wrapper.
        engine.raw_lookup(function)
        engine.dump_to_object_file(os.path.join(work, "kernel.o"))
    except (OSError, RuntimeError) as error:
        shutil.rmtree(work, ignore_errors=True)
        return _warn(store, error)
    meta = {"format": _FORMAT, "checks": _checks_to_json(checks)}
    with _pending_lock:
        _submit(_store, store, name, meta, work)


def wait():
    """Waits until every entry this process started storing is stored (or
    has failed to be)."""
    with _pending_lock:
        pending = list(_pending)
    if pending:
        import concurrent.futures
        concurrent.futures.wait(pending)
