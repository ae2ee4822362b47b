//===- TInsertLowering.cpp - host lowering of tinsert/textract ------------===//
//
// docs/semantics.md, TINSERT and TEXTRACT: `dst[ir + r, ic + c] = src[r, c]` over src's valid
// region (TINSERT) and `dst[r, c] = src[ir + r, ic + c]` over dst's
// (TEXTRACT). The window must lie inside the other tile's valid shape and
// the indices within uint16 (the library's index type); both are checked
// at run time, in the interpreter's order, and a failure writes nothing.
//
// Element conversions (relu, quant, saturate) are TInsertConversion.cpp
// acc_to_vec and split place data differently on the device but move the
// same values, so the host ignores them (as the interpreter does).
//
#include "TInsertConversion.h"
#include "pto/PtoTileOpSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

constexpr int64_t kIndexLimit = 0xFFFF; // the library's indices are uint16

/// An index operand as an `index` value: unsigned integers zero-extended,
/// signless and signed ones sign-extended (as the interpreter holds them,
/// so a negative value fails the uint16 check).
Value indexOperand(Operation *op, TileLowering &lowering, Value operand) {
  Value value = lowering.signlessScalar(op->getLoc(), operand);
  if (value.getType().isIndex())
    return value;
  OpBuilder &b = lowering.getBuilder();
  if (operand.getType().isUnsignedInteger())
    return arith::IndexCastUIOp::create(b, op->getLoc(), b.getIndexType(), value);
  return arith::IndexCastOp::create(b, op->getLoc(), b.getIndexType(), value);
}

/// `0 <= value <= 65535`: one unsigned compare also catches negatives.
Value withinUint16(TileLowering &lowering, Location loc, Value value) {
  return arith::CmpIOp::create(lowering.getBuilder(), loc,
                               arith::CmpIPredicate::ule, value,
                               lowering.index(kIndexLimit));
}

/// `index + extent <= limit` for index values (folded when constant).
Value fits(TileLowering &lowering, Location loc, Value index, Value extent,
           Value limit) {
  OpBuilder &b = lowering.getBuilder();
  Value end = b.createOrFold<arith::AddIOp>(loc, index, extent);
  return b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::ule, end,
                                       limit);
}

/// Which side of the copy holds the window.
enum class WindowSide { Dst, Src };

/// The lowering both ops share: checks, then a loop nest over the region
/// of the tile without the window, offsetting the other tile's indices.
LogicalResult lowerWindowCopy(Operation *op, TileLowering &lowering,
                              WindowSide side) {
  auto tileOp = cast<TileOpInterface>(op);
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  LoweredTile src = lowering.source(op, tileOp.getIns()[0]);
  const LoweredTile &dst = lowering.lookup(tileOp.getOuts()[0]);
  // Sub-byte elements share bytes; the typed memref view cannot address them.
  if (src.type.getElementBitWidth() < 8)
    return op->emitOpError()
           << "element type " << typeToString(src.type.getElementType())
           << " packs several elements per byte, which the host lowering "
              "does not support";
  Value quant = tileOp.getIns().size() > 3 ? tileOp.getIns()[3] : Value();
  FailureOr<ElementConversion> conversion =
      ElementConversion::get(op, lowering, src, dst, quant);
  if (failed(conversion))
    return failure();

  Value row = indexOperand(op, lowering, tileOp.getIns()[1]);
  Value col = indexOperand(op, lowering, tileOp.getIns()[2]);
  bool windowInDst = side == WindowSide::Dst;
  const LoweredTile &region = windowInDst ? src : dst;
  const LoweredTile &windowed = windowInDst ? dst : src;
  Value windowFits = lowering.allOf(
      loc, {fits(lowering, loc, row, region.validRows, windowed.validRows),
            fits(lowering, loc, col, region.validCols, windowed.validCols)});
  std::string windowMessage = windowInDst
                                  ? "window exceeds dst's valid shape"
                                  : "window exceeds src's valid shape";
  // Vector quant reads fp[0, source column]: columns 0.. of src (TINSERT)
  // or the window's, from index_col (TEXTRACT).
  Value fpColumns = conversion->fpColumnsCheck(
      lowering, loc, windowInDst ? lowering.index(0) : col, region.validCols);

  auto copy = [&] {
    buildRegionLoops(lowering, loc, region.validRows, region.validCols,
                     [&](Value r, Value c) {
      Value wr = arith::AddIOp::create(b, loc, r, row);
      Value wc = arith::AddIOp::create(b, loc, c, col);
      auto [srcRow, srcCol] = windowInDst ? std::pair(r, c) : std::pair(wr, wc);
      auto [dstRow, dstCol] = windowInDst ? std::pair(wr, wc) : std::pair(r, c);
      Value value = src.load(b, loc, srcRow, srcCol);
      dst.store(b, loc, conversion->apply(b, loc, value, srcCol), dstRow, dstCol);
    });
  };
  // The interpreter's order: indices, window, then the conversion's checks.
  lowering.guarded(op, withinUint16(lowering, loc, row),
                   "index_row is outside 0..65535", [&] {
    lowering.guarded(op, withinUint16(lowering, loc, col),
                     "index_col is outside 0..65535", [&] {
      lowering.guarded(op, windowFits, windowMessage, [&] {
        lowering.guarded(op, fpColumns,
                         "fp has too few valid columns for the source columns", [&] {
          lowering.guarded(op, conversion->definedCheck(),
                           conversion->undefinedMessage(), copy);
        });
      });
    });
  });
  return success();
}

} // namespace

LogicalResult mlir::pto::lowerTInsert(Operation *op, TileLowering &lowering) {
  return lowerWindowCopy(op, lowering, WindowSide::Dst);
}

LogicalResult mlir::pto::lowerTExtract(Operation *op, TileLowering &lowering) {
  return lowerWindowCopy(op, lowering, WindowSide::Src);
}
