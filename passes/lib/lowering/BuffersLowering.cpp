//===- BuffersLowering.cpp - host lowering of the valid extents' checks ---===//
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include <functional>

using namespace mlir;
using namespace mlir::pto;

/// A negative extent is a huge unsigned number, so one unsigned comparison
/// checks both bounds.
Value mlir::pto::isValidExtentInRange(OpBuilder &b, Location loc, Value extent,
                                      Value limit) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, extent,
                               limit);
}

/// Each valid extent alloc_tile gives its new buffer (its valid_row /
/// valid_col operand, for a `?` of the type), or set_validshape its buffer
/// (both), must lie in 0..the type's rows / cols.
LogicalResult mlir::pto::lowerValidExtents(Operation *op,
                                           TileLowering &lowering) {
  TileBufType type;
  Value operands[2];
  if (auto alloc = dyn_cast<AllocTileOp>(op)) {
    type = alloc.getResult().getType();
    operands[0] = alloc.getValidRow();
    operands[1] = alloc.getValidCol();
  } else {
    auto set = cast<SetValidShapeOp>(op);
    type = set.getTile().getType();
    operands[0] = set.getValidRow();
    operands[1] = set.getValidCol();
  }
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  struct Extent {
    Value operand;
    int64_t limit;
    const char *dim;
  };
  SmallVector<Extent, 2> extents;
  if (operands[0])
    extents.push_back({operands[0], type.getRows(), "0"});
  if (operands[1])
    extents.push_back({operands[1], type.getCols(), "1"});

  std::function<void(ArrayRef<Extent>)> check = [&](ArrayRef<Extent> rest) {
    if (rest.empty())
      return;
    Value value = lowering.scalar(rest.front().operand);
    Value limit = lowering.index(rest.front().limit);
    Value inRange = isValidExtentInRange(b, loc, value, limit);
    lowering.guarded(op, inRange,
                     Failure{RunTimeFailure::ValidExtentOutOfRange,
                             {rest.front().dim},
                             {value, limit}},
                     [&] { check(rest.drop_front()); });
  };
  check(extents);
  return success();
}
