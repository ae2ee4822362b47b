//===- TInsertLowering.cpp - host lowering of tinsert/textract ------------===//
//
// docs/semantics.md, TINSERT and TEXTRACT: `dst[ir + r, ic + c] = src[r, c]`
// over src's valid region (TINSERT) and `dst[r, c] = src[ir + r, ic + c]` over
// dst's (TEXTRACT). The window must lie inside the other tile's valid shape and
// the indices within uint16 (the library's index type); both are checked
// at run time, in the interpreter's order, and a failure writes nothing.
//
// Element conversions (relu, quant, saturate) are TInsertConversion.cpp
// acc_to_vec and split place data differently on the device but move the
// same values, so the host ignores them (as the interpreter does).
//
#include "TInsertConversion.h"
#include "TInsertRuns.h"
#include "pto/PtoTileOpSupport.h"
#include "pto/TileStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

/// An index operand as an `index` value: unsigned integers zero-extended,
/// signless and signed ones sign-extended (as the interpreter holds them,
/// so a negative value fails the uint16 check).
Value indexOperand(Operation *op, TileLowering &lowering, Value operand) {
  Value value = lowering.signlessScalar(op->getLoc(), operand);
  if (value.getType().isIndex())
    return value;
  OpBuilder &b = lowering.getBuilder();
  if (operand.getType().isUnsignedInteger())
    return arith::IndexCastUIOp::create(b, op->getLoc(), b.getIndexType(),
                                        value);
  return arith::IndexCastOp::create(b, op->getLoc(), b.getIndexType(), value);
}

/// Runs `body` if index operand `name` (`value` its index value) is within
/// 0..kTileIndexLimit: one unsigned compare also catches negatives.
void guardedIndex(Operation *op, TileLowering &lowering, StringRef name,
                  Value operand, Value value, function_ref<void()> body) {
  Value limit = lowering.index(kTileIndexLimit);
  Value within = arith::CmpIOp::create(lowering.getBuilder(), op->getLoc(),
                                       arith::CmpIPredicate::ule, value, limit);
  lowering.guarded(
      op, within,
      Failure{
          RunTimeFailure::IndexOutOfRange,
          {name.str()},
          {FailureValue(value, operand.getType().isUnsignedInteger()), limit}},
      body);
}

/// `end <= limit` for index values (folded when constant).
Value atMost(TileLowering &lowering, Location loc, Value end, Value limit) {
  return lowering.getBuilder().createOrFold<arith::CmpIOp>(
      loc, arith::CmpIPredicate::ule, end, limit);
}

/// Which side of the copy holds the window.
enum class WindowSide { Dst, Src };

/// The run length (in columns) both tiles store contiguously when a boxed
/// tile takes part, or 0 when the copy goes element by element: the whole
/// row of two ND tiles is contiguous already, and a tile without runs along
/// its rows (DN, column-major boxes) has none to offer.
int64_t commonRun(const LoweredTile &a, const LoweredTile &b) {
  if (!a.box && !b.box)
    return 0;
  int64_t runA = a.contiguousColumns(), runB = b.contiguousColumns();
  if (runA == 1 || runB == 1)
    return 0;
  // Box widths are powers of two: the smaller divides the larger.
  if (runA == 0 || runB == 0)
    return std::max(runA, runB);
  return std::min(runA, runB);
}

/// The lowering both ops share: checks, then a loop nest over the region
/// of the tile without the window, offsetting the other tile's indices.
template <typename OpT>
LogicalResult lowerWindowCopy(OpT op, TileLowering &lowering, WindowSide side) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src = at.source(op.getSrc());
  const LoweredTile &dst = at.tile(op.getDst());
  // Sub-byte elements share bytes; the typed memref view cannot address them.
  if (src.type.getElementBitWidth() < 8)
    return op->emitOpError()
           << "element type " << typeToString(src.type.getElementType())
           << " packs several elements per byte, which the host lowering "
              "does not support";
  FailureOr<ElementConversion> conversion = ElementConversion::get(
      op, lowering, src, dst, op.getQuant(), op.getRelu(), op.getSaturate());
  if (failed(conversion))
    return failure();

  Value row = indexOperand(op, lowering, op.getIndexRow());
  Value col = indexOperand(op, lowering, op.getIndexCol());
  bool windowInDst = side == WindowSide::Dst;
  const LoweredTile &region = windowInDst ? src : dst;
  const LoweredTile &windowed = windowInDst ? dst : src;
  Value rowEnd = b.createOrFold<arith::AddIOp>(loc, row, region.validRows);
  Value colEnd = b.createOrFold<arith::AddIOp>(loc, col, region.validCols);
  Value windowFits =
      lowering.allOf(loc, {atMost(lowering, loc, rowEnd, windowed.validRows),
                           atMost(lowering, loc, colEnd, windowed.validCols)});
  Failure windowFailure{
      RunTimeFailure::WindowExceedsValidShape,
      {windowInDst ? "dst" : "src"},
      {row, rowEnd, col, colEnd, windowed.validRows, windowed.validCols}};
  // Vector quant reads fp[0, source column]: columns 0.. of src (TINSERT)
  // or the window's, from index_col (TEXTRACT).
  Value firstFpColumn = windowInDst ? lowering.index(0) : col;
  Value fpColumns = conversion->fpColumnsCheck(lowering, loc, firstFpColumn,
                                               region.validCols);

  auto elementCopy = [&] {
    buildRegionLoops(lowering, loc, region.validRows, region.validCols,
                     [&](Value r, Value c) {
                       Value wr = arith::AddIOp::create(b, loc, r, row);
                       Value wc = arith::AddIOp::create(b, loc, c, col);
                       auto [srcRow, srcCol] =
                           windowInDst ? std::pair(r, c) : std::pair(wr, wc);
                       auto [dstRow, dstCol] =
                           windowInDst ? std::pair(wr, wc) : std::pair(r, c);
                       Value value = src.load(b, loc, srcRow, srcCol);
                       Value words = conversion->columnWords(b, loc, srcCol, 0);
                       dst.store(b, loc,
                                 conversion->apply(b, loc, value, words),
                                 dstRow, dstCol);
                     });
  };
  // Run column by run column: each run of `run` columns lies in one box of
  // either tile (the window's column offset permitting), so it is one vector
  // load and store (TInsertRuns.h).
  int64_t run = commonRun(src, dst);
  auto runCopy = [&] {
    Value zero = lowering.index(0);
    RegionCopy regionCopy{src,
                          dst,
                          windowInDst ? zero : row,
                          windowInDst ? zero : col,
                          windowInDst ? row : zero,
                          windowInDst ? col : zero,
                          region.validRows,
                          region.validCols};
    copyByRunColumns(lowering, loc, regionCopy, *conversion, run);
  };
  auto copy = [&] {
    if (!run)
      return elementCopy();
    if (!windowed.box)
      return runCopy();
    // Runs start at multiples of `run` in the windowed tile only if the
    // window's column offset is one.
    Value aligned = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, loc, col, lowering.index(run)),
        lowering.index(0));
    auto ifOp = scf::IfOp::create(b, loc, aligned, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    runCopy();
    b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    elementCopy();
  };
  // The interpreter's order: indices, window, then the conversion's checks.
  auto convert = [&] {
    lowering.guarded(op, conversion->definedCheck(),
                     conversion->undefinedFailure(), copy);
  };
  guardedIndex(op, lowering, "index_row", op.getIndexRow(), row, [&] {
    guardedIndex(op, lowering, "index_col", op.getIndexCol(), col, [&] {
      lowering.guarded(op, windowFits, windowFailure, [&] {
        if (!fpColumns)
          return convert();
        lowering.guarded(op, fpColumns,
                         conversion->fpColumnsFailure(
                             lowering, loc, firstFpColumn, region.validCols),
                         convert);
      });
    });
  });
  return success();
}

} // namespace

LogicalResult mlir::pto::lowerTInsert(TInsertOp op, TileLowering &lowering) {
  return lowerWindowCopy(op, lowering, WindowSide::Dst);
}

LogicalResult mlir::pto::lowerTExtract(TExtractOp op, TileLowering &lowering) {
  return lowerWindowCopy(op, lowering, WindowSide::Src);
}
