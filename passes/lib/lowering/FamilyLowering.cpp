//===- FamilyLowering.cpp - host lowering of the op families --------------===//
//
// One lowering per family (ElementwiseOps.td), for every op of it: the
// loops and run-time checks are the family's, the loop body the op's
// ElementOp (ElementOpLowering.h).
//
#include "ElementOpLowering.h"
#include "TileLowering.h"

using namespace mlir;
using namespace mlir::pto;

/// `dst[r, c] = op(src0[r, c], src1[r, c])` over dst's valid region; the
/// verifier checked what is static, the valid shapes that are dynamic are
/// compared at run time.
static LogicalResult lowerBinaryElementwise(Operation *op,
                                            TileLowering &lowering) {
  auto tileOp = cast<TileOpInterface>(op);
  ElementOp elementOp = cast<FamilyOpInterface>(op).getElementOp();
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &src0 = at.tile(tileOp.getIns()[0]),
                    &src1 = at.tile(tileOp.getIns()[1]),
                    &dst = at.tile(tileOp.getOuts()[0]);
  Type elementType = dst.type.getElementType();

  lowering.guardedSameValidShapes(
      op, {"src0", "src1", "dst"}, {&src0, &src1, &dst}, [&] {
        buildRegionLoops(lowering, loc, dst.validRows, dst.validCols,
                         [&](Value r, Value c) {
                           Value operands[] = {src0.load(b, loc, r, c),
                                               src1.load(b, loc, r, c)};
                           dst.store(b, loc,
                                     buildElementOp(b, loc, elementOp,
                                                    elementType, operands),
                                     r, c);
                         });
      });
  return success();
}

OpLoweringFn mlir::pto::getFamilyLowering(OpFamily family) {
  switch (family) {
  case OpFamily::BinaryElementwise:
    return lowerBinaryElementwise;
  }
  llvm_unreachable("every OpFamily has a lowering");
}
