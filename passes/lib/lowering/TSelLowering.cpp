//===- TSelLowering.cpp - tsel and tsels on the host ----------------------===//
//
// The selects by a mask tile, as pto-isa's CPU simulator reads the mask:
// TSEL as one stream of 8 bits per mask element over dst's valid region in
// row-major order, wrapping to the next mask row at the mask's valid
// columns (include/pto/cpu/TSel.hpp:21-45); TSELS bit c % B of mask element
// (r, c / B), B the element's bits (include/pto/cpu/TSelS.hpp:21-41).
//
#include "ElementOpLowering.h"
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::pto;

/// Bit `bit` (an index) of the integer `word`, as an i1.
static Value bitOf(OpBuilder &b, Location loc, Value word, Value bit) {
  Type type = word.getType();
  Value shift = arith::IndexCastOp::create(b, loc, type, bit);
  Value shifted = arith::ShRUIOp::create(b, loc, word, shift);
  return arith::TruncIOp::create(b, loc, b.getI1Type(), shifted);
}

LogicalResult mlir::pto::lowerTSel(TSelOp sel, TileLowering &lowering) {
  Operation *op = sel;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(sel.getDst());
  LoweredTile mask = at.source(sel.getMask());
  LoweredTile src0 = at.source(sel.getSrc0());
  LoweredTile src1 = at.source(sel.getSrc1());
  // Static (tsel_c5): the stream wraps to the next mask row there.
  Value maskCols = lowering.index(mask.type.getValidShape()[1]);
  Value eight = lowering.index(8);
  buildRegionLoops(
      lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
        // Cell k of the stream: bit k % 8 of mask element k / 8.
        Value k = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, r, dst.validCols), c);
        Value element = arith::DivUIOp::create(b, loc, k, eight);
        Value word =
            mask.load(b, loc, arith::DivUIOp::create(b, loc, element, maskCols),
                      arith::RemUIOp::create(b, loc, element, maskCols));
        Value set =
            bitOf(b, loc, word, arith::RemUIOp::create(b, loc, k, eight));
        dst.store(b, loc,
                  selectElement(b, loc, set, src0.load(b, loc, r, c),
                                src1.load(b, loc, r, c)),
                  r, c);
      });
  return success();
}

LogicalResult mlir::pto::lowerTSelS(TSelSOp sel, TileLowering &lowering) {
  Operation *op = sel;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(sel.getDst());
  LoweredTile mask = at.source(sel.getMask());
  LoweredTile src = at.source(sel.getSrc());
  Value scalar = lowering.scalar(sel.getScalar());
  Value bits =
      lowering.index(mask.type.getElementType().getIntOrFloatBitWidth());
  lowering.guardedSameValidShapes(op, {"src", "dst"}, {&src, &dst}, [&] {
    buildRegionLoops(
        lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
          Value word =
              mask.load(b, loc, r, arith::DivUIOp::create(b, loc, c, bits));
          Value set =
              bitOf(b, loc, word, arith::RemUIOp::create(b, loc, c, bits));
          dst.store(b, loc,
                    selectElement(b, loc, set, src.load(b, loc, r, c), scalar),
                    r, c);
        });
  });
  return success();
}
