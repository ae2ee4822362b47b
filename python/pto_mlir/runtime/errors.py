"""The exceptions of the runtime, shared by both engines.

A caller sees two kinds of failure: arguments that do not fit the entry
function's signature (``ArgumentError``, raised before anything runs) and a
kernel that fails while it runs (``KernelError``, naming the op and its
location). Op implementations raise ``OpFailure`` with just the reason; the
interpreter adds the op and its location.
"""

__all__ = ["ArgumentError", "KernelError", "OpFailure"]


class ArgumentError(TypeError):
    """An argument does not match the entry function's signature; the message
    names the argument (``argument #N (type): ...``)."""


class KernelError(RuntimeError):
    """A run-time check of the kernel failed, or it uses an op the engine
    cannot run: ``'pto.op' op at file:line:col: reason``."""


class OpFailure(Exception):
    """Raised inside an op implementation; becomes a KernelError that names
    the op and its location."""
