"""A model of the partial-region ops, written from pto-isa's CPU simulator
(TPartInstr, include/pto/cpu/TPartOp.hpp:18, and TPartAdd.hpp,
TPartMul.hpp, TPartMax.hpp, TPartMin.hpp), element by element,
independently of both engines: over dst's valid region, the binary
family's element op (elementwise_model.py) where (i, j) is in both sources'
valid regions, the one source's element where it is in one, 0 where it is
in neither."""
import numpy as np
from elementwise_model import model as binary


def model(element_op, a, b, shape):
    """The result of ``element_op`` on valid regions ``a`` and ``b`` (one
    dtype), of dst's valid ``shape``."""
    out = np.zeros(shape, a.dtype)
    for i, j in np.ndindex(*shape):
        in_a = i < a.shape[0] and j < a.shape[1]
        in_b = i < b.shape[0] and j < b.shape[1]
        if in_a and in_b:
            out[i, j] = binary(element_op, a[i:i + 1, j:j + 1], b[i:i + 1, j:j + 1])[0, 0]
        elif in_a:
            out[i, j] = a[i, j]
        elif in_b:
            out[i, j] = b[i, j]
    return out
