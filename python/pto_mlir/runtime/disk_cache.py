"""A directory of checksummed entries shared by processes: the store behind
the JIT's disk cache (jit/native_cache.py says what goes in it).

An entry is one file, ``<key>.ptojit``:

    magic (8 bytes) | SHA-256 of the rest (32) | meta length (8, little-endian)
    | meta (JSON, UTF-8) | payload

Writers write a private temporary file in the same directory and rename it
over the entry (atomic on POSIX), so a reader sees a whole entry or none,
and concurrent writers of one key leave one of their (equal) entries. A
reader checks the magic and the checksum before it trusts a byte: a
truncated or corrupt file is deleted and reported as a miss. The directory
holds at most ``max_bytes`` of entries: after each store the least recently
used (oldest modification time; a hit touches its entry) are deleted.
"""
import json
import os
import time

# CPython's own SHA-256 (the same digest): hashlib imports OpenSSL's
# binding and sets up every algorithm, some 5 ms of a new process's first
# call of a cached kernel (issue 38, item 6).
try:
    from _sha2 import sha256  # CPython 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256  # CPython 3.11 and earlier
    except ImportError:
        from hashlib import sha256

__all__ = ["DiskCache", "Entry", "sha256"]

_MAGIC = b"PTOJIT\x01\n"
_DIGEST = 32
_LENGTH = 8
_SUFFIX = ".ptojit"
_TEMP_PREFIX = ".tmp-"
# A temporary file this old belongs to a writer that died before its rename.
_STALE_TEMP_SECONDS = 3600


class Entry:
    """What a hit returns: the ``meta`` dict and the ``payload`` bytes."""

    __slots__ = ("meta", "payload")

    def __init__(self, meta, payload):
        self.meta = meta
        self.payload = payload


def _encode(meta, payload):
    meta_bytes = json.dumps(meta, sort_keys=True).encode()
    body = len(meta_bytes).to_bytes(_LENGTH, "little") + meta_bytes + payload
    return _MAGIC + sha256(body).digest() + body


def _decode(data):
    """The Entry in ``data``, or None when it is not a whole, intact entry."""
    head = len(_MAGIC) + _DIGEST
    if len(data) < head + _LENGTH or not data.startswith(_MAGIC):
        return None
    body = data[head:]
    if sha256(body).digest() != data[len(_MAGIC):head]:
        return None
    meta_length = int.from_bytes(body[:_LENGTH], "little")
    if _LENGTH + meta_length > len(body):
        return None
    try:
        meta = json.loads(body[_LENGTH:_LENGTH + meta_length])
    except ValueError:
        return None
    return Entry(meta, body[_LENGTH + meta_length:])


class DiskCache:
    """Entries under ``directory`` (made on first store), at most
    ``max_bytes`` of them in all."""

    def __init__(self, directory, max_bytes):
        self.directory = directory
        self.max_bytes = max_bytes

    def path(self, key):
        return os.path.join(self.directory, key + _SUFFIX)

    def load(self, key):
        """The intact entry of ``key``, or None; a damaged one is deleted."""
        path = self.path(key)
        try:
            with open(path, "rb") as file:
                data = file.read()
        except OSError:  # none, or an unreadable directory (store() says so)
            return None
        entry = _decode(data)
        if entry is None:
            self.discard(key)
            return None
        try:
            os.utime(path)  # now the most recently used
        except OSError:
            pass  # evicted meanwhile: the bytes read are still whole
        return entry

    def discard(self, key):
        """Deletes ``key``'s entry, if any (a damaged or unusable one). In a
        directory this process cannot write the entry stays: a miss all the
        same (the caller compiles, and its store() says why it cannot)."""
        try:
            os.unlink(self.path(key))
        except OSError:
            pass

    def store(self, key, meta, payload):
        """Writes the entry of ``key`` (``meta`` a JSON-able dict), then
        evicts past the size bound. OSError when the directory cannot be
        written."""
        import tempfile  # (a hit does not need it: jit/native_cache.py's imports)
        os.makedirs(self.directory, mode=0o700, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=self.directory, prefix=_TEMP_PREFIX)
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(_encode(meta, payload))
            os.replace(temporary, self.path(key))
        except BaseException:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
            raise
        self.evict()

    def entries(self):
        """``[(modification time, size, path)]`` of the entries now there."""
        found = []
        try:
            names = os.listdir(self.directory)
        except FileNotFoundError:
            return found
        now = time.time()
        for name in names:
            path = os.path.join(self.directory, name)
            try:
                status = os.stat(path)
            except FileNotFoundError:
                continue  # another process evicted it
            if name.endswith(_SUFFIX) and not name.startswith(_TEMP_PREFIX):
                found.append((status.st_mtime_ns, status.st_size, path))
            elif name.startswith(_TEMP_PREFIX) and now - status.st_mtime > _STALE_TEMP_SECONDS:
                _unlink(path)
        return found

    def evict(self):
        """Deletes the least recently used entries until the rest fit in
        ``max_bytes``."""
        found = sorted(self.entries())
        total = sum(size for _, size, _ in found)
        for _, size, path in found:
            if total <= self.max_bytes:
                break
            _unlink(path)
            total -= size


def _unlink(path):
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
