//===- ArgReduceOps.cpp - the rules of the arg-reduction families ---------===//
//
// The families of ArgReduceOps.td: dst[i, 0] is the column of row i's first
// maximum (minimum), dst[0, j] the row of column j's. Each rule is the
// pages' (docs/isa/TROWARGMAX.md, TROWARGMIN.md, TCOLARGMAX.md,
// TCOLARGMIN.md "Constraints"), the simulator's CheckRowArgTiles and
// CheckColArgTiles (include/pto/cpu/TReduceIdx.hpp:43-84), the NPU headers'
// TRowReduceIdxCheck (a2a3/TRowReduceIdxOps.hpp:23, a5/TRowReduceIdx.hpp:49)
// and TColReduceIdxCheck (a2a3/TColReduceIdx.hpp:21, a5/TColReduceIdx.hpp:61)
// and, for tmp, PTOAS's verifiers (lib/PTO/IR/PTO.cpp:3419, :7970); extents
// that are `?` are checked at run time (empty_reduction,
// row_reduction_shape, col_reduction_shape).
//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::pto;

bool mlir::pto::isArgReduceFamily(OpFamily family) {
  return family == OpFamily::RowArgReduce || family == OpFamily::ColArgReduce;
}

/// The index types of dst (rule <mnemonic>_c2): "The data type of dstIdx
/// must be one of: int32_t, uint32_t" (cpu/TReduceIdx.hpp:50-52;
/// a2a3/TRowReduceIdxOps.hpp:36, a2a3/TColReduceIdx.hpp:85,
/// a5/TRowReduceIdx.hpp:62, a5/TColReduceIdx.hpp:117), on both targets.
static constexpr ElementKind kIndexKinds[] = {ElementKind::I32,
                                              ElementKind::UI32};

/// `<mnemonic>_c2` of each op of the arg-reduction families.
void mlir::pto::appendArgReduceRuleTables(SmallVectorImpl<RuleTable> &tables) {
  static llvm::StringSet<> ruleIds;
  for (const FamilyOpInfo &info : getFamilyOps()) {
    if (!isArgReduceFamily(info.family))
      continue;
    StringRef rule =
        ruleIds.insert((info.getMnemonic() + "_c2").str()).first->getKey();
    RuleTable &table =
        tables.emplace_back(RuleTable{rule, "dst element types", {}, {}});
    for (std::optional<TargetArch> target : getRuleTargets())
      table.rows.push_back({target, {}, stringifyElementKinds(kIndexKinds)});
  }
}

/// Rules c1..c3 and c8, the same for both families: src's element type in
/// the row, dst's an index type, tmp of src's element type, a non-empty src.
static LogicalResult verifyArgReduceTypes(Operation *op, TileLikeType src,
                                          TileLikeType tmp, TileLikeType dst) {
  // <mnemonic>_c1: the row's element types, src's (ArgReduceOps.td cites
  // each).
  if (failed(checkFamilyElementType(op, src)))
    return failure();
  // <mnemonic>_c2: dst i32 or ui32 (kIndexKinds).
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(), kIndexKinds,
                                lookupTargetArch(op))))
    return failure();
  // <mnemonic>_c3: tmp of src's element type (a2a3/TColReduceIdx.hpp:42-44:
  // "input type must be consistent with tmp type"; PTOAS's
  // verifyTileBufSameElemType for the four, lib/PTO/IR/PTO.cpp:3428,
  // :7979).
  return checkSameElementType(op, "tmp", tmp, "src", src);
}

/// Rule c8: src's valid region is not empty ("src.GetValidRow() != 0 &&
/// src.GetValidCol() != 0": cpu/TReduceIdx.hpp:68, :82;
/// a2a3/TColReduceIdx.hpp:47, a2a3/TRowReduceOps.hpp:206).
static LogicalResult checkNonEmpty(Operation *op, TileLikeType src) {
  if (src.getValidRows() == 0 || src.getValidCols() == 0)
    return op->emitOpError()
           << "src valid shape is " << formatShape(src.getValidShape())
           << "; it must not be empty";
  return success();
}

LogicalResult mlir::pto::verifyRowArgReduceOp(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  auto src = cast<TileLikeType>(tileOp.getIns()[0].getType());
  auto tmp = cast<TileLikeType>(tileOp.getIns()[1].getType());
  TileLikeType dst = getDstType(tileOp, 0);
  if (failed(verifyArgReduceTypes(op, src, tmp, dst)))
    return failure();
  // <mnemonic>_c4: src ND ("src must use standard ND layout": cpu/
  // TReduceIdx.hpp:78-80; a2a3/TRowReduceOps.hpp:186, a5/TRowReduce.hpp:181
  // through TRowReduceIdxCheck).
  if (getIsaLayout(src) != IsaLayout::ND)
    return op->emitOpError()
           << "src must be ND (blayout=row_major, slayout=none_box), got "
           << formatLayout(src);
  // <mnemonic>_c5: dst ND, or DN of one column (a2a3/TRowReduceOps.hpp:190,
  // a5/TRowReduce.hpp:188; the simulator's is wider, any non-boxed dst,
  // cpu/TReduceIdx.hpp:77: the headers win).
  IsaLayout dstLayout = getIsaLayout(dst);
  if (dstLayout != IsaLayout::ND &&
      !(dstLayout == IsaLayout::DN && dst.getCols() == 1))
    return op->emitOpError()
           << "dst must be ND, or DN with 1 column, got " << formatLayout(dst)
           << " with " << dst.getCols() << " columns";
  // <mnemonic>_c6: dst's valid rows are src's ("dstIdx.GetValidRow() ==
  // src.GetValidRow()": cpu/TReduceIdx.hpp:83, a2a3/TRowReduceOps.hpp:207).
  int64_t srcRows = src.getValidRows(), dstRows = dst.getValidRows();
  if (!ShapedType::isDynamic(srcRows) && !ShapedType::isDynamic(dstRows) &&
      srcRows != dstRows)
    return op->emitOpError() << "dst has " << dstRows << " valid rows, src has "
                             << srcRows << "; they must be equal";
  // <mnemonic>_c7: one valid column in dst (the simulator writes column 0
  // only, cpu/TReduceIdx.hpp:170; the page's "ND layout whose valid column
  // count is 1").
  int64_t dstCols = dst.getValidCols();
  if (!ShapedType::isDynamic(dstCols) && dstCols != 1)
    return op->emitOpError()
           << "dst has " << dstCols << " valid columns; it must have 1";
  // <mnemonic>_c8.
  return checkNonEmpty(op, src);
}

LogicalResult mlir::pto::verifyColArgReduceOp(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  auto src = cast<TileLikeType>(tileOp.getIns()[0].getType());
  auto tmp = cast<TileLikeType>(tileOp.getIns()[1].getType());
  TileLikeType dst = getDstType(tileOp, 0);
  if (failed(verifyArgReduceTypes(op, src, tmp, dst)))
    return failure();
  // <mnemonic>_c4: src ND or DN, not boxed ("`src` may use ND or DN
  // non-fractal layout": cpu/TReduceIdx.hpp:63; a2a3/TColReduceIdx.hpp:33,
  // a5/TColReduceIdx.hpp:74).
  IsaLayout srcLayout = getIsaLayout(src);
  if (srcLayout != IsaLayout::ND && srcLayout != IsaLayout::DN)
    return op->emitOpError() << "src must be ND or DN (slayout=none_box), got "
                             << formatLayout(src);
  // <mnemonic>_c5: dst ND ("`dst` must use standard ND layout":
  // cpu/TReduceIdx.hpp:64-66; a2a3/TColReduceIdx.hpp:37,
  // a5/TColReduceIdx.hpp:76).
  if (getIsaLayout(dst) != IsaLayout::ND)
    return op->emitOpError()
           << "dst must be ND (blayout=row_major, slayout=none_box), got "
           << formatLayout(dst);
  // <mnemonic>_c6: dst's valid columns are src's ("Number of cols of src
  // and dst must be the same": cpu/TReduceIdx.hpp:70,
  // a2a3/TColReduceIdx.hpp:50).
  int64_t srcCols = src.getValidCols(), dstCols = dst.getValidCols();
  if (!ShapedType::isDynamic(srcCols) && !ShapedType::isDynamic(dstCols) &&
      srcCols != dstCols)
    return op->emitOpError()
           << "dst has " << dstCols << " valid columns, src has " << srcCols
           << "; they must be equal";
  // <mnemonic>_c7: one valid row in dst ("Number of rows of dst must be 1":
  // cpu/TReduceIdx.hpp:69, a2a3/TColReduceIdx.hpp:49).
  int64_t dstRows = dst.getValidRows();
  if (!ShapedType::isDynamic(dstRows) && dstRows != 1)
    return op->emitOpError()
           << "dst has " << dstRows << " valid rows; it must have 1";
  // <mnemonic>_c8.
  return checkNonEmpty(op, src);
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildRowArgReduceResultValidShape(Operation *op, OpBuilder &builder,
                                             unsigned result, ValueRange ins) {
  return buildRowReduceResultValidShape(op, builder, result, ins);
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildColArgReduceResultValidShape(Operation *op, OpBuilder &builder,
                                             unsigned result, ValueRange ins) {
  return buildColReduceResultValidShape(op, builder, result, ins);
}
