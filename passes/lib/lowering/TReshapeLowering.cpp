//===- TReshapeLowering.cpp - host lowering of the treshape copy ----------===//
//
// The view forms of pto.treshape need no code: the result is the source's
// bytes read as another type (PtoToStd.cpp, TileViewOpInterface). The DPS
// form copies every storage byte (docs/semantics.md, TRESHAPE: valid shapes
// play no part), which memref.copy turns into one memcpy.
//
#include "TileLowering.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::pto;

LogicalResult mlir::pto::lowerTReshapeCopy(TReshapeOp op,
                                           TileLowering &lowering) {
  LoweredOp at(op, lowering);
  // A copy onto itself changes nothing (and memcpy must not overlap).
  if (op.getSrc() == op.getDst())
    return success();
  memref::CopyOp::create(at.b, at.loc, at.tile(op.getSrc()).bytes,
                         at.tile(op.getDst()).bytes);
  return success();
}
