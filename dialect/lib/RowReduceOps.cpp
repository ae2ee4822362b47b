//===- RowReduceOps.cpp - the rules of the row-reduction family ----------===//
//
// The family of RowReduceOps.td: dst[i, 0] folds row i of src. Each rule is
// the pages' (docs/isa/TROWSUM.md ... "Constraints", the same for the four)
// and the NPU headers' TRowReduceCheck (a2a3/TRowReduceOps.hpp:179,
// a5/TRowReduce.hpp:169); extents that are `?` are checked at run time
// (row_reduction_shape, empty_reduction).
//
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

LogicalResult mlir::pto::verifyRowReduceOp(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  auto src = cast<TileLikeType>(tileOp.getIns()[0].getType());
  auto tmp = cast<TileLikeType>(tileOp.getIns()[1].getType());
  TileLikeType dst = getDstType(tileOp, 0);
  // <mnemonic>_c1: the row's element types (RowReduceOps.td cites each).
  if (failed(checkFamilyElementType(op, dst)))
    return failure();
  // <mnemonic>_c2: one element type ("dst and src must use the same element
  // type"; a2a3/TRowReduceOps.hpp:202, a5/TRowReduce.hpp:173); tmp is
  // scratch of it (a2a3 accumulates in it, the page's "tmp" section).
  if (failed(checkSameElementType(op, "src", src, "dst", dst)) ||
      failed(checkSameElementType(op, "tmp", tmp, "dst", dst)))
    return failure();
  // <mnemonic>_c3: src ND ("src must use standard ND layout";
  // a2a3/TRowReduceOps.hpp:186, a5/TRowReduce.hpp:181).
  if (getIsaLayout(src) != IsaLayout::ND)
    return op->emitOpError()
           << "src must be ND (blayout=row_major, slayout=none_box), got "
           << formatLayout(src);
  // <mnemonic>_c4: dst ND, or DN of one column ("dst must use one of the
  // following non-fractal layouts"; a2a3/TRowReduceOps.hpp:190,
  // a5/TRowReduce.hpp:188).
  IsaLayout dstLayout = getIsaLayout(dst);
  if (dstLayout != IsaLayout::ND &&
      !(dstLayout == IsaLayout::DN && dst.getCols() == 1))
    return op->emitOpError()
           << "dst must be ND, or DN with 1 column, got " << formatLayout(dst)
           << " with " << dst.getCols() << " columns";
  // <mnemonic>_c5: dst's valid rows are src's ("src.GetValidRow() ==
  // dst.GetValidRow()"; a2a3/TRowReduceOps.hpp:207, a5/TRowReduce.hpp:203).
  int64_t srcRows = src.getValidRows(), dstRows = dst.getValidRows();
  if (!ShapedType::isDynamic(srcRows) && !ShapedType::isDynamic(dstRows) &&
      srcRows != dstRows)
    return op->emitOpError() << "dst has " << dstRows << " valid rows, src has "
                             << srcRows << "; they must be equal";
  // <mnemonic>_c6: one valid column in dst (the simulator writes column 0
  // only, include/pto/cpu/TRowSum.hpp:30; PTOAS's "dst valid_shape[1] to be
  // 1").
  int64_t dstCols = dst.getValidCols();
  if (!ShapedType::isDynamic(dstCols) && dstCols != 1)
    return op->emitOpError()
           << "dst has " << dstCols << " valid columns; it must have 1";
  // <mnemonic>_c7: src's valid region is not empty ("src.GetValidRow() !=
  // 0", "src.GetValidCol() != 0"; a2a3/TRowReduceOps.hpp:206,
  // a5/TRowReduce.hpp:199).
  if (src.getValidRows() == 0 || src.getValidCols() == 0)
    return op->emitOpError()
           << "src valid shape is " << formatShape(src.getValidShape())
           << "; it must not be empty";
  return success();
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildRowReduceResultValidShape(Operation *op, OpBuilder &builder,
                                          unsigned, ValueRange ins) {
  std::array<OpFoldResult, 2> extents =
      ValidShapeOp::buildExtents(builder, op->getLoc(), ins[0]);
  return std::array<OpFoldResult, 2>{extents[0], builder.getIndexAttr(1)};
}
