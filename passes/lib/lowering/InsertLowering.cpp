//===- InsertLowering.cpp - host lowering of tinsert/textract -------------===//
//
// SEMANTICS.md TINSERT: `dst[ir + r, ic + c] = src[r, c]` over src's valid
// region (TINSERT) and `dst[r, c] = src[ir + r, ic + c]` over dst's
// (TEXTRACT). The window must lie inside the other tile's valid shape and
// the indices within uint16 (the library's index type); both are checked
// at run time, in the interpreter's order, and a failure writes nothing.
//
// Only copies of one element type get here. Every converting form (relu,
// quant word or fp tile, saturate, acc_to_vec) needs an acc source, acc
// tiles are NZ (tinsert_c6), and PtoToStd rejects boxed layouts at the
// function boundary and at pto.alloc_tile before any op is lowered.
//
#include "TileLowering.h"
#include "pto/PtoTileOpSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

constexpr int64_t kIndexLimit = 0xFFFF; // the library's indices are uint16

/// An index operand as an `index` value. Signless integers are signed, as
/// the interpreter holds them, so a negative value fails the uint16 check.
FailureOr<Value> indexOperand(Operation *op, TileLowering &lowering,
                              Value operand, StringRef name) {
  Value value = lowering.scalar(operand);
  Type type = value.getType();
  if (type.isIndex())
    return value;
  // Arith takes signless integers only; a ui16/si16 value would need a
  // cast the LLVM conversion cannot reconcile.
  if (!type.isSignlessInteger())
    return op->emitOpError()
           << name << " has type " << typeToString(type)
           << ", which the host lowering does not support (allowed: index or "
              "a signless integer type)";
  OpBuilder &b = lowering.getBuilder();
  return arith::IndexCastOp::create(b, op->getLoc(), b.getIndexType(), value)
      .getResult();
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
  assert(tileOp.getIns().size() == 3 && !op->hasAttr("relu") &&
         !op->hasAttr("saturate") && !op->hasAttr("acc_to_vec") &&
         src.type.getElementType() == dst.type.getElementType() &&
         "converting forms have an NZ acc source, rejected before the op");
  // Sub-byte elements share bytes; the typed memref view cannot address them.
  if (src.type.getElementBitWidth() < 8)
    return op->emitOpError()
           << "element type " << typeToString(src.type.getElementType())
           << " packs several elements per byte, which the host lowering "
              "does not support";

  FailureOr<Value> row = indexOperand(op, lowering, tileOp.getIns()[1], "index_row");
  if (failed(row))
    return failure();
  FailureOr<Value> col = indexOperand(op, lowering, tileOp.getIns()[2], "index_col");
  if (failed(col))
    return failure();

  bool windowInDst = side == WindowSide::Dst;
  const LoweredTile &region = windowInDst ? src : dst;
  const LoweredTile &windowed = windowInDst ? dst : src;
  Value windowFits = lowering.allOf(
      loc, {fits(lowering, loc, *row, region.validRows, windowed.validRows),
            fits(lowering, loc, *col, region.validCols, windowed.validCols)});
  std::string windowMessage = windowInDst
                                  ? "window exceeds dst's valid shape"
                                  : "window exceeds src's valid shape";

  auto copy = [&] {
    buildRegionLoops(lowering, loc, region.validRows, region.validCols,
                     [&](Value r, Value c) {
      Value wr = arith::AddIOp::create(b, loc, r, *row);
      Value wc = arith::AddIOp::create(b, loc, c, *col);
      SmallVector<Value, 2> inRegion{r, c}, inWindow{wr, wc};
      Value value = memref::LoadOp::create(b, loc, src.view,
                                           windowInDst ? inRegion : inWindow);
      memref::StoreOp::create(b, loc, value, dst.view,
                              windowInDst ? inWindow : inRegion);
    });
  };
  lowering.guarded(op, withinUint16(lowering, loc, *row),
                   "index_row is outside 0..65535", [&] {
    lowering.guarded(op, withinUint16(lowering, loc, *col),
                     "index_col is outside 0..65535", [&] {
      lowering.guarded(op, windowFits, windowMessage, copy);
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
