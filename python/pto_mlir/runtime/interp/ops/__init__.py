"""The op implementations, one module per family; importing this package
registers them all."""
from . import (  # noqa: F401
    arith,
    buffers,
    control,
    elementwise,
    generate,
    global_memory,
    ptoas_cores,
    tcvt,
    tfillpad,
    tgather,
    tinsert,
    tinterleave,
    tmatmul,
    tmov,
    tmrgsort,
    tprint,
    treshape,
    tsel,
    tsort32,
    valid_shape,
)
