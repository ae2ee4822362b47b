"""The dialect's enums in Python (generated from ODS into _pto_enum_gen.py),
and the conversion of a builder argument to one of them.

Builders take an enum member (``AccToVecMode.DualSplitM``) or its spelling
in the IR (``"dual_split_m"``); attributes read back through the generated
accessors give the member (``op.acc_to_vec.value``).
"""
from __future__ import annotations

from enum import Enum
from typing import TypeVar

from .._mlir_libs._pto import (  # noqa: F401
    AccToVecModeAttr,
    CmpModeAttr,
    GlobalLayoutAttr,
    MaskPatternAttr,
    RoundModeAttr,
    SaturationModeAttr,
    SplitModeAttr,
)
from ._pto_enum_gen import (  # noqa: F401
    AccToVecMode,
    BLayout,
    CmpMode,
    GlobalLayout,
    MaskPattern,
    PadValue,
    RoundMode,
    SaturationMode,
    SLayout,
    SplitMode,
    TileLocation,
)

__all__ = ["AccToVecMode", "BLayout", "GlobalLayout", "PadValue", "SLayout", "SplitMode",
           "TileLocation", "AccToVecModeAttr", "GlobalLayoutAttr", "SplitModeAttr",
           "as_enum", "RoundMode", "SaturationMode", "RoundModeAttr", "SaturationModeAttr",
           "MaskPattern", "MaskPatternAttr", "CmpMode", "CmpModeAttr"]

_E = TypeVar("_E", bound=Enum)


def as_enum(enum_class: type[_E], value: _E | str, what: str) -> _E:
    """``value`` (a member of ``enum_class`` or its IR spelling) as the
    member; ``what`` names the argument in the error."""
    if isinstance(value, enum_class):
        return value
    for member in enum_class:
        if isinstance(value, str) and value == str(member):
            return member
    spellings = ", ".join(str(m) for m in enum_class)
    raise ValueError(f"{what} is {value!r}; expected one of {spellings} or a member of "
                     f"{enum_class.__name__}")
