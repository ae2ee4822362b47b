"""The op implementations, one module per family; importing this package
registers them all."""
from . import arith, buffers, control, tinsert, tinterleave, tor, treshape, tsort32  # noqa: F401
