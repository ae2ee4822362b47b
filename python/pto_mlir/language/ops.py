"""The tile ops as the language spells them: ``pl.tor``, ``pl.tinsert``, ...

Each one builds one ``pto`` op at Level 1 through the dialect's builders
(``pto_mlir.dialects.pto``), at the caller's insertion point and source
location (the front end sets both), verifies it at once (so a verifier error
names the user's line) and returns the result tile(s). Tile result types are
given as ``pl.Tile`` values; indices as Python ints or kernel values; quant
words as Python ints or ``i64``/``u64`` kernel values; modes by name.
Outside a kernel (no IR values) they raise TypeError.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias, TypeVar

from .. import ir
from ..dialects import arith, pto
from .errors import CompileError, format_diagnostics
from .types import Tile

__all__ = ["tor", "tinterleave", "tdeinterleave", "tinsert", "textract",
           "treshape", "tsort32"]

_I64_BITS = 64

# A result type: a pl.Tile value or class (pl.Tile[16, 32, pl.f16]) or an
# MLIR type; None where the op has a default.
ResultType: TypeAlias = "Tile | type[Tile] | ir.Type | None"
# An index operand: a Python int or an index/integer kernel value.
IndexOperand: TypeAlias = "int | ir.Value"
# A mode: its member or its name.
Mode: TypeAlias = "pto.AccToVecMode | pto.SplitMode | str | None"
_Results = TypeVar("_Results", ir.Value, tuple[ir.Value, ...])


def _tile(op: str, name: str, value: object) -> ir.Value:
    if not isinstance(value, ir.Value):
        raise TypeError(f"pl.{op}: {name} is {type(value).__name__}, expected a tile "
                        "(the tile ops run inside a @pl.kernel function)")
    if not pto.TileType.isinstance(value.type):
        raise TypeError(f"pl.{op}: {name} is a value of type {value.type}, expected a tile")
    return value


def _type(op: str, name: str, value: ResultType) -> ir.Type | None:
    """A result type given as pl.Tile (or an MLIR type)."""
    if value is None or isinstance(value, ir.Type):
        return value
    if isinstance(value, type) and issubclass(value, Tile):
        value = value()
    if not isinstance(value, Tile):
        raise TypeError(f"pl.{op}: {name} is {value!r}, expected a pl.Tile type")
    return value.mlir_type()


def _types(op: str, values: Sequence[ResultType] | None) -> list[ir.Type | None] | None:
    return None if values is None else [_type(op, "result_types", v) for v in values]


def _index(op: str, name: str, value: IndexOperand) -> IndexOperand:
    if isinstance(value, bool):
        raise TypeError(f"pl.{op}: {name} is a bool, expected an int or an index value")
    if isinstance(value, int):
        return value
    if isinstance(value, ir.Value) and isinstance(value.type, (ir.IndexType, ir.IntegerType)):
        return value
    raise TypeError(f"pl.{op}: {name} is {value!r}, expected an int or an index value")


def _quant(op: str, value: int | ir.Value | None) -> ir.Value | None:
    """The quant operand: None, a tile (vector quant) or a 64-bit word."""
    if value is None or isinstance(value, ir.Value):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if not -2**63 <= value < 2**_I64_BITS:
            raise ValueError(f"pl.{op}: quant word {value} does not fit in 64 bits")
        signed = value - 2**_I64_BITS if value >= 2**63 else value
        return arith.ConstantOp(ir.IntegerType.get_signless(_I64_BITS), signed).result
    raise TypeError(f"pl.{op}: quant is {value!r}, expected a 64-bit word (an int or "
                    "an i64/u64 value) or a scaling tile")


def _verified(results: _Results) -> _Results:
    """Verifies the op that made ``results``; its diagnostics become a
    CompileError at its location (the user's line)."""
    first = results[0] if isinstance(results, tuple) else results
    try:
        first.owner.verify()
    except ir.MLIRError as error:
        raise CompileError(*format_diagnostics(error)) from None
    return results


def tor(src0: ir.Value, src1: ir.Value, *, result: ResultType = None) -> ir.Value:
    """Bitwise OR of two tiles (also ``src0 | src1``)."""
    return _verified(pto.tor(_tile("tor", "src0", src0), _tile("tor", "src1", src1),
                             result_type=_type("tor", "result", result)))


def tinterleave(src0: ir.Value, src1: ir.Value, *,
                result_types: Sequence[ResultType] | None = None
                ) -> tuple[ir.Value, ir.Value]:
    """``(dst0, dst1)``: the two halves of the rows of src0 and src1 interleaved."""
    return _verified(pto.tinterleave(_tile("tinterleave", "src0", src0),
                                     _tile("tinterleave", "src1", src1),
                                     result_types=_types("tinterleave", result_types)))


def tdeinterleave(*srcs: ir.Value, result_types: Sequence[ResultType] | None = None
                  ) -> tuple[ir.Value, ir.Value]:
    """``tdeinterleave(s0, s1)``: the inverse of tinterleave;
    ``tdeinterleave(s)``: the even and the odd columns of s."""
    if len(srcs) not in (1, 2):
        raise TypeError(f"pl.tdeinterleave takes 1 or 2 tiles, got {len(srcs)}")
    tiles = [_tile("tdeinterleave", f"src{i}", s) for i, s in enumerate(srcs)]
    return _verified(pto.tdeinterleave(*tiles,
                                       result_types=_types("tdeinterleave", result_types)))


def tinsert(src: ir.Value, index_row: IndexOperand, index_col: IndexOperand,
            result: ResultType = None, *, into: ir.Value | None = None,
            quant: int | ir.Value | None = None,
            relu: bool = False, saturate: bool = False, acc_to_vec: Mode = None,
            split: Mode = None) -> ir.Value:
    """``src`` written at (index_row, index_col) of ``into`` (or of a zero tile of
    type ``result``)."""
    if into is None and result is None:
        raise TypeError("pl.tinsert needs the destination: into=TILE or a result "
                        "type pl.Tile[...]")
    if into is not None:
        _tile("tinsert", "into", into)
    return _verified(pto.tinsert(
        _tile("tinsert", "src", src), _index("tinsert", "index_row", index_row),
        _index("tinsert", "index_col", index_col), quant=_quant("tinsert", quant),
        into=into, relu=relu, saturate=saturate, acc_to_vec=acc_to_vec, split=split,
        result_type=_type("tinsert", "result", result)))


def textract(src: ir.Value, index_row: IndexOperand, index_col: IndexOperand, result: ResultType, *,
             quant: int | ir.Value | None = None, relu: bool = False, saturate: bool = False,
             acc_to_vec: Mode = None) -> ir.Value:
    """The window of ``src`` at (index_row, index_col), of tile type ``result``."""
    return _verified(pto.textract(
        _tile("textract", "src", src), _index("textract", "index_row", index_row),
        _index("textract", "index_col", index_col), quant=_quant("textract", quant),
        relu=relu, saturate=saturate, acc_to_vec=acc_to_vec,
        result_type=_type("textract", "result", result)))


def treshape(src: ir.Value, result: ResultType) -> ir.Value:
    """``src``'s bytes seen as tile type ``result``."""
    return _verified(pto.treshape(_tile("treshape", "src", src),
                                  _type("treshape", "result", result)))


def tsort32(src: ir.Value, idx: ir.Value | None = None, tmp: ir.Value | None = None, *,
            result_types: Sequence[ResultType] | None = None
            ) -> ir.Value | tuple[ir.Value, ir.Value]:
    """``tsort32(src)``: ``(values, indices)`` of each 32-column block sorted;
    ``tsort32(src, idx[, tmp])``: the records tile (value, idx) sorted."""
    tiles = [_tile("tsort32", name, v) for name, v in (("src", src), ("idx", idx),
                                                          ("tmp", tmp)) if v is not None]
    if tmp is not None and idx is None:
        raise TypeError("pl.tsort32 takes tmp only with idx (the records form)")
    return _verified(pto.tsort32(*tiles, result_types=_types("tsort32", result_types)))
