"""Simulated on-chip memories, for tiles placed with ``pto.tassign``.

One byte array per memory (UB, L1, L0A, L0B, L0C), zero at the start of a
run as the CPU simulator's memories are, sized for the target by the
dialect's own table (``pto.location_capacity``); tile locations map onto
memories as ``pto.memory_space`` says (vec, bias and scaling share UB), as
on the PTO library's CPU simulator. A placed tile's storage becomes a window
of its memory, so tiles sharing bytes see each other's writes, and a tile
placed before its first use sees the bytes earlier tiles left there.
"""
import numpy as np

from ...dialects import pto
from ..errors import OpFailure
from ..failures import failure

__all__ = ["OnChipMemory"]


class OnChipMemory:
    """The memories of one run on ``target`` (one of ``pto.TARGETS``, or
    None for either target: the larger sizes)."""

    def __init__(self, target):
        self.target = target
        self._memories = {}

    def memory(self, location):
        space = pto.memory_space(location)
        data = self._memories.get(space)
        if data is None:
            capacity = pto.location_capacity(self.target, location)
            data = self._memories[space] = np.zeros(capacity, dtype=np.uint8)
        return space, data

    def place(self, value, address, keep_memory):
        """Moves ``value``'s storage to ``address`` of its location's memory,
        where it is a window shared with every tile placed over it. With
        ``keep_memory`` the tile's bytes are the memory's bytes there (a
        placement before the tile's first use: pto-isa's TASSIGN binds a
        tile to an address and moves no byte); else the tile's current bytes
        are stored there first (a placement after its first use, which the
        engines model as moving the tile).
        """
        spec, storage = value.spec, value.storage
        alignment = pto.TILE_ALIGNMENT
        if address < 0 or address % alignment:
            raise OpFailure(f"address 0x{address:x} is not a non-negative multiple of "
                            f"{alignment} bytes")
        space, data = self.memory(spec.location)
        if address + spec.nbytes > data.size:
            raise failure("placement_exceeds_memory", bytes=spec.nbytes,
                          address=f"0x{address:x}", memory=space, location=spec.location,
                          capacity=data.size,
                          target=f"on {self.target}" if self.target else "on any target")
        window = data[address:address + spec.nbytes]
        if not keep_memory:
            window[:] = storage.bytes
        storage.rebind(window)
