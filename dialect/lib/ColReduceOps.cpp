//===- ColReduceOps.cpp - the rules of the column-reduction family --------===//
//
// The family of ColReduceOps.td: dst[0, j] folds column j of src. Each rule
// is the pages' (docs/isa/TCOLSUM.md ... "Constraints", the same for the
// four), the NPU headers' TColReduceCheck (a2a3/TColReduceOps.hpp:76,
// a5/TColReduceOps.hpp:19) and TColSumCheck (a2a3/TColSum.hpp:87), and for
// tcolsum's tmp PTOAS's TColSumOp::verify (lib/PTO/IR/PTO.cpp:3606);
// extents that are `?` are checked at run time (col_reduction_shape,
// empty_reduction).
//
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

/// Rules c8..c10 of an op with a tmp (tcolsum): tmp and isBinary together,
/// tmp ND, and a binary sum's tmp rows hold src's valid columns.
static LogicalResult verifyColReduceScratch(Operation *op, TileLikeType src,
                                            std::optional<TileLikeType> tmp) {
  auto isBinary = op->getAttrOfType<BoolAttr>("isBinary");
  // <mnemonic>_c8: tmp and isBinary together (PTOAS's TColSumOp::verify,
  // lib/PTO/IR/PTO.cpp:3613-3618 and :3643-3648: "tmp operand requires isBinary
  // attribute", "isBinary attribute requires tmp operand"; the page's
  // 4-argument TCOLSUM(dst, src, tmp, isBinary)).
  if (tmp.has_value() != static_cast<bool>(isBinary))
    return op->emitOpError() << (tmp ? "has a tmp without isBinary"
                                     : "has isBinary without a tmp")
                             << "; tmp and isBinary are given together";
  if (!tmp)
    return success();
  // <mnemonic>_c9: tmp ND ("TCOLSUM only support Nd fractal Tile";
  // a2a3/TColSum.hpp:99; PTOAS checks it on both targets,
  // lib/PTO/IR/PTO.cpp:3622, :3652).
  if (getIsaLayout(*tmp) != IsaLayout::ND)
    return op->emitOpError()
           << "tmp must be ND (blayout=row_major, slayout=none_box), got "
           << formatLayout(*tmp);
  // <mnemonic>_c10: a binary sum's tmp rows hold src's valid columns
  // ("validCol <= tmpStride"; a2a3/TColSum.hpp:129, a5/TColSum.hpp:143; tmp
  // is of src's element type, c2, so its stride is its columns).
  int64_t srcCols = src.getValidCols();
  if (isBinary.getValue() && !ShapedType::isDynamic(srcCols) &&
      srcCols > tmp->getCols())
    return op->emitOpError()
           << "tmp has " << tmp->getCols() << " columns, src " << srcCols
           << " valid columns; a binary sum (isBinary = true) needs tmp "
              "columns >= src's valid columns";
  return success();
}

LogicalResult mlir::pto::verifyColReduceOp(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  auto src = cast<TileLikeType>(tileOp.getIns()[0].getType());
  std::optional<TileLikeType> tmp = getScratchType(tileOp);
  TileLikeType dst = getDstType(tileOp, 0);
  // <mnemonic>_c1: the row's element types (ColReduceOps.td cites each).
  if (failed(checkFamilyElementType(op, dst)))
    return failure();
  // <mnemonic>_c2: one element type ("input data type must be consistent
  // with the output data type"; a2a3/TColReduceOps.hpp:90,
  // a2a3/TColSum.hpp:105, a5/TColReduceOps.hpp:38); tmp is of it (the
  // page's "tmp must use the same element type as src and dst").
  if (failed(checkSameElementType(op, "src", src, "dst", dst)) ||
      (tmp && failed(checkSameElementType(op, "tmp", *tmp, "dst", dst))))
    return failure();
  // <mnemonic>_c3: src ND ("input tile only support Nd fractal Tile";
  // a2a3/TColReduceOps.hpp:81, a2a3/TColSum.hpp:93, a5/TColReduceOps.hpp:24).
  if (getIsaLayout(src) != IsaLayout::ND)
    return op->emitOpError()
           << "src must be ND (blayout=row_major, slayout=none_box), got "
           << formatLayout(src);
  // <mnemonic>_c4: dst ND ("output tile only support Nd fractal Tile";
  // a2a3/TColReduceOps.hpp:84, a2a3/TColSum.hpp:96, a5/TColReduceOps.hpp:27).
  if (getIsaLayout(dst) != IsaLayout::ND)
    return op->emitOpError()
           << "dst must be ND (blayout=row_major, slayout=none_box), got "
           << formatLayout(dst);
  // <mnemonic>_c5: dst's valid columns are src's ("src.GetValidCol() ==
  // dst.GetValidCol()"; a2a3/TColReduceOps.hpp:93, a2a3/TColSum.hpp:121,
  // a5/TColReduceOps.hpp:41).
  int64_t srcCols = src.getValidCols(), dstCols = dst.getValidCols();
  if (!ShapedType::isDynamic(srcCols) && !ShapedType::isDynamic(dstCols) &&
      srcCols != dstCols)
    return op->emitOpError()
           << "dst has " << dstCols << " valid columns, src has " << srcCols
           << "; they must be equal";
  // <mnemonic>_c6: one valid row in dst (the simulator writes row 0 only,
  // include/pto/cpu/TColSum.hpp:27, TColMax.hpp:30, TColMin.hpp:36,
  // TColProd.hpp:26; the NPU's result is one row, docs/isa/TCOLSUM.md
  // "dst_{0,j}").
  int64_t dstRows = dst.getValidRows();
  if (!ShapedType::isDynamic(dstRows) && dstRows != 1)
    return op->emitOpError()
           << "dst has " << dstRows << " valid rows; it must have 1";
  // <mnemonic>_c7: src's valid region is not empty (the pages' run-time
  // checks "src.GetValidRow() != 0", "src.GetValidCol() != 0": the NPU
  // returns early, a2a3/TColMax.hpp:44, a5/TColSum.hpp:171, and leaves dst
  // unwritten, where the simulator writes 0, 1 or src's storage; PTOAS's A5
  // verifiers, lib/PTO/IR/PTO.cpp:991-995).
  if (src.getValidRows() == 0 || src.getValidCols() == 0)
    return op->emitOpError()
           << "src valid shape is " << formatShape(src.getValidShape())
           << "; it must not be empty";
  return verifyColReduceScratch(op, src, tmp);
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildColReduceResultValidShape(Operation *op, OpBuilder &builder,
                                          unsigned, ValueRange ins) {
  std::array<OpFoldResult, 2> extents =
      ValidShapeOp::buildExtents(builder, op->getLoc(), ins[0]);
  return std::array<OpFoldResult, 2>{builder.getIndexAttr(1), extents[1]};
}
