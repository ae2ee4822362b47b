"""pto.tmrgsort (docs/ops/tmrgsort.md), both forms, as pto-isa's simulator
merges (include/pto/cpu/TMrgSort.hpp of pto-isa 3186c381).

A record is 8 bytes, ``slots`` columns of the element type, its value in
the first. Each step takes the head of the first list whose head value is
greater (``>``) than every earlier list's head: ties and NaN keep the
earlier list. The merge stops when dst's records are written, every list is
used up or, with ``exhausted``, after the record that uses one up; dst's
other records keep what they held.
"""
from ....dialects import pto
from ...failures import failure
from ...values import TileValue
from ..registry import tile_op
from .elementwise import same_valid

RECORD_BYTES = pto.TSORT32_RECORD_BYTES
LISTS = pto.TMRGSORT_LISTS
BLOCK_UNIT = pto.TMRGSORT_BLOCK_UNIT
MAX_REPEATS = pto.TMRGSORT_MAX_REPEATS


def _merge(lists, dst, base, count, slots, exhausted):
    """Merges ``lists`` ([(row 0 as an array, first column, records)]) into
    dst's records base .. base + count (cpu/TMrgSort.hpp:118-173)."""
    heads = [0] * len(lists)
    out = []
    while len(out) < count:
        pick, best, record = -1, None, None
        for k, (row, start, n) in enumerate(lists):
            if heads[k] < n:
                c = start + heads[k] * slots
                # cpu/TMrgSort.hpp:109: `pick < 0 || v[0] > vPick[0]`
                if pick < 0 or row[c] > best:
                    pick, best, record = k, row[c], row[c:c + slots]
        if pick < 0:
            break
        out.append(record)
        heads[pick] += 1
        if exhausted and any(h == n for h, (_, _, n) in zip(heads, lists)):
            break
    for i, record in enumerate(out):
        dst.write(0, base + i * slots, record.reshape(1, -1))


def _whole_records(named, slots):
    """tmrgsort_c11 at run time, in order."""
    for name, tile in named:
        if tile.valid[1] % slots:
            raise failure("partial_record", tile=name, cols=tile.valid[1], slots=slots)


def _single_list(src, block_len, dst, slots):
    """Each group of 4 blocks of block_len columns of src merged into the
    same columns of dst (cpu/TMrgSort.hpp:178-225)."""
    same_valid(["src", "dst"], [src, dst])
    cols = src.valid[1]
    group = block_len * LISTS if block_len > 0 else 1
    groups = cols // group
    if (block_len <= 0 or block_len % BLOCK_UNIT or cols % group
            or not 1 <= groups <= MAX_REPEATS):
        raise failure("mrgsort_block_len", tile="src", block_len=block_len, cols=cols)
    row = src.read(0, 0, 1, cols)[0]
    records = block_len // slots
    for g in range(groups):
        base = g * group
        lists = [(row, base + k * block_len, records) for k in range(LISTS)]
        _merge(lists, dst, base, LISTS * records, slots, exhausted=False)


def _lists(srcs, dst, slots, exhausted):
    total = sum(src.valid[1] for src in srcs)
    if dst.valid[1] > total:
        raise failure("merge_exceeds_lists", tile="dst", cols=dst.valid[1], total=total)
    lists = [(src.read(0, 0, 1, src.valid[1])[0], 0, src.valid[1] // slots)
             for src in srcs]
    _merge(lists, dst, 0, dst.valid[1] // slots, slots, exhausted)


@tile_op(pto.TMrgSortOp)
def tmrgsort(call, dsts):
    op = call.op
    # `ins` is [src, blockLen] or [src0, src1, (src2, (src3,)) tmp]
    # (TMrgSortOps.td): the last tile of the lists form is tmp.
    given = [call.value(v) for v in (op.src0, op.src1, op.src2, op.src3, op.src4)
             if v is not None]
    single = not isinstance(given[1], TileValue)
    srcs = given[:1] if single else given[:-1]
    dst, = dsts
    slots = RECORD_BYTES // dst.spec.dtype.itemsize
    names = ["src"] if single else [f"src{k}" for k in range(len(srcs))]
    _whole_records([("dst", dst), *zip(names, srcs)], slots)
    if single:
        _single_list(srcs[0], int(given[1]), dst, slots)
    else:
        _lists(srcs, dst, slots, op.exhausted is not None and op.exhausted.value)
