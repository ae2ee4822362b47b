//===- PtoTileOpSupport.h - what every tile op shares -----------*- C++ -*-===//
//
// Every tile op (Pto_TileOp in PtoOpBase.td) has the same operand shape:
// named operands in groups, `ins`, `outs` (Level 2) and results (Level 1).
// This header gives them one syntax, one memory-effect model and the checks
// their verifiers share.
//
#ifndef PTO_PTOTILEOPSUPPORT_H
#define PTO_PTOTILEOPSUPPORT_H

#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "pto/ElementKind.h"
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

/// The named operand groups of a tile op, from its ODS definition
/// (TileOpInterface::getOperandGroups): `ins` (the first `numRequiredIns`
/// required, the rest optional and given in order), `numInits` Level 1
/// operands of their own syntax (tinsert's `into`), then `outs` (each
/// optional: a Level 1 op has none).
struct TileOperandGroups {
  ArrayRef<StringLiteral> ins;
  unsigned numRequiredIns;
  unsigned numInits;
  ArrayRef<StringLiteral> outs;
};

/// The operand segment sizes of an op of `groups` with `numIns` ins, init
/// groups of sizes `inits` and `numOuts` outs: the operands of a group fill
/// its segments in order. Fails, reporting through `emitError`, when the
/// op has no such form (`expects 2 'ins' operands (src0, src1), got 3`).
LogicalResult
getTileOpSegmentSizes(const TileOperandGroups &groups, unsigned numIns,
                      ArrayRef<int32_t> inits, unsigned numOuts,
                      SmallVectorImpl<int32_t> &sizes,
                      function_ref<InFlightDiagnostic()> emitError);

/// Sets (or replaces) the operand segment sizes of tile op `result` (a
/// registered op) being built from its operands in group order; nothing to
/// set for an op with at most one optional operand (no
/// AttrSizedOperandSegments). Fails as getTileOpSegmentSizes.
LogicalResult setTileOpSegments(OperationState &result, unsigned numIns,
                                ArrayRef<int32_t> inits, unsigned numOuts,
                                function_ref<InFlightDiagnostic()> emitError);

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

/// Where a tile op's parser puts the numbers of operands it read (`ins`,
/// `outs`, then the sizes of the op's init groups):
/// setParsedTileOpSegments<OpT>. Fails, reporting at `loc`, when the op has
/// no such form.
using TileOpSegmentSetter = ParseResult (*)(OpAsmParser &parser, SMLoc loc,
                                            OperationState &result,
                                            unsigned numIns, unsigned numOuts,
                                            ArrayRef<int32_t> inits);

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
/// parseTileOpLevel2 starts after the `ins` keyword; `inits` are the sizes
/// of the op's init groups (all 0 at Level 2).
ParseResult parseTileOpLevel2(OpAsmParser &parser, OperationState &result,
                              TileOpSegmentSetter setSegments,
                              ArrayRef<int32_t> inits = {});
ParseResult parseTileOpLevel1Types(OpAsmParser &parser,
                                   SmallVectorImpl<Type> &inTypes,
                                   SmallVectorImpl<Type> &resultTypes);
void printTileOpLevel1Types(OpAsmPrinter &printer, TypeRange inTypes,
                            TypeRange resultTypes);
void printTileOpLevel2(OpAsmPrinter &printer, Operation *op,
                       ArrayRef<StringRef> elidedAttrs);

/// A PTOAS spelling (PtoasSyntax.cpp) is parsed with our op's parser under
/// its own, unregistered name: the numbers read go into an
/// `operandSegmentSizes` attribute as [ins, outs, inits...], which its parse
/// hook reads (parsedTileOpCounts) before it names our op.
void setParsedTileOpCounts(OperationState &result, unsigned numIns,
                           unsigned numOuts, ArrayRef<int32_t> inits);
ArrayRef<int32_t> parsedTileOpCounts(const OperationState &result);

/// The segment sizes parsed for an OpT, stored in its properties as ODS's
/// own parsers do: an attribute would be uniqued for every op and taken
/// apart into the properties again when the op is created (together a
/// tenth of parsing a `pto.tor`).
template <typename OpT>
ParseResult setParsedTileOpSegments(OpAsmParser &parser, SMLoc loc,
                                    OperationState &result, unsigned numIns,
                                    unsigned numOuts, ArrayRef<int32_t> inits) {
  if (result.name.getTypeID() != TypeID::get<OpT>()) {
    setParsedTileOpCounts(result, numIns, numOuts, inits);
    return success();
  }
  SmallVector<int32_t, 8> sizes;
  if (failed(getTileOpSegmentSizes(OpT::getOperandGroups(), numIns, inits,
                                   numOuts, sizes,
                                   [&] { return parser.emitError(loc); })))
    return failure();
  // Segment sizes written in the attribute dictionary do not count (they
  // would replace the properties when the op is created): the operands
  // read decide.
  using Segments = ::mlir::OpTrait::AttrSizedOperandSegments<OpT>;
  result.attributes.erase(Segments::getOperandSegmentSizeAttr());
  if constexpr (OpT::template hasTrait<
                    ::mlir::OpTrait::AttrSizedOperandSegments>()) {
    auto &segments = result.getOrAddProperties<typename OpT::Properties>()
                         .operandSegmentSizes;
    assert(sizes.size() == segments.size() && "one size per operand segment");
    llvm::copy(sizes, segments.begin());
  }
  return success();
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

/// Checks the op's form (ODS checked its operands' types and numbers): the
/// op has `numDsts` destinations (results at Level 1, outs at Level 2), and
/// tile operands and destinations all belong to the same level.
LogicalResult verifyTileOpForm(TileOpInterface op, unsigned numDsts);

/// The type of destination `i` (result at Level 1, out at Level 2).
TileLikeType getDstType(TileOpInterface op, unsigned i);

/// "!pto.tile" or "!pto.tile_buf": the IR level a tile type belongs to.
StringRef tileLevelName(Type type);

/// Printed spelling of a type, without the quotes a Diagnostic adds.
std::string typeToString(Type type);

/// `target` as text for messages: "on a5", "on a2a3" or "on any target".
std::string describeTarget(std::optional<TargetArch> target);

/// `<what> element type <T> is not supported <target> (allowed: ...)`.
LogicalResult checkElementTypeIn(Operation *op, StringRef what,
                                 Type elementType,
                                 ArrayRef<ElementKind> allowed,
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
/// The layouts the ISA pages (pto-isa docs/isa) name: ND (row_major, no
/// boxes), DN (col_major, no boxes), NZ (col_major base with row_major
/// boxes), ZN (row_major base with col_major boxes); Other for the rest.
enum class IsaLayout { ND, DN, NZ, ZN, Other };
IsaLayout getIsaLayout(TileLikeType type);
/// The layout as the ISA pages name it (ND, DN, NZ, ZN), else
/// `blayout=..., slayout=...`.
std::string formatLayout(TileLikeType type);
/// `RxC` with `?` for dynamic extents.
std::string formatShape(ArrayRef<int64_t> shape);
/// The layout of a left (`toLeft`) or right tile on `target`, as a mat ->
/// left or mat -> right copy writes it (the library's TExtractToLeft/Right
/// and TMovToLeft/Right: textract_c27, tmov_c7; TInsertOps.cpp) and the
/// matmuls read it (tmatmul_c4); `what` names the tile in the message
/// (`dst of mat -> left`, `lhs`).
LogicalResult verifyMatToL0Dst(Operation *op, StringRef what, bool toLeft,
                               TileLikeType dst,
                               std::optional<TargetArch> target);

} // namespace mlir::pto

#endif // PTO_PTOTILEOPSUPPORT_H
