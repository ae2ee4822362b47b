"""A grid of cores: ``run(..., grid=N)`` or ``grid=(blocks, subblocks)``.

A PTO kernel is SPMD: the device runs it once per core of its launch grid,
and each run picks its work with ``pto.get_block_idx`` (and
``get_block_num``, ``get_subblock_idx``, ``get_subblock_num``). The engines
run the cores one after another in the order of their core number (block
by block, the subblocks of a block in order: pto-isa's
``LaunchKernelMultiCore``, include/pto/common/cpu_stub.hpp, numbers them
so), every core on the same global arrays; a kernel whose cores write
disjoint elements, as a correct one does, gives what the device's parallel
cores give. Written arrays reach the caller after the last core, so a
failing core leaves them untouched, as any failing run does.

A kernel run on more than one core takes global arrays and scalars only
and returns nothing, as a device kernel does: a tile argument or a result
would be one per core.
"""
from __future__ import annotations

from typing import NamedTuple

from .errors import ArgumentError
from .values import is_tile_type

# The simulator numbers cores as uint32 (set_execution_context).
_MAX_CORES = 2**31 - 1


class CorePosition(NamedTuple):
    """Where one run of a kernel is: what the core queries answer."""
    block: int
    blocks: int
    subblock: int
    subblocks: int


SINGLE_CORE = CorePosition(0, 1, 0, 1)


def _count(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if 1 <= value <= _MAX_CORES else None


def grid_cores(grid: object) -> list[CorePosition]:
    """The cores of ``grid`` (a number of blocks, or (blocks, subblocks)),
    in the order they run; ArgumentError for anything else."""
    shape = grid if isinstance(grid, tuple) else (grid, 1)
    counts = [_count(n) for n in shape] if len(shape) == 2 else []
    blocks, subblocks = counts if len(counts) == 2 else (None, None)
    if blocks is None or subblocks is None or blocks * subblocks > _MAX_CORES:
        raise ArgumentError(f"grid must be a number of blocks or a (blocks, subblocks) pair, "
                            f"each from 1 to {_MAX_CORES} and at most {_MAX_CORES} cores in "
                            f"all; got {grid!r}")
    return [CorePosition(b, blocks, s, subblocks)
            for b in range(blocks) for s in range(subblocks)]


def check_grid_kernel(entry: str, signature, cores: list[CorePosition]) -> None:
    """ArgumentError when a kernel of this signature cannot run on ``cores``:
    on more than one, a tile argument or a result."""
    if len(cores) == 1:
        return
    tiles = [str(n) for n, t in enumerate(signature.inputs) if is_tile_type(t)]
    if tiles or signature.results:
        what = (f"tile argument{'s' if len(tiles) > 1 else ''} #{', #'.join(tiles)}"
                if tiles else f"{len(signature.results)} result"
                              f"{'s' if len(signature.results) > 1 else ''}")
        raise ArgumentError(f"@{entry} has {what}: a kernel run on a grid of more than one "
                            f"core takes global arrays and scalars only and returns nothing "
                            f"(each core would have its own)")
