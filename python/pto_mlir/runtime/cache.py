"""A bounded map for the runtime's caches: at most ``limit`` entries, the
least recently used dropped first; safe to share between threads."""
import collections
import threading

__all__ = ["BoundedCache"]


class BoundedCache:
    def __init__(self, limit):
        self.limit = limit
        self._entries = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        """The entry of ``key`` (now the most recently used), or None."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
            return entry

    def put(self, key, entry):
        """Stores ``entry`` under ``key``, replacing any; drops the least
        recently used entries past the limit."""
        with self._lock:
            self._entries[key] = entry
            self._entries.move_to_end(key)
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)

    def __contains__(self, key):
        return key in self._entries

    def __len__(self):
        return len(self._entries)

    def __getitem__(self, key):
        return self._entries[key]
