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
  auto tileOp = cast<TileOpInterface>(op);
  Value src = tileOp.getIns()[0], dst = tileOp.getOuts()[0];
  // A copy onto itself changes nothing (and memcpy must not overlap).
  if (src == dst)
    return success();
  memref::CopyOp::create(lowering.getBuilder(), op->getLoc(),
                         lowering.lookup(src).bytes, lowering.lookup(dst).bytes);
  return success();
}
