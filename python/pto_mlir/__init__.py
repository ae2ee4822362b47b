"""pto-mlir: the PTO tile dialect for MLIR, driven from Python.

The MLIR Python API is a private copy built against the same MLIR as the
dialect: ``pto_mlir.ir``, ``pto_mlir.passmanager``, ``pto_mlir.dialects.pto``
(and ``func``, ``arith``, ``scf``). Every Context created through it has these
dialects registered. Our own modules sit beside it: ``pto_mlir.pipeline``,
``pto_mlir.runtime``, ``pto_mlir.tools``. ``pto_mlir.__version__`` is the
package's version (pyproject.toml's).
"""

from ._version import __version__  # noqa: F401
