"""pto.tprint: the valid region of a vec tile, printed to sys.stdout as
pto-isa's CPU simulator prints it (include/pto/cpu/TPrint.hpp:59-75, the
default PrintFormat::Width8_Precision4): a line ``TPRINT <rows>x<cols>``,
then each row's elements in logical order separated by one space, floats as
``%8.4f`` (std::fixed, setw(8), setprecision(4); nan and inf as C's printf
spells them, "-nan" for a NaN with its sign bit set) and integers as ``%8d``
(int8_t and uint8_t as numbers, TPrint.hpp:50). The JIT prints the same
through pto/TilePrintABI.h; docs/ops/tprint.md.

The simulator has no print of a window of global memory (TPRINT_IMPL reads
the tile's valid shape): no engine runs that form."""
import math
import sys

import numpy as np

from ....dialects import pto
from ...errors import OpFailure
from ..registry import register

# The JIT's lowering refuses the form with the same words (passes/lib/
# lowering/PtoToStd.cpp, checkPtoOp).
WINDOW_REFUSAL = ("prints a window of global memory, which no engine runs: pto-isa's CPU "
                  "simulator prints tiles only (include/pto/cpu/TPrint.hpp:59-75 reads the "
                  "tile's valid shape); tprint a tile loaded from it")


def _float_text(value):
    # Python's "%f" is correctly rounded from the double, as glibc's is;
    # only a NaN's sign differs (Python prints none).
    if math.isnan(value):
        return f"{'-nan' if math.copysign(1.0, value) < 0 else 'nan':>8}"
    return f"{value:8.4f}"


def tprint_text(block):
    """What the simulator prints for a valid region ``block`` (a 2-D numpy
    array of the tile's element dtype)."""
    rows, cols = block.shape
    if np.issubdtype(block.dtype, np.floating):
        cells = [[_float_text(float(v)) for v in row] for row in block]
    else:
        cells = [[f"{int(v):8d}" for v in row] for row in block]
    return "".join([f"TPRINT {rows}x{cols}\n", *(" ".join(row) + "\n" for row in cells)])


@register(pto.TPrintOp)
def tprint(call, operands):
    (src,) = operands
    if not pto.TileBufType.isinstance(call.op.src.type):
        raise OpFailure(WINDOW_REFUSAL)
    sys.stdout.write(tprint_text(src.read()))
    return []
