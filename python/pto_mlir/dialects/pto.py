"""The pto dialect in Python: generated op classes, tile types, builders.

Builders return the result value(s) at Level 1 and the operation at Level 2
(when ``outs=[...]`` is given).
"""
# isort: off
# The order is the meaning: a later star import replaces the generated op
# classes of the same name (TLoadOp, TMovOp) with their builders' subclasses.
from ._pto_ops_gen import *  # noqa: F401,F403
from ._pto_enums import *  # noqa: F401,F403
from .. import ir as _ir
from .._mlir_libs._pto import (  # noqa: F401
    PartitionTensorViewType, PtrType, TensorViewType, TileBufType, TileType,
    location_capacity, memory_space)
# The dialect's facts (pto/TileStorage.h, PtoMemory.h, PtoTarget.h,
# RunTimeFailure.h), which the runtime reads instead of restating them.
from .._mlir_libs._pto import (  # noqa: F401
    ERROR_SLOT_WORDS, RUN_TIME_FAILURES, TARGET_ARCH_ATTR, TARGET_ARCH_NAMES, TARGETS,
    TILE_ALIGNMENT,
    TILE_DEFAULTS, TILE_INDEX_LIMIT, TSORT32_BLOCK, TSORT32_RECORD_BYTES,
    TSORT32_RECORD_INDEX_OFFSET, TMRGSORT_BLOCK_UNIT, TMRGSORT_LISTS, TMRGSORT_MAX_REPEATS,
    describe_failure_location, places_before_first_use, storage_order, tile_op_outs)
from ._pto_families import *  # noqa: F401,F403
from ._pto_tinterleave import *  # noqa: F401,F403
from ._pto_treshape import *  # noqa: F401,F403
from ._pto_tsort32 import *  # noqa: F401,F403
from ._pto_tinsert import *  # noqa: F401,F403
from ._pto_global_memory import *  # noqa: F401,F403
from ._pto_quant_word import *  # noqa: F401,F403
from ._pto_tcvt import *  # noqa: F401,F403
from ._pto_tfillpad import *  # noqa: F401,F403
from ._pto_tgenerate import *  # noqa: F401,F403
from ._pto_tsel import *  # noqa: F401,F403
from ._pto_tcmp import *  # noqa: F401,F403
from ._pto_tmatmul import *  # noqa: F401,F403
from ._pto_tmrgsort import *  # noqa: F401,F403
from ._pto_tgather import *  # noqa: F401,F403
# isort: on
# As _typing: `from pto import *` gives no names of typing.
import typing as _typing

if _typing.TYPE_CHECKING:
    # mypy cannot see the names the star imports bring in from the build's
    # modules (the generated op classes: python/stubs declares _pto_ops_gen
    # as Any) or that _pto_families makes at import (one builder per family
    # op): to mypy, a name this module does not define is Any. At run time
    # (no __getattr__) each of them is a real attribute.
    def __getattr__(name: str) -> _typing.Any: ...


# Quoted, not `from __future__ import annotations`: that would add the name
# `annotations` to what `from pto import *` gives (this module has no
# __all__), and the docs print annotations as written.
def declared_target(module: "_ir.Module") -> "tuple[str, str] | tuple[None, None]":
    """``(spelling, target)`` of ``module``'s ``pto.target_arch`` attribute:
    the name as written (PTOAS writes "a3") and the target it names (one of
    ``TARGETS``: "a2a3"); ``(None, None)`` when the module has none."""
    attributes = module.operation.attributes
    if TARGET_ARCH_ATTR not in attributes:
        return None, None
    spelling = _ir.StringAttr(attributes[TARGET_ARCH_ATTR]).value
    return spelling, TARGET_ARCH_NAMES[spelling]


TileType.__doc__ = """``!pto.tile<...>``, the type of a Level 1 tile value.

``TileType(t)`` casts an ``ir.Type`` (ValueError if it is not one);
``TileType.get(...)`` builds one. Its fields are read-only properties:
``shape`` (``rows``, ``cols``), ``element_type``, ``location`` ("vec", "mat",
"acc", "left", "right", "bias", "scaling"), ``valid_shape`` (None for ``?``),
``blayout``, ``slayout``, ``fractal`` and ``pad``."""

TileBufType.__doc__ = """``!pto.tile_buf<...>``, the type of a Level 2 tile buffer:
the same fields and methods as ``TileType``."""

PtrType.__doc__ = """``!pto.ptr<T>``, a pointer into global memory: a kernel
argument the caller passes a numpy array for. ``PtrType.get(element_type)``;
property ``element_type``."""

TensorViewType.__doc__ = """``!pto.tensor_view<...>``, a global tensor
(``pto.make_tensor_view``). ``TensorViewType.get(shape, element_type)``
(None in ``shape`` for ``?``); properties ``shape``, ``element_type``."""

PartitionTensorViewType.__doc__ = """``!pto.partition_tensor_view<...>``, a window
of a global tensor (``pto.partition_view``): what ``pto.tload`` reads and
``pto.tstore`` writes. The same fields as ``TensorViewType``."""

