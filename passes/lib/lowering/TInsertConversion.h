//===- TInsertConversion.h - conversions of tinsert/textract ---*- C++ -*-===//
//
// docs/semantics.md (Conversions), as runtime/ops/tinsert_conversion.py models it: relu, the
// plain C++ conversion, and quantization by a 64-bit word (a scalar operand,
// or per source column an element of the `fp` tile).
//
#ifndef PTO_LOWERING_TINSERTCONVERSION_H
#define PTO_LOWERING_TINSERTCONVERSION_H

#include "TileLowering.h"

namespace mlir::pto {

/// How one tinsert/textract converts a source element into a destination
/// element. Built once per op (outside its loops).
class ElementConversion {
public:
  /// `quant` is the quant operand (null without one); the fp tile when it
  /// is a tile.
  static FailureOr<ElementConversion> get(Operation *op, TileLowering &lowering,
                                          const LoweredTile &src,
                                          const LoweredTile &dst, Value quant);

  /// Null when the conversion is defined for every input; else false when
  /// docs/semantics.md defines no formula for this quantization (checked at run
  /// time, as the interpreter does, so an op that never runs does not fail).
  Value definedCheck() const { return undefined; }
  /// The failure of definedCheck().
  const Failure &undefinedFailure() const { return undefinedWhat; }
  /// Null unless vector quant: `firstColumn + columns <= fp's valid cols`.
  Value fpColumnsCheck(TileLowering &lowering, Location loc, Value firstColumn,
                       Value columns) const;
  /// The failure of fpColumnsCheck() (vector quant only).
  Failure fpColumnsFailure(TileLowering &lowering, Location loc,
                           Value firstColumn, Value columns) const;

  /// The destination element for `value`, the source element of column
  /// `srcColumn` (vector quant reads its word from fp[0, srcColumn]).
  /// Without vector quant `value` may be a vector of source elements, which
  /// gives the vector of their destination elements.
  Value apply(OpBuilder &b, Location loc, Value value, Value srcColumn) const;
  /// Whether each source column has its own quant word (vector quant).
  bool hasColumnWords() const { return fp.has_value(); }

private:
  Value quantize(OpBuilder &b, Location loc, Value value, Value word) const;

  Type srcType, dstType;     // storage (signless) element types
  bool relu = false, saturate = false;
  Value scalarWord;          // i64, scalar quant
  std::optional<LoweredTile> fp; // vector quant
  Value undefined;
  Failure undefinedWhat{RunTimeFailure::QuantizationUndefined, {}, {}};
};

} // namespace mlir::pto

#endif // PTO_LOWERING_TINSERTCONVERSION_H
