"""The op implementations, one module per family; importing this package
registers them all."""
from . import arith, buffers, control, elementwise, insert, layout, sort  # noqa: F401
