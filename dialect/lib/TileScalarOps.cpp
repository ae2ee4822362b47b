//===- TileScalarOps.cpp - the rules of the tile-scalar family -----------===//
//
// The family of TileScalarOps.td: the elementwise rules (c1..c4,
// ElementwiseOps.cpp) and c5, the shape of the ins a row's operands leave
// open: tdivs takes the scalar on either side, texpands no tile.
//
#include "pto/PtoDialect.h"
#include "llvm/ADT/SmallVectorExtras.h"

using namespace mlir;
using namespace mlir::pto;

/// The ins of `op` that are tiles.
static SmallVector<Value> tileIns(TileOpInterface op) {
  return llvm::filter_to_vector(
      op.getIns(), [](Value v) { return isa<TileLikeType>(v.getType()); });
}

LogicalResult mlir::pto::verifyTileScalarOp(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  SmallVector<Value> tiles = tileIns(tileOp);
  unsigned numIns = tileOp.getIns().size();
  // tdivs_c5: one tile and one scalar (docs/isa/TDIVS.md's two overloads,
  // TDIVS(dst, src, scalar) and TDIVS(dst, scalar, src)).
  if (numIns == 2 && tiles.size() != 1)
    return op->emitOpError()
           << "expects one tile and one scalar among its 2 'ins', got "
           << tiles.size() << " tiles";
  // texpands_c5: no tile to take a result's `?` valid extents from
  // (docs/isa/TEXPANDS.md fills dst's valid region, which its type gives).
  if (tiles.empty() && op->getNumResults() == 1 &&
      !cast<TileType>(op->getResult(0).getType()).hasStaticValidShape())
    return op->emitOpError()
           << "result valid shape must be static (no tile operand gives "
              "its '?' extents), got "
           << formatShape(
                  cast<TileType>(op->getResult(0).getType()).getValidShape());
  return verifyElementwiseRules(op);
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildTileScalarResultValidShape(Operation *op, OpBuilder &builder,
                                           unsigned, ValueRange ins) {
  for (Value in : ins)
    if (isa<TileLikeType>(in.getType()))
      return ValidShapeOp::buildExtents(builder, op->getLoc(), in);
  // Unreachable through the verifier (texpands_c5).
  return op->emitOpError() << "has no tile operand to give its result's "
                              "valid shape";
}
