//===- TOrOps.cpp - verifier of tor ---------------------------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TOrOp (page: TOR)
//===----------------------------------------------------------------------===//

/// tor_c1: the element types of the page, per target.
static ArrayRef<ElementKind>
torElementTypes(std::optional<TargetArch> target) {
  using K = ElementKind;
  static constexpr ElementKind a2a3[] = {K::I8, K::UI8, K::I16, K::UI16};
  static constexpr ElementKind a5AndAny[] = {K::I8,  K::UI8,  K::I16,
                                             K::UI16, K::I32, K::UI32};
  if (target == TargetArch::A2A3)
    return a2a3;
  return a5AndAny; // A5's set contains A2/A3's: it is also the union.
}

void mlir::pto::appendTOrRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &table =
      tables.emplace_back(RuleTable{"tor_c1", "dst element types", {}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    table.rows.push_back(
        {target, {}, stringifyElementKinds(torElementTypes(target))});
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
                                torElementTypes(target), target)))
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
