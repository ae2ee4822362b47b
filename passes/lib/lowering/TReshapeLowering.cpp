//===- TReshapeLowering.cpp - host lowering of the treshape copy ----------===//
//
// The view forms of pto.treshape need no code: the result is the source's
// bytes read as another type (PtoToStd.cpp, TileViewOpInterface). The DPS
// form copies every storage byte (docs/semantics.md, TRESHAPE: valid shapes play
// no part), which memref.copy turns into one memcpy.
//
#include "TileLowering.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::pto;

LogicalResult mlir::pto::lowerTReshapeCopy(Operation *op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  // A copy onto itself changes nothing (and memcpy must not overlap).
  if (at.op.getIns()[0] == at.op.getOuts()[0])
    return success();
  memref::CopyOp::create(at.b, at.loc, at.in(0).bytes, at.out(0).bytes);
  return success();
}
