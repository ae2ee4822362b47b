//===- TInterleaveOps.cpp - verifiers of tinterleave and tdeinterleave ----===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

using NamedTile = std::pair<StringRef, TileLikeType>;

/// tinterleave_c1 / tdeinterleave_c1: the page's A5 list (both targets).
static constexpr ElementKind kInterleaveTypes[] = {
    ElementKind::I8,   ElementKind::UI8,  ElementKind::I16,
    ElementKind::UI16, ElementKind::I32,  ElementKind::UI32,
    ElementKind::F16,  ElementKind::BF16, ElementKind::F32};

void mlir::pto::appendTInterleaveRuleTables(
    SmallVectorImpl<RuleTable> &tables) {
  RuleTable &table = tables.emplace_back(
      RuleTable{"tinterleave_c1", "dst0 element types", {}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    table.rows.push_back({target, {}, stringifyElementKinds(kInterleaveTypes)});
}

/// The element-type and layout rules both directions share: the types of
/// `ref` (tinterleave_c1 / tdeinterleave_c1), one element type
/// (tinterleave_c2 / tdeinterleave_c2) and row-major tiles (tinterleave_c3 /
/// tdeinterleave_c3).
static LogicalResult verifyInterleaveTypes(Operation *op,
                                           ArrayRef<NamedTile> tiles,
                                           StringRef refName,
                                           TileLikeType ref) {
  std::optional<TargetArch> target = lookupTargetArch(op);
  if (failed(checkElementTypeIn(op, refName, ref.getElementType(),
                                kInterleaveTypes, target)))
    return failure();
  for (auto [name, type] : tiles)
    if (failed(checkSameElementType(op, name, type, refName, ref)))
      return failure();
  for (auto [name, type] : tiles)
    if (failed(checkRowMajor(op, name, type)))
      return failure();
  return success();
}

/// tinterleave_c4 / tdeinterleave_c4 of the four-tile forms: every valid shape
/// equals `ref`'s.
static LogicalResult verifySameValidShapes(Operation *op,
                                           ArrayRef<NamedTile> tiles,
                                           StringRef refName,
                                           TileLikeType ref) {
  for (auto [name, type] : tiles)
    if (failed(checkSameValidShape(op, name, type, refName, ref)))
      return failure();
  return success();
}

/// tinterleave_c5 / tdeinterleave_c5: valid cols even, checked on every tile
/// where they are static (the tiles share one valid shape, so a static odd
/// extent anywhere is an error even when the reference tile's is dynamic).
static LogicalResult verifyEvenValidCols(Operation *op,
                                         ArrayRef<NamedTile> tiles) {
  for (auto [name, type] : tiles) {
    int64_t cols = type.getValidCols();
    if (!ShapedType::isDynamic(cols) && cols % 2 != 0)
      return op->emitOpError()
             << name << " valid cols must be even, got " << cols;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TInterleaveOp (page: TINTERLEAVE)
//===----------------------------------------------------------------------===//

LogicalResult TInterleaveOp::verify() {
  if (failed(verifyTileOpForm(*this, /*numDsts=*/2)))
    return failure();
  TileLikeType src0 = getSrc0().getType(), src1 = getSrc1().getType();
  TileLikeType dst0 = getDstType(*this, 0), dst1 = getDstType(*this, 1);
  NamedTile tiles[] = {
      {"src0", src0}, {"src1", src1}, {"dst0", dst0}, {"dst1", dst1}};
  Operation *op = getOperation();
  // tinterleave_c1, tinterleave_c2, tinterleave_c3
  if (failed(verifyInterleaveTypes(op, tiles, "dst0", dst0)))
    return failure();
  // tinterleave_c4
  if (failed(verifySameValidShapes(op, tiles, "dst0", dst0)))
    return failure();
  // tinterleave_c5
  return verifyEvenValidCols(op, tiles);
}

//===----------------------------------------------------------------------===//
// TDeinterleaveOp (inverse of TINTERLEAVE)
//===----------------------------------------------------------------------===//

/// tdeinterleave_c4 of the single-source form: src holds dst0's and dst1's
/// columns side by side, over the same rows.
static LogicalResult verifySingleSourceShape(Operation *op, TileLikeType src,
                                             TileLikeType dst0) {
  int64_t srcRows = src.getValidRows(), dstRows = dst0.getValidRows();
  int64_t srcCols = src.getValidCols(), dstCols = dst0.getValidCols();
  if (!ShapedType::isDynamic(srcRows) && !ShapedType::isDynamic(dstRows) &&
      srcRows != dstRows)
    return op->emitOpError() << "src valid rows " << srcRows
                             << " must equal dst0 valid rows " << dstRows;
  if (!ShapedType::isDynamic(srcCols) && !ShapedType::isDynamic(dstCols) &&
      srcCols != 2 * dstCols)
    return op->emitOpError()
           << "src valid cols " << srcCols << " must be twice dst0 valid cols ("
           << 2 * dstCols << ")";
  return success();
}

LogicalResult TDeinterleaveOp::verify() {
  if (failed(verifyTileOpForm(*this, /*numDsts=*/2)))
    return failure();
  TileLikeType dst0 = getDstType(*this, 0), dst1 = getDstType(*this, 1);
  Operation *op = getOperation();
  if (isSingleSource()) {
    TileLikeType src = getSrc0().getType();
    NamedTile tiles[] = {{"src", src}, {"dst0", dst0}, {"dst1", dst1}};
    // tdeinterleave_c1, tdeinterleave_c2, tdeinterleave_c3
    if (failed(verifyInterleaveTypes(op, tiles, "dst0", dst0)))
      return failure();
    // tdeinterleave_c4
    if (failed(checkSameValidShape(op, "dst1", dst1, "dst0", dst0)) ||
        failed(verifySingleSourceShape(op, src, dst0)))
      return failure();
    // tdeinterleave_c5: src valid cols even; each dst takes half of them,
    // odd or even (pto-isa 3186c381: TDEINTERLEAVE.md, single-source form;
    // a5/TDeInterleave.hpp:199).
    return verifyEvenValidCols(op, {{"src", src}});
  }
  TileLikeType src0 = getSrc0().getType(), src1 = getSrc1().getType();
  NamedTile tiles[] = {
      {"src0", src0}, {"src1", src1}, {"dst0", dst0}, {"dst1", dst1}};
  // tdeinterleave_c1, tdeinterleave_c2, tdeinterleave_c3
  if (failed(verifyInterleaveTypes(op, tiles, "dst0", dst0)))
    return failure();
  // tdeinterleave_c4
  if (failed(verifySameValidShapes(op, tiles, "dst0", dst0)))
    return failure();
  // tdeinterleave_c5
  return verifyEvenValidCols(op, tiles);
}

/// Both halves of the stream are valid where src0 is (tinterleave_c4).
FailureOr<std::array<OpFoldResult, 2>>
TInterleaveOp::buildResultValidShape(OpBuilder &builder, unsigned,
                                     ValueRange ins) {
  return ValidShapeOp::buildExtents(builder, getLoc(), ins[0]);
}

/// Two sources: src0's valid shape (tdeinterleave_c4); one source: its rows
/// and half its columns.
FailureOr<std::array<OpFoldResult, 2>>
TDeinterleaveOp::buildResultValidShape(OpBuilder &builder, unsigned,
                                       ValueRange ins) {
  std::array<OpFoldResult, 2> extents =
      ValidShapeOp::buildExtents(builder, getLoc(), ins[0]);
  if (!getSrc1())
    extents[1] = ValidShapeOp::scaleExtent(builder, getLoc(), extents[1], 1, 2);
  return extents;
}
