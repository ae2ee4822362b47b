//===- PtoTileOpSupport.h - what every tile op shares -----------*- C++ -*-===//
//
// Every tile op (Pto_TileOp in PtoOpBase.td) has the same operand shape:
// `ins`, `outs` (Level 2) and results (Level 1). This header gives them one
// syntax, one memory-effect model and the checks their verifiers share.
//
#ifndef PTO_PTOTILEOPSUPPORT_H
#define PTO_PTOTILEOPSUPPORT_H

#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "pto/PtoTarget.h"
#include <string>

namespace mlir::pto {
namespace OpTrait {
/// Pto_WritesValidRegion in PtoOpBase.td (a marker).
template <typename ConcreteType>
class WritesValidRegion
    : public ::mlir::OpTrait::TraitBase<ConcreteType, WritesValidRegion> {};
/// Pto_WritesWholeTile in PtoOpBase.td (a marker).
template <typename ConcreteType>
class WritesWholeTile
    : public ::mlir::OpTrait::TraitBase<ConcreteType, WritesWholeTile> {};
} // namespace OpTrait

class TileOpInterface;
class TileLikeType;
enum class TileLocation : uint32_t;

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

/// Where a tile op's parser puts the operand segment sizes it read (`ins`,
/// `outs`, then the op's own segments): setParsedTileOpSegments<OpT>.
using TileOpSegmentSetter = void (*)(OperationState &result,
                                     ArrayRef<int32_t> sizes);

/// Level 1: `%r, ... = pto.op %a, %b {attrs} : (A, B) -> (R, ...)`
///          (parentheses only around lists of more than one type).
/// Level 2: `pto.op ins(%a, %b : A, B) outs(%d, ... : D, ...) {attrs}`.
ParseResult parseTileOp(OpAsmParser &parser, OperationState &result,
                        TileOpSegmentSetter setSegments);
void printTileOp(OpAsmPrinter &printer, Operation *op,
                 ArrayRef<StringRef> elidedAttrs = {});
/// The same syntax for an op with the named operands of
/// Pto_OneInOneOutTileOp (PtoOpBase.td), which has no operand segments:
/// one `ins` operand and at most one `outs` buffer.
ParseResult parseOneInOneOutTileOp(OpAsmParser &parser, OperationState &result);

/// Pieces of the above for ops that add keywords of their own.
/// parseTileOpLevel2 starts after the `ins` keyword; `extraSegments` are the
/// sizes of the op's operand segments after `outs` (empty at Level 2).
ParseResult parseTileOpLevel2(OpAsmParser &parser, OperationState &result,
                              TileOpSegmentSetter setSegments,
                              ArrayRef<int32_t> extraSegments = {});
ParseResult parseTileOpLevel1Types(OpAsmParser &parser,
                                   SmallVectorImpl<Type> &inTypes,
                                   SmallVectorImpl<Type> &resultTypes);
void printTileOpLevel1Types(OpAsmPrinter &printer, TypeRange inTypes,
                            TypeRange resultTypes);
void printTileOpLevel2(OpAsmPrinter &printer, Operation *op,
                       ArrayRef<StringRef> elidedAttrs);
/// Sets (or replaces) `operandSegmentSizes` of a tile op being built: `ins`,
/// `outs`, then the op's own segments after them (`extraSegments`).
void setTileOpSegments(OperationState &result, int32_t numIns, int32_t numOuts,
                       ArrayRef<int32_t> extraSegments = {});

/// The segment sizes parsed for an OpT, stored in its properties as ODS's
/// own parsers do: setTileOpSegments' attribute is uniqued for every op and
/// taken apart into the properties again when the op is created (together
/// a tenth of parsing a `pto.tor`). A PTOAS spelling (PtoasSyntax.cpp) is
/// parsed under its own, unregistered name: it gets the attribute, which
/// its parse hook reads.
template <typename OpT>
void setParsedTileOpSegments(OperationState &result, ArrayRef<int32_t> sizes) {
  if (result.name.getTypeID() != TypeID::get<OpT>()) {
    setTileOpSegments(result, sizes[0], sizes[1], sizes.drop_front(2));
    return;
  }
  // One written in the attribute dictionary would replace the properties
  // when the op is created; the operands read decide, as with the attribute.
  result.attributes.erase(OpT::getOperandSegmentSizesAttrName(result.name));
  auto &segments =
      result.getOrAddProperties<typename OpT::Properties>().operandSegmentSizes;
  assert(sizes.size() == segments.size() && "one size per operand segment");
  llvm::copy(sizes, segments.begin());
}

//===----------------------------------------------------------------------===//
// Memory effects
//===----------------------------------------------------------------------===//

/// Level 1: none (the op is pure). Level 2: reads every !pto.tile_buf in
/// `ins`, writes every buffer in `outs`. A view (TileViewOpInterface) has
/// none at either level.
void getTileOpEffects(
    TileOpInterface op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects);

//===----------------------------------------------------------------------===//
// Verification helpers; every message names the operand, what was found and
// what is allowed.
//===----------------------------------------------------------------------===//

/// Checks the op's form: `ins` holds `numIns` operands, the op has `numDsts`
/// destinations (results at Level 1, outs at Level 2), and tile operands and
/// destinations all belong to the same level.
LogicalResult verifyTileOpForm(TileOpInterface op, unsigned numIns,
                               unsigned numDsts);

/// The type of destination `i` (result at Level 1, out at Level 2).
TileLikeType getDstType(TileOpInterface op, unsigned i);

/// `ins` operand `i` is a tile for each `i < names.size()`, named `names[i]`
/// in the message: `<name> ('ins' operand #i) must be a !pto.tile or
/// !pto.tile_buf, got i32`. Call before casting ins to TileLikeType.
LogicalResult checkTileIns(TileOpInterface op, ArrayRef<StringRef> names);

/// "!pto.tile" or "!pto.tile_buf": the IR level a tile type belongs to.
StringRef tileLevelName(Type type);

/// Printed spelling of a type, without the quotes a Diagnostic adds.
std::string typeToString(Type type);

/// `target` as text for messages: "on a5", "on a2a3" or "on any target".
std::string describeTarget(std::optional<TargetArch> target);

/// `<what> element type <T> is not supported <target> (allowed: ...)`;
/// `op` is a pto op.
LogicalResult checkElementTypeIn(Operation *op, StringRef what, Type elementType,
                                 ArrayRef<StringRef> allowed,
                                 std::optional<TargetArch> target);
/// `<what> location must be <allowed>, got <loc>`.
LogicalResult checkLocation(Operation *op, StringRef what, TileLikeType type,
                            TileLocation allowed);
/// `<what> must be row-major (blayout=row_major), got blayout=...`.
LogicalResult checkRowMajor(Operation *op, StringRef what, TileLikeType type);
/// `<what> element type A differs from <ref> element type B`.
LogicalResult checkSameElementType(Operation *op, StringRef what,
                                   TileLikeType type, StringRef refName,
                                   TileLikeType ref);
/// Valid shapes must match where both are static (dynamic extents are
/// checked by the runtime).
LogicalResult checkSameValidShape(Operation *op, StringRef what,
                                  TileLikeType type, StringRef refName,
                                  TileLikeType ref);
/// The layout as the ISA pages (pto-isa docs/isa) name it: ND, DN, NZ, ZN (row_major base with
/// col_major boxes), else `blayout=..., slayout=...`.
std::string formatLayout(TileLikeType type);
/// `RxC` with `?` for dynamic extents.
std::string formatShape(ArrayRef<int64_t> shape);

} // namespace mlir::pto

#endif // PTO_PTOTILEOPSUPPORT_H
