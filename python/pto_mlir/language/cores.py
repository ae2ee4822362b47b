"""The core queries: where in its grid the running core is (PTOAS's
``pto.get_block_idx`` ..., an ``i64`` each, given as an ``index``: what
windows and loops take). A kernel called with
``grid=N`` (or ``(blocks, subblocks)``) runs once per core, each reading
its own position (docs/runtime.md#grids); without a grid, block 0 of 1.

    @pl.kernel
    def copy_rows(src: pl.Tensor[8, 16, pl.i16], dst: pl.Tensor[8, 16, pl.i16]):
        row = pl.block_idx()
        pl.tstore(pl.tload(pl.partition_view(src, [row, 0], [1, 16])),
                  pl.partition_view(dst, [row, 0], [1, 16]))

    copy_rows(src, dst, grid=8)
"""
from .. import ir
from ..dialects import arith, pto

__all__ = ["block_idx", "block_num", "subblock_idx", "subblock_num"]


def _index(query: ir.OpView) -> ir.Value:
    return arith.IndexCastOp(ir.IndexType.get(), query.result).result


def block_idx() -> ir.Value:
    """The running core's block, from 0 (``pto.get_block_idx``)."""
    return _index(pto.GetBlockIdxOp())


def block_num() -> ir.Value:
    """The grid's number of blocks (``pto.get_block_num``)."""
    return _index(pto.GetBlockNumOp())


def subblock_idx() -> ir.Value:
    """The running core's subblock within its block, from 0
    (``pto.get_subblock_idx``)."""
    return _index(pto.GetSubBlockIdxOp())


def subblock_num() -> ir.Value:
    """The number of subblocks of each block (``pto.get_subblock_num``)."""
    return _index(pto.GetSubBlockNumOp())
