//===- LayoutOps.cpp - verifiers of tiles rearranged ----------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoTarget.h"

using namespace mlir;
using namespace mlir::pto;

/// tinterleave_c1 / tdeinterleave_c1: the page's A5 list (both targets).
static constexpr StringRef kInterleaveTypes[] = {
    "i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32"};

/// The rules both interleave directions share for the named tiles: element
/// types (c1, c2), row-major (c3), and even valid columns of `ref` (c5).
static LogicalResult
verifyInterleaveTiles(Operation *op, ArrayRef<std::pair<StringRef, TileLikeType>> tiles,
                      StringRef refName, TileLikeType ref) {
  std::optional<TargetArch> target = lookupTargetArch(op);
  if (failed(checkElementTypeIn(op, refName, ref.getElementType(),
                                kInterleaveTypes, target)))
    return failure();
  for (auto [name, type] : tiles)
    if (failed(checkSameElementType(op, name, type, refName, ref)) ||
        failed(checkRowMajor(op, name, type)))
      return failure();
  int64_t cols = ref.getValidCols();
  if (!ShapedType::isDynamic(cols) && cols % 2 != 0)
    return op->emitOpError() << refName << " valid cols must be even, got "
                             << cols;
  return success();
}

//===----------------------------------------------------------------------===//
// TInterleaveOp (page: TINTERLEAVE)
//===----------------------------------------------------------------------===//

LogicalResult TInterleaveOp::verify() {
  if (failed(verifyTileOpForm(*this, /*numIns=*/2, /*numDsts=*/2)))
    return failure();
  auto src0 = cast<TileLikeType>(getSrc0().getType());
  auto src1 = cast<TileLikeType>(getSrc1().getType());
  TileLikeType dst0 = getDstType(*this, 0), dst1 = getDstType(*this, 1);
  Operation *op = getOperation();
  // tinterleave_c1, c2, c3, c5
  if (failed(verifyInterleaveTiles(
          op, {{"src0", src0}, {"src1", src1}, {"dst0", dst0}, {"dst1", dst1}},
          "dst0", dst0)))
    return failure();
  // tinterleave_c4
  return failure(failed(checkSameValidShape(op, "src0", src0, "dst0", dst0)) ||
                 failed(checkSameValidShape(op, "src1", src1, "dst0", dst0)) ||
                 failed(checkSameValidShape(op, "dst1", dst1, "dst0", dst0)));
}

//===----------------------------------------------------------------------===//
// TDeinterleaveOp (inverse of TINTERLEAVE)
//===----------------------------------------------------------------------===//

LogicalResult TDeinterleaveOp::verify() {
  unsigned numIns = getIns().size() == 1 ? 1 : 2;
  if (failed(verifyTileOpForm(*this, numIns, /*numDsts=*/2)))
    return failure();
  TileLikeType dst0 = getDstType(*this, 0), dst1 = getDstType(*this, 1);
  Operation *op = getOperation();
  if (isSingleSource()) {
    auto src = cast<TileLikeType>(getIns()[0].getType());
    // tdeinterleave_c1, c2, c3, c5
    if (failed(verifyInterleaveTiles(
            op, {{"src", src}, {"dst0", dst0}, {"dst1", dst1}}, "dst0", dst0)) ||
        failed(checkSameValidShape(op, "dst1", dst1, "dst0", dst0))) // c4
      return failure();
    // tdeinterleave_c4: src holds both halves side by side.
    int64_t srcRows = src.getValidRows(), dstRows = dst0.getValidRows();
    int64_t srcCols = src.getValidCols(), dstCols = dst0.getValidCols();
    if (!ShapedType::isDynamic(srcRows) && !ShapedType::isDynamic(dstRows) &&
        srcRows != dstRows)
      return emitOpError() << "src valid rows " << srcRows
                           << " must equal dst0 valid rows " << dstRows;
    if (!ShapedType::isDynamic(srcCols) && !ShapedType::isDynamic(dstCols) &&
        srcCols != 2 * dstCols)
      return emitOpError() << "src valid cols " << srcCols
                           << " must be twice dst0 valid cols (" << 2 * dstCols
                           << ")";
    return success();
  }
  auto src0 = cast<TileLikeType>(getIns()[0].getType());
  auto src1 = cast<TileLikeType>(getIns()[1].getType());
  // tdeinterleave_c1, c2, c3, c5
  if (failed(verifyInterleaveTiles(
          op, {{"src0", src0}, {"src1", src1}, {"dst0", dst0}, {"dst1", dst1}},
          "dst0", dst0)))
    return failure();
  // tdeinterleave_c4
  return failure(failed(checkSameValidShape(op, "src0", src0, "dst0", dst0)) ||
                 failed(checkSameValidShape(op, "src1", src1, "dst0", dst0)) ||
                 failed(checkSameValidShape(op, "dst1", dst1, "dst0", dst0)));
}
