//===- TOrLowering.cpp - host lowering of tor -----------------------------===//
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::pto;

/// `dst[r, c] = src0[r, c] | src1[r, c]` over dst's valid region; the
/// verifier checked what is static, the valid shapes that are dynamic are
/// compared at run time.
LogicalResult mlir::pto::lowerTOr(TOrOp op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &src0 = at.tile(op.getSrc0()),
                    &src1 = at.tile(op.getSrc1()), &dst = at.tile(op.getDst());

  lowering.guardedSameValidShapes(
      op, {"src0", "src1", "dst"}, {&src0, &src1, &dst}, [&] {
        buildRegionLoops(
            lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
              Value lhs = src0.load(b, loc, r, c);
              Value rhs = src1.load(b, loc, r, c);
              Value result = arith::OrIOp::create(b, loc, lhs, rhs);
              dst.store(b, loc, result, r, c);
            });
      });
  return success();
}
