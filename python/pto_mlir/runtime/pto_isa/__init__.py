"""pto-isa's CPU simulator as an engine: PTOAS text in, global memory out.

``build(text, entry, kinds, level)`` turns a PTOAS module (what the
exporter writes, docs/ptoas.md) into a program that runs function ``entry``
on pto-isa's CPU simulator:

1. ``ptoas --pto-level=<level>`` writes the kernel's C++ (the target comes
   from the text's ``pto.target_arch``, which the exporter always writes);
2. a generated driver (``_driver``) includes that C++, reads the arguments
   from a file, sets the simulator's memory sizes for the target, calls
   ``entry`` and writes every global-memory buffer back to a file;
3. ``g++ -std=c++20 -D__CPU_SIM`` compiles the two against
   ``$PTO_ISA_ROOT/include``.

``Program.run(values)`` runs it on one call's arguments: bytes for each
global-memory (pointer) argument, numbers for the scalars; it returns the
buffers' bytes after the run. The program runs in its own process, so a
simulator that aborts (pto-isa's asserts) is an ``EngineError``, not the
end of the caller's.

Compile cache: a built program is an entry of a DiskCache (disk_cache.py,
the JIT's store: checksummed, written atomically, bounded by
``PTO_MLIR_CACHE_MAX_BYTES``, least recently used first out) in
``<dir>/pto-isa``, where ``<dir>`` is the JIT's ``PTO_MLIR_CACHE_DIR``
(cache_location.py; empty: no cache), or ``$PTO_CACHE_DIR`` when that older
variable is set (an alias kept for existing setups and .ci/run; it names
this engine's directory only). The key digests the text, the entry, the
argument kinds, the level, the compile flags, the driver and the
identities of ptoas, the pto-isa tree and the compiler (device_tools.py).
A hit checks the entry's checksum and runs the bytes checked, from an
anonymous file (memfd): a truncated, replaced or deleted entry, or one
whose mode changed, is compiled again and stored anew. A directory that
cannot be used (not writable, a file, writable by others) warns once and
the engine compiles in a private temporary directory of the process.
pto-isa's headers are compiled once per toolchain into a precompiled
header, ``<dir>/pto-isa/prelude-<digest>/`` (PRELUDE), which every compile
includes first; a compile that is not a hit says so on stderr (it takes
from seconds to a minute).

g++ 12 and pto-isa 3186c381: include/pto/cpu/TReduceIdx.hpp has a
``static_assert(false, ...)`` in a template's primary definition, which g++
before 13 rejects when the header is parsed (C++23's P2593 allows it). The
user's tree is not modified: the engine writes a patched copy of that
header into ``<cache>/pto-isa/overlay-<digest>/`` and puts that directory
first on the include path (the library includes it as
``"pto/cpu/TReduceIdx.hpp"``, which resolves through the include path).
"""
import atexit
import ctypes
import functools
import hashlib
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import warnings
import weakref
from typing import Any

import numpy as np

from ...ptoas import LEVELS
from .. import cache_location, device_tools
from ..disk_cache import DiskCache

__all__ = ["UnsupportedError", "EngineError", "LEVELS", "build", "check_compiles", "cache_dir",
           "Program"]


# The flags every compile uses: C++20 as pto-isa's CPU simulator asks,
# no floating-point contraction (bit-exact results), asserts kept (the
# simulator's checks).
CXX_FLAGS = ("-std=c++20", "-O1", "-ffp-contract=off", "-D__CPU_SIM")

# What every compile includes first: the library (ptoas's C++ includes it
# without <cstdint> and <cstddef>, which pto-isa's headers use). It is
# precompiled once per toolchain (g++ takes ``PRELUDE_NAME.gch`` beside
# the header when the flags match), which makes a kernel's compile about
# three times faster.
PRELUDE = '#include <cstdint>\n#include <cstddef>\n#include "pto/pto-inst.hpp"\n'
PRELUDE_NAME = "pto_isa_prelude.hpp"

# Headers of the pto-isa tree g++ 12 cannot compile as they are: (path
# under include/, text, replacement). The replacement keeps the assertion
# (it still fires for an instantiation) but makes it depend on the
# template's parameter, as C++ before P2593 requires.
_HEADER_PATCHES = (
    ("pto/cpu/TReduceIdx.hpp", "static_assert(false,", "static_assert(sizeof(DType*) == 0,"),
)

# How the driver reads one argument: a pointer's bytes, or a scalar.
KINDS = ("buffer", "int", "float")

# pto-isa's CPU simulator with -std=c++20 defines bfloat16_t as _Float16
# (include/pto/common/type.hpp: std::bfloat16_t only from C++23 with
# <stdfloat>), so bf16 kernels would compute in f16.
_BF16_PROBLEM = ("pto-isa's CPU simulator compiled as C++20 makes bfloat16_t an alias "
                 "of _Float16 (include/pto/common/type.hpp), so a bf16 kernel would "
                 "compute in f16: the pto-isa engine does not run it")


class UnsupportedError(NotImplementedError):
    """The kernel has no PTOAS form (the exporter refused it), so the
    pto-isa engine cannot run it; the message names the construct."""


class EngineError(RuntimeError):
    """ptoas refused the text, the C++ did not compile, or the program
    failed while it ran; the message says which step and quotes the tool."""


# The engine's older cache variable: a root whose pto-isa/ holds the cache.
LEGACY_DIRECTORY_VARIABLE = "PTO_CACHE_DIR"
# Bumped when what an entry holds changes.
_FORMAT = 1
_warned: set[str] = set()  # the cache directories warned about


def cache_dir():
    """The compile cache's directory, or None when it is off (the module
    docstring)."""
    legacy = os.environ.get(LEGACY_DIRECTORY_VARIABLE)
    if legacy:
        return os.path.join(legacy, "pto-isa")
    shared = cache_location.directory()
    return None if shared is None else os.path.join(shared, "pto-isa")


def _warn(where, error):
    if where not in _warned:
        _warned.add(where)
        warnings.warn(f"pto-mlir: the pto-isa engine's compile cache in {where} cannot be "
                      f"used ({error}); programs are compiled in each process",
                      RuntimeWarning, stacklevel=5)


@functools.cache
def _private_directory():
    """This process's own directory, when the cache is off or unusable."""
    directory = tempfile.mkdtemp(prefix="pto-mlir-pto-isa-")
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    return directory


def _cache():
    """``(store, workspace)``: the DiskCache of programs (None when off or
    unusable) and the directory of the toolchain's files (the overlay, the
    precompiled prelude): the store's, or the process's own."""
    where = cache_dir()
    if where is not None and cache_location.trusted(where, "the pto-isa engine's compile cache"):
        try:
            os.makedirs(where, mode=0o700, exist_ok=True)
            probe = tempfile.TemporaryFile(dir=where)
        except OSError as error:
            _warn(where, error)
        else:
            probe.close()
            return DiskCache(where, cache_location.max_bytes()), where
    return None, _private_directory()


def _digest(*parts):
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()


def _driver(entry, kinds, arch):
    """The C++ main that runs ``entry`` (whose arguments are of ``kinds``)
    on the simulator sized for ``arch``: it reads the arguments from
    argv[1] (a buffer: its byte count as a little-endian u64, then its
    bytes; an int: an i64; a float: an f64) and writes the buffers' bytes,
    in order, to argv[2]. It runs the kernel once per core of the grid of
    argv[3] blocks of argv[4] subblocks, in the order of their core number,
    each with its position set as the simulator's LaunchKernelMultiCore sets
    it (include/pto/common/cpu_stub.hpp; get_block_num() reads
    PTO_CPU_SIM_NUM_CORES, which Program.run sets). Each argument converts
    to the parameter type ptoas chose (``Buffer`` to any pointer, ``Scalar``
    to any number), so the driver does not restate ptoas's type mapping."""
    reads, args = [], []
    for position, kind in enumerate(kinds):
        name = f"arg{position}"
        if kind == "buffer":
            reads.append(f"  Buffer {name} = readBuffer(in);")
        else:
            value_type = "int64_t" if kind == "int" else "double"
            reads.append(f"  Scalar<{value_type}> {name}{{read<{value_type}>(in)}};")
        args.append(name)
    buffers = [f"arg{i}" for i, kind in enumerate(kinds) if kind == "buffer"]
    writes = "\n".join(f"  writeBuffer(out, {b});" for b in buffers)
    npu_arch = "A5" if arch == "a5" else "A2A3"
    return f"""// Generated by pto_mlir.runtime.pto_isa: runs @{entry} on pto-isa's CPU simulator.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include "kernel.cpp"

namespace {{
[[noreturn]] void fail(const char *what) {{
  std::fprintf(stderr, "pto-isa driver: %s\\n", what);
  std::exit(2);
}}
struct Buffer {{
  void *data;
  uint64_t size;
  template <typename T> operator T *() const {{ return static_cast<T *>(data); }}
}};
template <typename V> struct Scalar {{
  V value;
  template <typename T> operator T() const {{ return static_cast<T>(value); }}
}};
template <typename V> V read(std::FILE *in) {{
  V value;
  if (std::fread(&value, sizeof value, 1, in) != 1) fail("short argument file");
  return value;
}}
Buffer readBuffer(std::FILE *in) {{
  uint64_t size = read<uint64_t>(in);
  // Global memory aligned as the device's (and never empty).
  void *data = ::operator new(size ? size : 1, std::align_val_t(64));
  if (size && std::fread(data, 1, size, in) != size) fail("short argument file");
  return Buffer{{data, size}};
}}
uint32_t count(const char *text) {{
  char *end = nullptr;
  unsigned long value = std::strtoul(text, &end, 10);
  if (end == text || *end != '\0' || value == 0 || value > 0x7fffffffUL) fail("bad grid");
  return static_cast<uint32_t>(value);
}}
void writeBuffer(std::FILE *out, const Buffer &buffer) {{
  if (std::fwrite(buffer.data, 1, buffer.size, out) != buffer.size) fail("cannot write results");
}}
}} // namespace

int main(int argc, char **argv) {{
  if (argc != 5) fail("usage: driver ARGUMENTS RESULTS BLOCKS SUBBLOCKS");
  const uint32_t blocks = count(argv[3]), subblocks = count(argv[4]);
  std::FILE *in = std::fopen(argv[1], "rb");
  if (!in) fail("cannot open the argument file");
{chr(10).join(reads)}
  std::fclose(in);
  pto::NPU_MEMORY_INIT(pto::NPUArch::{npu_arch});
  for (uint64_t core = 0; core < uint64_t(blocks) * subblocks; ++core) {{
    pto::cpu_sim::set_execution_context(core / subblocks, core % subblocks, subblocks);
    {entry}({", ".join(args)});
  }}
  std::FILE *out = std::fopen(argv[2], "wb");
  if (!out) fail("cannot open the result file");
{writes}
  if (std::fclose(out) != 0) fail("cannot write results");
  return 0;
}}
"""


def _overlay(root, cache):
    """The include directory holding the patched headers (_HEADER_PATCHES)
    of the pto-isa tree at ``root``, made once per header content; None
    when no header needs a patch (or the tree has no such header: then the
    library does not include it, or the compile says it is missing)."""
    patched = []
    for relative, text, replacement in _HEADER_PATCHES:
        try:
            with open(os.path.join(root, "include", relative), encoding="utf-8") as f:
                source = f.read()
        except FileNotFoundError:
            continue
        if text in source:
            patched.append((relative, source.replace(text, replacement)))
    if not patched:
        return None
    digest = _digest(*(p for pair in patched for p in pair))
    directory = os.path.join(cache, "overlay-" + digest[:16])
    if not os.path.isdir(directory):
        staging = tempfile.mkdtemp(dir=cache, prefix="overlay-tmp-")
        for relative, source in patched:
            os.makedirs(os.path.join(staging, os.path.dirname(relative)), exist_ok=True)
            with open(os.path.join(staging, relative), "w", encoding="utf-8") as f:
                f.write(source)
        _publish(staging, directory)
    return directory


def _publish(staging, directory):
    """Renames ``staging`` to ``directory``; another process that got there
    first wins (its entry is the same)."""
    try:
        os.rename(staging, directory)
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
        if not os.path.isdir(directory):
            raise


def _run_tool(step, command, cwd):
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    except OSError as error:  # the tool vanished or cannot be executed since it was found
        raise EngineError(f"{step} could not be started: {' '.join(command)}\n{error}") from None
    if done.returncode != 0:
        output = (done.stderr + done.stdout).strip()
        raise EngineError(f"{step} failed (exit {done.returncode}): {' '.join(command)}\n{output}")
    return done


def _scalar_bytes(kind, value):
    """A scalar argument as the driver reads it: an i64 (an unsigned value
    of 2^63 or more as its two's-complement bits, which the driver's cast
    to the parameter's unsigned type gives back), or an f64."""
    if kind == "float":
        return struct.pack("<d", float(value))
    number = int(value)
    if not -(1 << 63) <= number < (1 << 64):
        raise ValueError(f"the scalar {number} does not fit in 64 bits")
    return struct.pack("<Q", number & ((1 << 64) - 1))


class Program:
    """A built driver of one kernel entry; see ``build``. It runs from an
    anonymous file holding the bytes the cache checked (or the compile
    made), which nothing else can change."""

    def __init__(self, image, kinds):
        self.kinds = kinds
        descriptor = os.memfd_create("pto-isa-kernel", os.MFD_CLOEXEC)
        try:
            with open(descriptor, "wb", closefd=False) as f:
                f.write(image)
            # Executed read-only: no descriptor of it is open for writing.
            self._descriptor = os.open(f"/proc/self/fd/{descriptor}", os.O_RDONLY | os.O_CLOEXEC)
        finally:
            os.close(descriptor)
        self.executable = f"/proc/self/fd/{self._descriptor}"
        weakref.finalize(self, os.close, self._descriptor)

    def run(self, values, timeout=600, grid=(1, 1)):
        """Runs the kernel on ``values`` (bytes-like for "buffer", int or
        float for the scalars, in argument order) on each core of ``grid``
        ((blocks, subblocks)); returns the buffers' bytes after the run, in
        order, as uint8 arrays."""
        if len(values) != len(self.kinds):
            raise ValueError(f"{len(self.kinds)} arguments expected, got {len(values)}")
        sizes = []
        with tempfile.TemporaryDirectory(prefix="pto-isa-run-") as work:
            arguments = os.path.join(work, "arguments")
            results = os.path.join(work, "results")
            with open(arguments, "wb") as f:
                for kind, value in zip(self.kinds, values):
                    if kind == "buffer":
                        # Bytes of any numpy dtype (ml_dtypes' fp8 have no
                        # buffer-protocol format).
                        data = np.ascontiguousarray(value).reshape(-1).view(np.uint8)
                        sizes.append(data.nbytes)
                        f.write(struct.pack("<Q", data.nbytes))
                        f.write(data.tobytes())
                    else:
                        f.write(_scalar_bytes(kind, value))
            blocks, subblocks = grid
            done = subprocess.run([self.executable, arguments, results, str(blocks),
                                   str(subblocks)], capture_output=True,
                                  env=dict(os.environ, PTO_CPU_SIM_NUM_CORES=str(blocks)),
                                  text=True, timeout=timeout, check=False,
                                  pass_fds=(self._descriptor,), preexec_fn=_die_with_parent)
            if done.returncode != 0:
                how = (f"signal {-done.returncode}" if done.returncode < 0
                       else f"exit {done.returncode}")
                raise EngineError(f"the kernel failed on pto-isa's CPU simulator ({how}):\n"
                                  f"{(done.stderr + done.stdout).strip()}")
            # What the kernel printed (its tprints: the driver writes only
            # errors, to stderr), as the host engines print it.
            sys.stdout.write(done.stdout)
            data = np.fromfile(results, dtype=np.uint8)
        if data.size != sum(sizes):
            raise EngineError(f"the driver wrote {data.size} bytes, expected {sum(sizes)}")
        return np.split(data, np.cumsum(sizes)[:-1]) if sizes else []


def _die_with_parent():
    """In the kernel's process before it starts: SIGKILL when the process
    that started it dies (PR_SET_PDEATHSIG), so that a caller killed while
    the kernel runs (a timeout's kill of a worker) leaves no kernel
    running; a loop ptoas's C++ runs far longer than ours would run on
    (docs/ptoas.md) otherwise goes on for hours."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG


_programs: dict[Any, Any] = {}
_programs_lock = threading.Lock()


class _Toolchain:
    """The tools of one build (device_tools), the compile flags (with the
    overlay of patched headers), a digest of all of them, and the cache."""

    def __init__(self):
        self.ptoas = device_tools.ptoas()
        root = device_tools.pto_isa_root()
        self.cxx = device_tools.cxx()
        self.store, self.workspace = _cache()
        overlay = _overlay(root, self.workspace)
        flags = [*CXX_FLAGS, *([f"-I{overlay}"] if overlay else []), f"-I{root}/include"]
        self.identity = _digest(" ".join(flags), PRELUDE,
                                device_tools.ptoas_identity(self.ptoas),
                                device_tools.pto_isa_identity(root),
                                device_tools.cxx_identity(self.cxx))
        prelude = self._precompiled_prelude(flags)
        self.flags = [*flags, "-include", prelude]

    def _precompiled_prelude(self, flags):
        """The path of PRELUDE, precompiled beside it with ``flags``, in
        the workspace (made once per toolchain identity)."""
        directory = os.path.join(self.workspace, "prelude-" + self.identity[:32])
        if not os.path.isfile(os.path.join(directory, PRELUDE_NAME + ".gch")):
            staging = tempfile.mkdtemp(dir=self.workspace, prefix="prelude-tmp-")
            try:
                _write(staging, PRELUDE_NAME, PRELUDE)
                _run_tool("the C++ compile of pto-isa's headers",
                          [self.cxx, *flags, "-x", "c++-header", PRELUDE_NAME, "-o",
                           PRELUDE_NAME + ".gch"], staging)
            except BaseException:
                shutil.rmtree(staging, ignore_errors=True)
                raise
            _publish(staging, directory)
        return os.path.join(directory, PRELUDE_NAME)

    def build(self, text, level, driver, what, check=None):
        """The image of the program ptoas's C++ of ``text`` at ``level``
        makes compiled with ``driver`` (bytes), or with no driver b"" once
        that C++ compiled alone (``g++ -fsyntax-only``); from the cache
        when it holds an intact entry, else built (saying so on stderr,
        ``what`` naming the kernel) and stored. ``check(cpp)`` may refuse
        the C++ (an EngineError) before it is compiled."""
        key = _digest(self.identity, text, level, driver or "")
        if self.store is not None:
            entry = self.store.load(key)
            if entry is not None and entry.meta == {"format": _FORMAT, "driver": bool(driver)}:
                return entry.payload
        print(f"pto-mlir: compiling {what} for pto-isa's CPU simulator (ptoas, then "
              f"{os.path.basename(self.cxx)}; up to a minute; kept in "
              f"{self.store.directory if self.store else 'no cache'})", file=sys.stderr,
              flush=True)
        with tempfile.TemporaryDirectory(prefix="pto-isa-build-") as staging:
            _write(staging, "kernel.pto", text)
            _run_tool("ptoas", [self.ptoas, f"--pto-level={level}", "kernel.pto",
                                "-o", "kernel.cpp"], staging)
            cpp = _read_ptoas_output(os.path.join(staging, "kernel.cpp"), self.ptoas)
            if check:
                check(cpp)
            if driver:
                _write(staging, "driver.cpp", driver)
                _run_tool("the C++ compile", [self.cxx, *self.flags, "driver.cpp", "-o",
                                              "kernel"], staging)
                with open(os.path.join(staging, "kernel"), "rb") as f:
                    image = f.read()
            else:
                _run_tool("the C++ compile", [self.cxx, *self.flags, "-fsyntax-only",
                                              "kernel.cpp"], staging)
                image = b""
        if self.store is not None:
            try:
                self.store.store(key, {"format": _FORMAT, "driver": bool(driver)}, image)
            except OSError as error:
                _warn(self.store.directory, error)
        return image


def _read_ptoas_output(path, tool):
    """The C++ ptoas wrote; an EngineError when it exited 0 without it."""
    try:
        with open(path, encoding="utf-8") as f:
            cpp = f.read()
    except FileNotFoundError:
        cpp = None
    except (OSError, UnicodeDecodeError) as error:
        raise EngineError(f"ptoas ({tool}) exited 0 but its C++ cannot be read: "
                          f"{error}") from None
    if not cpp or not cpp.strip():
        raise EngineError(f"ptoas ({tool}) exited 0 but wrote "
                          f"{'an empty C++ file' if cpp is not None else 'no C++ file'}")
    return cpp


def _write(directory, name, content):
    with open(os.path.join(directory, name), "w", encoding="utf-8") as f:
        f.write(content)


def _refuse_bf16(cpp):
    if "bfloat16_t" in cpp:
        raise EngineError(_BF16_PROBLEM)


def _check_level(level):
    if level not in LEVELS:
        raise ValueError(f"level '{level}' is unknown (levels: {', '.join(LEVELS)})")


def build(text, entry, kinds, level="level3", arch="a5"):
    """The Program running ``entry`` of PTOAS text ``text``, whose arguments
    are of ``kinds`` (each one of KINDS), through ptoas at ``level`` (one of
    LEVELS) on the simulator sized for ``arch`` ("a3"/"a5", the target the
    text names). Built once per key (module docstring); raises
    device_tools.ToolMissingError, or EngineError naming the failed step."""
    _check_level(level)
    kinds = tuple(kinds)
    for kind in kinds:
        if kind not in KINDS:
            raise ValueError(f"argument kind '{kind}' is unknown (kinds: {', '.join(KINDS)})")
    memo = (text, entry, kinds, level, arch, os.environ.get("PTOAS"),
            os.environ.get("PTO_ISA_ROOT"), os.environ.get("CXX"), cache_dir())
    with _programs_lock:
        program = _programs.get(memo)
        if program is None:
            image = _Toolchain().build(text, level, _driver(entry, kinds, arch), f"@{entry}",
                                       check=_refuse_bf16)
            program = _programs[memo] = Program(image, kinds)
        return program


def check_compiles(text, level):
    """Runs ptoas at ``level`` on PTOAS text ``text`` and compiles its C++
    against pto-isa (``-fsyntax-only``): an EngineError quotes the tool that
    refused it. Cached like ``build``."""
    _check_level(level)
    _Toolchain().build(text, level, None, "a PTOAS text (a compile check)")
