"""The op implementations, one module per family; importing this package
registers them all."""
from . import arith, buffers, control, elementwise, layout  # noqa: F401
