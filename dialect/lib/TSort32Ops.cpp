//===- TSort32Ops.cpp - pto.tsort32 ---------------------------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"
#include "pto/PtoTarget.h"
#include "pto/TileStorage.h"
#include "pto/TileTypeSyntax.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TSort32Op (page: TSORT32)
//===----------------------------------------------------------------------===//

/// tsort32_c1 and tsort32_c3 (both targets).
static constexpr ElementKind kValueTypes[] = {ElementKind::F16,
                                              ElementKind::F32};
static constexpr ElementKind kIndexTypes[] = {ElementKind::UI32};

void mlir::pto::appendTSort32RuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable values{"tsort32_c1", "dst element types", {}, {}};
  RuleTable indices{"tsort32_c3", "idx element types", {}, {}};
  for (std::optional<TargetArch> target : getRuleTargets()) {
    values.rows.push_back({target, {}, stringifyElementKinds(kValueTypes)});
    indices.rows.push_back({target, {}, stringifyElementKinds(kIndexTypes)});
  }
  tables.push_back(std::move(values));
  tables.push_back(std::move(indices));
}

/// Columns of the value type one 8-byte [value, idx] record takes in dst
/// (hardware form): 2 for 32-bit values, 4 for 16-bit ones.
static int64_t recordSlots(Type valueType) {
  return getTSort32RecordSlots(valueType.getIntOrFloatBitWidth());
}

static bool bothStatic(int64_t a, int64_t b) {
  return !ShapedType::isDynamic(a) && !ShapedType::isDynamic(b);
}

/// The form, by the operands given: [src] with destinations [dst, idx], or
/// [src, idx] / [src, idx, tmp] with destination [dst].
static LogicalResult verifySortForm(TSort32Op op) {
  // Optional operands are given in order (ODS admits any of them alone).
  if (op.getTmp() && !op.getIdx())
    return op.emitOpError() << "takes tmp only with idx (hardware form)";
  if (op.getDstIdx() && !op.getDst())
    return op.emitOpError() << "takes 'outs' dst_idx only with dst";
  return verifyTileOpForm(op, op.isPageForm() ? 2 : 1);
}

/// tsort32_c7, tsort32_c8 of the hardware form: dst holds src.vc records of
/// `slots` columns per row, for dst.vr rows of src.
static LogicalResult verifyRecordLayout(TSort32Op op, TileLikeType src,
                                        TileLikeType dst) {
  // tsort32_c7
  int64_t slots = recordSlots(dst.getElementType());
  int64_t srcCols = src.getValidCols();
  if (!ShapedType::isDynamic(srcCols) && dst.getCols() < slots * srcCols)
    return op.emitOpError()
           << "dst has " << dst.getCols() << " cols but " << srcCols
           << " src valid cols need " << slots * srcCols << " (one " << slots
           << "-column [value, idx] record per element of "
           << typeToString(dst.getElementType()) << ")";
  // tsort32_c8
  int64_t srcRows = src.getValidRows(), dstRows = dst.getValidRows();
  if (bothStatic(srcRows, dstRows) && dstRows > srcRows)
    return op.emitOpError()
           << "dst valid rows " << dstRows
           << " (the rows sorted) exceed src valid rows " << srcRows;
  return success();
}

/// tsort32_c6 of the hardware form: idx has src's valid shape, or one row
/// of src's valid cols that every row uses (pto-isa 3186c381: TSORT32.md,
/// "1 x C broadcast"; a2a3/TSort32.hpp:173 walks idx with stride 0 when its
/// valid rows are 1).
static LogicalResult verifyIndexShape(TSort32Op op, TileLikeType src,
                                      TileLikeType idx) {
  int64_t srcRows = src.getValidRows(), idxRows = idx.getValidRows();
  int64_t srcCols = src.getValidCols(), idxCols = idx.getValidCols();
  bool colsDiffer = bothStatic(srcCols, idxCols) && srcCols != idxCols;
  bool rowsDiffer =
      bothStatic(srcRows, idxRows) && srcRows != idxRows && idxRows != 1;
  if (!colsDiffer && !rowsDiffer)
    return success();
  return op.emitOpError() << "idx valid shape "
                          << formatShape(idx.getValidShape())
                          << " must be src's valid shape "
                          << formatShape(src.getValidShape())
                          << " or 1 row of its valid cols";
}

/// tsort32_c10, tsort32_c11: what the library's hardware-form TSORT32
/// assumes of its operands (static extents only; dynamic ones are left to
/// the runtime). (tsort32_c9, src and idx of one row stride, is retired:
/// pto-isa 3186c381 walks idx with its own stride.)
static LogicalResult verifyHardwareOperands(TSort32Op op, TileLikeType src) {
  int64_t validCols = src.getValidCols();
  if (ShapedType::isDynamic(validCols))
    return success();
  int64_t tail = validCols % kTSort32Block;
  TypedValue<TileLikeType> tmpValue = op.getTmp();
  if (!tmpValue) {
    // tsort32_c10: without tmp the NPU sorts whole blocks only.
    if (tail)
      return op.emitOpError()
             << "src valid cols " << validCols << " must be a multiple of "
             << kTSort32Block << " without tmp (the NPU drops the last " << tail
             << " of each row; pass a tmp tile)";
    return success();
  }
  // tsort32_c11: tmp holds the row padded to whole blocks.
  TileLikeType tmp = tmpValue.getType();
  int64_t padded = llvm::alignTo(validCols, kTSort32Block);
  int64_t neededBits = padded * src.getElementBitWidth();
  if (tmp.getStorageBits() < neededBits)
    return op.emitOpError()
           << "tmp holds " << formatBytes(tmp.getStorageBits()) << " but "
           << validCols << " src valid cols need " << padded << " elements of "
           << typeToString(src.getElementType()) << " ("
           << formatBytes(neededBits) << ")";
  return success();
}

/// tsort32_c7, tsort32_c8 of the page form: dst holds the sorted values in
/// src's valid shape.
static LogicalResult verifyValueLayout(TSort32Op op, TileLikeType src,
                                       TileLikeType dst) {
  // tsort32_c7
  int64_t srcCols = src.getValidCols(), dstCols = dst.getValidCols();
  if (bothStatic(srcCols, dstCols) && dstCols != srcCols)
    return op.emitOpError() << "dst valid cols " << dstCols
                            << " must equal src valid cols " << srcCols;
  // tsort32_c8
  int64_t srcRows = src.getValidRows(), dstRows = dst.getValidRows();
  if (bothStatic(srcRows, dstRows) && dstRows != srcRows)
    return op.emitOpError() << "dst valid rows " << dstRows
                            << " must equal src valid rows " << srcRows;
  return success();
}

LogicalResult TSort32Op::verify() {
  if (failed(verifySortForm(*this)))
    return failure();
  Operation *op = getOperation();
  std::optional<TargetArch> target = lookupTargetArch(op);
  TileLikeType src = getSrc().getType();
  TileLikeType dst = getDstType(*this, 0);
  TileLikeType idx = isPageForm() ? getDstType(*this, 1) : getIdx().getType();
  // tsort32_c1
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(), kValueTypes,
                                target)))
    return failure();
  // tsort32_c2
  if (failed(checkSameElementType(op, "src", src, "dst", dst)))
    return failure();
  // tsort32_c3
  if (failed(checkElementTypeIn(op, "idx", idx.getElementType(), kIndexTypes,
                                target)))
    return failure();
  std::pair<StringRef, TileLikeType> tiles[] = {
      {"dst", dst}, {"src", src}, {"idx", idx}};
  // tsort32_c4
  for (auto [name, type] : tiles)
    if (failed(checkLocation(op, name, type, TileLocation::Vec)))
      return failure();
  // tsort32_c5
  for (auto [name, type] : tiles)
    if (failed(checkRowMajor(op, name, type)))
      return failure();
  // tsort32_c6, tsort32_c7, tsort32_c8
  if (isPageForm())
    return failure(failed(checkSameValidShape(op, "idx", idx, "src", src)) ||
                   failed(verifyValueLayout(*this, src, dst)));
  if (failed(verifyIndexShape(*this, src, idx)) ||
      failed(verifyRecordLayout(*this, src, dst)))
    return failure();
  // tsort32_c10, tsort32_c11
  return verifyHardwareOperands(*this, src);
}

/// The page form's dst and idx are valid where src is; the hardware form's
/// dst holds one record of getTSort32RecordSlots columns per valid column.
FailureOr<std::array<OpFoldResult, 2>>
TSort32Op::buildResultValidShape(OpBuilder &builder, unsigned, ValueRange ins) {
  std::array<OpFoldResult, 2> extents =
      ValidShapeOp::buildExtents(builder, getLoc(), ins[0]);
  if (getIdx()) {
    auto src = cast<TileLikeType>(getSrc().getType());
    extents[1] = ValidShapeOp::scaleExtent(
        builder, getLoc(), extents[1],
        getTSort32RecordSlots(src.getElementBitWidth()), 1);
  }
  return extents;
}
