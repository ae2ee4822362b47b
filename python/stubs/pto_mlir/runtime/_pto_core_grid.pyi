# A module of the build (MLIR's Python bindings, their generated code, our
# nanobind extensions), without type stubs: to mypy, it is Any (pyproject.toml).
from typing import Any

def __getattr__(name: str) -> Any: ...
