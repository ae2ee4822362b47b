"""The op implementations, one module per family; importing this package
registers them all."""
from . import (  # noqa: F401
    arith,
    buffers,
    control,
    global_memory,
    tinsert,
    tinterleave,
    tmov,
    tor,
    treshape,
    tsort32,
    valid_shape,
)
