//===- TFillPadLowering.cpp - tfillpad and its forms on the host ----------===//
//
// tfillpad, tfillpad_inplace and tfillpad_expand as pto-isa's CPU
// simulator computes all three (include/pto/cpu/TFillPad.hpp:20-66): every
// cell of dst's whole tile is src's element inside src's valid region and
// dst's pad value outside it; nothing when a dst valid extent is 0
// (TFillPad.hpp:85).
//
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::pto;

LogicalResult mlir::pto::lowerTFillPad(Operation *op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  auto tileOp = cast<TileOpInterface>(op);
  const LoweredTile &dst = at.tile(tileOp.getOuts()[0]);
  // A copy first when src is dst's buffer (tfillpad_inplace's form): the
  // pad below must not overwrite what is copied after it.
  LoweredTile src = at.source(tileOp.getIns()[0]);
  Value zero = lowering.index(0);
  Value empty = arith::OrIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, dst.validRows,
                            zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, dst.validCols,
                            zero));
  auto ifOp = scf::IfOp::create(b, loc, empty, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  Value pad = padValue(b, loc, dst.type);
  buildRegionLoops(lowering, loc, lowering.index(dst.type.getRows()),
                   lowering.index(dst.type.getCols()),
                   [&](Value r, Value c) { dst.store(b, loc, pad, r, c); });
  buildRegionLoops(lowering, loc, src.validRows, src.validCols,
                   [&](Value r, Value c) {
                     dst.store(b, loc, src.load(b, loc, r, c), r, c);
                   });
  return success();
}
