"""Elementwise tile ops: pto.tor (docs/ops/tor.md)."""
from ...dialects import pto
from ..errors import OpFailure
from ..registry import tile_op


def same_valid(names, tiles):
    """Raises unless every tile has the same valid shape (a verifier checks
    the static extents; dynamic ones are checked here)."""
    if len({t.valid for t in tiles}) > 1:
        shapes = ", ".join(f"{n} {t.valid[0]}x{t.valid[1]}" for n, t in zip(names, tiles))
        raise OpFailure(f"valid shapes of {_join(names)} differ ({shapes})")


def _join(names):
    return ", ".join(names[:-1]) + " and " + names[-1]


@tile_op(pto.TOrOp, result_valid=lambda call, ins: [ins[0].valid])
def tor(call, ins, dsts):
    """dst = src0 | src1 over dst's valid region."""
    (src0, src1), (dst,) = ins, dsts
    same_valid(["src0", "src1", "dst"], [src0, src1, dst])
    dst.write(0, 0, src0.read() | src1.read())
