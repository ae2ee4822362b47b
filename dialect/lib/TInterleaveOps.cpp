//===- TInterleaveOps.cpp - verifiers of tinterleave and tdeinterleave ----===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

using NamedTile = std::pair<StringRef, TileLikeType>;

/// tinterleave_c1 / tdeinterleave_c1: the page's A5 list (both targets).
static constexpr StringRef kInterleaveTypes[] = {
    "i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32"};

void mlir::pto::appendTInterleaveRuleTables(
    SmallVectorImpl<RuleTable> &tables) {
  RuleTable &table = tables.emplace_back(
      RuleTable{"tinterleave_c1", "dst0 element types", {}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    table.rows.push_back({target, {}, llvm::to_vector(kInterleaveTypes)});
}

/// The element-type and layout rules both directions share: the types of
/// `ref` (c1), one element type (c2) and row-major tiles (c3).
static LogicalResult verifyInterleaveTypes(Operation *op,
                                           ArrayRef<NamedTile> tiles,
                                           StringRef refName, TileLikeType ref) {
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

/// c4 of the four-tile forms: every valid shape equals `ref`'s.
static LogicalResult verifySameValidShapes(Operation *op,
                                           ArrayRef<NamedTile> tiles,
                                           StringRef refName, TileLikeType ref) {
  for (auto [name, type] : tiles)
    if (failed(checkSameValidShape(op, name, type, refName, ref)))
      return failure();
  return success();
}

/// c5: valid cols even, checked on every tile where they are static (the
/// tiles share one valid shape, so a static odd extent anywhere is an error
/// even when the reference tile's is dynamic).
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
  if (failed(verifyTileOpForm(*this, /*numIns=*/2, /*numDsts=*/2)) ||
      failed(checkTileIns(*this, {"src0", "src1"})))
    return failure();
  auto src0 = cast<TileLikeType>(getSrc0().getType());
  auto src1 = cast<TileLikeType>(getSrc1().getType());
  TileLikeType dst0 = getDstType(*this, 0), dst1 = getDstType(*this, 1);
  NamedTile tiles[] = {{"src0", src0}, {"src1", src1}, {"dst0", dst0}, {"dst1", dst1}};
  Operation *op = getOperation();
  // tinterleave_c1, c2, c3
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
    return op->emitOpError() << "src valid cols " << srcCols
                             << " must be twice dst0 valid cols ("
                             << 2 * dstCols << ")";
  return success();
}

LogicalResult TDeinterleaveOp::verify() {
  unsigned numIns = getIns().size();
  if (numIns != 1 && numIns != 2)
    return emitOpError() << "expects 1 (single source) or 2 'ins' operands, got "
                         << numIns;
  if (failed(verifyTileOpForm(*this, numIns, /*numDsts=*/2)))
    return failure();
  TileLikeType dst0 = getDstType(*this, 0), dst1 = getDstType(*this, 1);
  Operation *op = getOperation();
  if (isSingleSource()) {
    if (failed(checkTileIns(*this, {"src"})))
      return failure();
    auto src = cast<TileLikeType>(getIns()[0].getType());
    NamedTile tiles[] = {{"src", src}, {"dst0", dst0}, {"dst1", dst1}};
    // tdeinterleave_c1, c2, c3
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
  if (failed(checkTileIns(*this, {"src0", "src1"})))
    return failure();
  auto src0 = cast<TileLikeType>(getIns()[0].getType());
  auto src1 = cast<TileLikeType>(getIns()[1].getType());
  NamedTile tiles[] = {{"src0", src0}, {"src1", src1}, {"dst0", dst0}, {"dst1", dst1}};
  // tdeinterleave_c1, c2, c3
  if (failed(verifyInterleaveTypes(op, tiles, "dst0", dst0)))
    return failure();
  // tdeinterleave_c4
  if (failed(verifySameValidShapes(op, tiles, "dst0", dst0)))
    return failure();
  // tdeinterleave_c5
  return verifyEvenValidCols(op, tiles);
}
