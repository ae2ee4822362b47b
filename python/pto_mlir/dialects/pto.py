"""The pto dialect in Python: generated op classes, tile types, builders."""
from ._pto_ops_gen import *  # noqa: F401,F403
from .._mlir_libs._pto import TileBufType, TileType  # noqa: F401
