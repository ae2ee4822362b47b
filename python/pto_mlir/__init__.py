"""pto-mlir: the PTO tile dialect for MLIR, driven from Python.

The MLIR Python API is a private copy built against the same MLIR as the
dialect: ``pto_mlir.ir``, ``pto_mlir.passmanager``, ``pto_mlir.dialects.pto``
(and ``func``, ``arith``, ``scf``). Every Context created through it has these
dialects registered. Our own modules sit beside it: ``pto_mlir.pipeline``,
``pto_mlir.runtime``, ``pto_mlir.language`` (kernels written as Python
functions), ``pto_mlir.rules`` (the verifiers' tables of allowed element
types, paths and conversion pairs), ``pto_mlir.asm`` (PTO-AS, the assembly
spelling: ``parse`` and ``emit``), ``pto_mlir.testing`` (kernel builders
and random tile data for tests and benchmarks) and ``pto_mlir.tools`` (where
LLVM's FileCheck is). ``pto_mlir.__version__`` is the package's version
(pyproject.toml's).
"""

from ._version import __version__  # noqa: F401
