//===- TInsertConversion.h - conversions of tinsert/textract ---*- C++ -*-===//
//
// docs/semantics.md (Conversions), as runtime/ops/tinsert_conversion.py models
// it: relu, the plain C++ conversion, and quantization by a 64-bit word (a
// scalar operand, or per source column an element of the `fp` tile).
//
#ifndef PTO_LOWERING_TINSERTCONVERSION_H
#define PTO_LOWERING_TINSERTCONVERSION_H

#include "TileLowering.h"

namespace mlir::pto {

/// The plain cast between the conversion pairs the verifier admits
/// (f32 -> f16/bf16, or one type) of `v` (f32, a scalar or a vector): round
/// half to even, NaN as numpy (f16) and ml_dtypes (bf16) make it. The
/// families' bf16 arithmetic rounds its f32 results with it too.
Value plainCast(OpBuilder &b, Location loc, Value v, Type dstType);

/// The fixpipe's relu, `v > 0 ? v : 0` in the source type (NaN and -0.0
/// become +0: include/pto/cpu/common.hpp:100-103), of a scalar or a vector.
Value applyRelu(OpBuilder &b, Location loc, Value v);

/// How one tinsert/textract converts a source element into a destination
/// element. Built once per op (outside its loops).
class ElementConversion {
public:
  /// `quant` is the quant operand (null without one); the fp tile when it
  /// is a tile. `relu` and `saturate` are the op's modes.
  static FailureOr<ElementConversion> get(Operation *op, TileLowering &lowering,
                                          const LoweredTile &src,
                                          const LoweredTile &dst, Value quant,
                                          bool relu, bool saturate);

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

  /// The quant words of `lanes` source columns from `srcColumn`, as one
  /// vector (fp[0, srcColumn + i] in lane i), or of that column alone when
  /// `lanes` is 0; null without vector quant. Built once per run of
  /// columns, outside the loop over its rows.
  Value columnWords(OpBuilder &b, Location loc, Value srcColumn,
                    int64_t lanes) const;
  /// The destination element for `value`, a source element, or the vector
  /// of them for a vector of source elements; `words` are the
  /// columnWords() of its column(s).
  Value apply(OpBuilder &b, Location loc, Value value, Value words) const;

private:
  Value quantize(OpBuilder &b, Location loc, Value value, Value word) const;

  Type srcType, dstType; // storage (signless) element types
  bool relu = false, saturate = false;
  Value scalarWord;              // i64, scalar quant
  std::optional<LoweredTile> fp; // vector quant
  Value undefined;
  Failure undefinedWhat{RunTimeFailure::QuantizationUndefined, {}, {}};
};

} // namespace mlir::pto

#endif // PTO_LOWERING_TINSERTCONVERSION_H
