"""The partial-region family (PartOps.td, docs/ops/part.md): over dst's
valid region, the op's element op where both sources are valid, the valid
source's element where one is, 0 where neither is, as pto-isa's CPU
simulator's TPartInstr computes it (include/pto/cpu/TPartOp.hpp:18);
written independently of the host lowering's (lowerPart,
passes/lib/lowering/FamilyLowering.cpp)."""
import numpy as np

from .element_ops import ELEMENT_OPS


def _padded(values, shape, dtype):
    """``values`` at the top left of a zero array of ``shape`` (cut to it),
    and where it lies."""
    out = np.zeros(shape, dtype)
    inside = np.zeros(shape, bool)
    rows, cols = min(values.shape[0], shape[0]), min(values.shape[1], shape[1])
    out[:rows, :cols] = values[:rows, :cols]
    inside[:rows, :cols] = True
    return out, inside


def part(row):
    """The handler of partial-region op ``row``."""
    compute = ELEMENT_OPS[row.element_op]

    def run(call, dsts):
        dst, = dsts
        shape, dtype = tuple(dst.valid), dst.spec.dtype
        a, in0 = _padded(call.value(call.op.src0).read(), shape, dtype)
        b, in1 = _padded(call.value(call.op.src1).read(), shape, dtype)
        # Overflow to inf and NaN are results, as on the simulator.
        with np.errstate(all="ignore"):
            both = compute(a, b)
        # Where one source is valid the other is 0 here, but its element is
        # copied, not combined (the simulator's `dst = src0[...]`).
        out = np.where(in0 & in1, both, np.where(in0, a, b))
        dst.write(0, 0, out.astype(dtype))
    return run


def part_valid(_row):
    """A result is valid over the larger of the sources' extents."""
    def result_valid(call):
        v0, v1 = call.value(call.op.src0).valid, call.value(call.op.src1).valid
        return [(max(v0[0], v1[0]), max(v0[1], v1[1]))]
    return result_valid
