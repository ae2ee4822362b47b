//===- TOrOps.cpp - verifier of tor ---------------------------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TOrOp (page: TOR)
//===----------------------------------------------------------------------===//

/// tor_c1: 1-, 2- and 4-byte integers on both targets (pto-isa 3186c381:
/// docs/isa/TOR.md; include/pto/npu/a5/TOr.hpp:54 asserts the size, and
/// a2a3/TOr.hpp:40 computes 4-byte ones as 2-byte halves).
static constexpr ElementKind kTOrElementTypes[] = {
    ElementKind::I8,   ElementKind::UI8, ElementKind::I16,
    ElementKind::UI16, ElementKind::I32, ElementKind::UI32};

void mlir::pto::appendTOrRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &table =
      tables.emplace_back(RuleTable{"tor_c1", "dst element types", {}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    table.rows.push_back({target, {}, stringifyElementKinds(kTOrElementTypes)});
}

LogicalResult TOrOp::verify() {
  // Looked up once: each conversion of the op searches its interfaces.
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  TileLikeType src0 = getSrc0().getType(), src1 = getSrc1().getType();
  TileLikeType dst = getDstType(tileOp, 0);
  std::optional<TargetArch> target = lookupTargetArch(*this);
  Operation *op = getOperation();
  // tor_c1
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(),
                                kTOrElementTypes, target)))
    return failure();
  // tor_c2
  if (failed(checkSameElementType(op, "src0", src0, "dst", dst)) ||
      failed(checkSameElementType(op, "src1", src1, "dst", dst)))
    return failure();
  // tor_c3
  if (failed(checkRowMajor(op, "src0", src0)) ||
      failed(checkRowMajor(op, "src1", src1)) ||
      failed(checkRowMajor(op, "dst", dst)))
    return failure();
  // tor_c4
  return failure(failed(checkSameValidShape(op, "src0", src0, "dst", dst)) ||
                 failed(checkSameValidShape(op, "src1", src1, "dst", dst)));
}

/// A result is valid where src0 is (tor_c4 makes the sources agree).
FailureOr<std::array<OpFoldResult, 2>>
TOrOp::buildResultValidShape(OpBuilder &builder, unsigned, ValueRange ins) {
  return ValidShapeOp::buildExtents(builder, getLoc(), ins[0]);
}
