//===- PtoAsmOpForms.h - how each pto op is written in PTO-AS ----*- C++
//-*-===//
//
// The facts the importer and the exporter share, so that what one writes
// the other reads: which ops exist, which operands are scalars, how many
// destinations a destination-first statement has, and the `#key=value`
// attributes.
//
#ifndef PTO_TRANSLATE_PTOASOPFORMS_H
#define PTO_TRANSLATE_PTOASOPFORMS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/OperationSupport.h"
#include <optional>
#include <string>

namespace mlir::pto::assembly {

/// The tile op `pto.<name>` (ops implementing TileOpInterface).
std::optional<RegisteredOperationName> lookupTileOp(StringRef name,
                                                    MLIRContext *context);
/// The PTO-AS op nearest to `name` (tile ops and tstore), within two
/// edits, for "unknown op" messages; std::nullopt when none is that near.
std::optional<std::string> suggestTileOp(StringRef name, MLIRContext *context);

/// The op's first three `ins` are written as one memory operand
/// `%src[%row, %col]` (TINSERT, TEXTRACT).
bool hasWindowOperand(OperationName op);
/// The operands of such an op: the memory operand's parts and the quant
/// operand after it (null without one); std::nullopt for other ops.
struct WindowOperands {
  Value src, row, col, quant;
};
std::optional<WindowOperands> getWindowOperands(Operation *op);
/// The op takes `into %dst` at Level 1 (an operand segment after `outs`).
bool takesInto(OperationName op);
/// The type of `ins` operand `position` when the types after `:` do not
/// list it: `index` for window indices, `i64` for a quant word; null for a
/// tile, which takes the statement's tile type.
Type defaultScalarType(OperationName op, unsigned position,
                       MLIRContext *context);
/// Destinations of a destination-first statement with `numWritten`
/// operands, when the types do not give them as a list after `->`.
unsigned defaultDestinationCount(OperationName op, unsigned numWritten);

/// Destination-first statements write the pages' `!pto.tile<...>` for
/// buffers: the buffer type with a tile type's parameters, and back. Other
/// types are returned unchanged.
Type asBufferType(Type type);
Type asTileType(Type type);

/// `#key` (a unit attribute) or `#key=value` (a mode) as the attribute it
/// names; the message says what is accepted otherwise.
FailureOr<Attribute> buildAttribute(OperationName op, StringRef key,
                                    std::optional<StringRef> value,
                                    MLIRContext *context, std::string &error);
/// The `#key[=value]` spelling of attribute `key` of `op`, or nullopt when
/// it has none: `op` does not declare `key` (a discardable attribute of the
/// same name would not import back) or `value` is not of its kind.
std::optional<std::string> printAttribute(OperationName op, StringRef key,
                                          Attribute value);

} // namespace mlir::pto::assembly

#endif // PTO_TRANSLATE_PTOASOPFORMS_H
