//===- BuffersLowering.cpp - host lowering of alloc_tile's checks ---------===//
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

/// Each `?` valid extent of the new buffer (its valid_row / valid_col
/// operand) must lie in 0..the type's rows / cols.
LogicalResult mlir::pto::lowerAllocTileExtents(Operation *op,
                                               TileLowering &lowering) {
  auto alloc = cast<AllocTileOp>(op);
  TileBufType type = alloc.getResult().getType();
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  struct Extent {
    Value operand;
    int64_t limit;
    const char *dim;
  };
  SmallVector<Extent, 2> extents;
  if (alloc.getValidRow())
    extents.push_back({alloc.getValidRow(), type.getRows(), "0"});
  if (alloc.getValidCol())
    extents.push_back({alloc.getValidCol(), type.getCols(), "1"});

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
