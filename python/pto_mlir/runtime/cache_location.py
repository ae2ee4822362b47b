"""Where the engines' disk caches live, how large they may grow, and
whether a directory is safe to load code from: one set of answers for the
JIT's cache (jit/native_cache.py) and the pto-isa engine's (pto_isa/),
both DiskCache stores (disk_cache.py). docs/runtime.md describes the
variables for users.
"""
import os
import warnings

__all__ = ["DIRECTORY_VARIABLE", "MAX_BYTES_VARIABLE", "DEFAULT_MAX_BYTES", "directory",
           "max_bytes", "trusted"]

DIRECTORY_VARIABLE = "PTO_MLIR_CACHE_DIR"
MAX_BYTES_VARIABLE = "PTO_MLIR_CACHE_MAX_BYTES"
DEFAULT_MAX_BYTES = 256 << 20

_warned: set[str] = set()  # the directories warned about


def directory() -> str | None:
    """The cache's directory, or None when ``PTO_MLIR_CACHE_DIR`` is empty."""
    chosen = os.environ.get(DIRECTORY_VARIABLE)
    if chosen is not None:
        return chosen or None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pto-mlir", "jit")


def max_bytes() -> int:
    """``PTO_MLIR_CACHE_MAX_BYTES``, a positive integer (ValueError otherwise),
    or the default."""
    text = os.environ.get(MAX_BYTES_VARIABLE)
    if text is None:
        return DEFAULT_MAX_BYTES
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise ValueError(f"{MAX_BYTES_VARIABLE} must be a positive integer, got {text!r}")
    return value


def trusted(where: str, what: str) -> bool:
    """Whether only this user can write the directory (loading an entry
    runs its code: a checksum tells a damaged entry, not a planted one).
    A directory not made yet is: the store makes it private. ``what`` names
    the cache in the warning."""
    try:
        status = os.stat(where)
    except OSError:
        return True
    if status.st_uid == os.geteuid() and not status.st_mode & 0o022:
        return True
    if where not in _warned:
        _warned.add(where)
        warnings.warn(f"pto-mlir: {what} in {where} is not used: other users "
                      f"can write the directory (it must be owned by this user and not "
                      f"group or world writable)", RuntimeWarning, stacklevel=4)
    return False
