//===- TernaryElementwiseOps.cpp - the rules of the ternary family --------===//
//
// The family of TernaryElementwiseOps.td: the elementwise rules (c1..c4,
// ElementwiseOps.cpp) over its three sources (taddsc's middle one a
// scalar), and c5, one shape and layout for the tiles.
//
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

LogicalResult mlir::pto::verifyTernaryElementwiseOp(Operation *op) {
  if (failed(verifyElementwiseRules(op)))
    return failure();
  // <mnemonic>_c5: one shape and layout for the tiles among the ins and
  // dst: the page's and the simulator's one `TileData` type for all of them
  // (include/pto/common/pto_instr.hpp:554, :562, :2099, :2108;
  // ElementTileOp.h:220 and ElementTileScalarOp.h:107 index them by dst's
  // offsets), PTOAS's "same shape" (lib/PTO/IR/PTO.cpp:2739, :2845).
  auto tileOp = cast<TileOpInterface>(op);
  TileLikeType dst = getDstType(tileOp, 0);
  auto isTile = [](Value value) { return isa<TileLikeType>(value.getType()); };
  StringRef count =
      llvm::count_if(tileOp.getIns(), isTile) == 3 ? "four" : "three";
  for (auto [name, value] :
       llvm::zip_equal(tileOp.getOperandGroups().ins, tileOp.getIns())) {
    auto tile = dyn_cast<TileLikeType>(value.getType());
    if (!tile)
      continue;
    if (tile.getShape() != dst.getShape() ||
        tile.getBLayout() != dst.getBLayout() ||
        tile.getSLayout() != dst.getSLayout() ||
        tile.getFractal() != dst.getFractal())
      return op->emitOpError()
             << name << " is " << formatShape(tile.getShape()) << " "
             << formatLayout(tile) << ", dst " << formatShape(dst.getShape())
             << " " << formatLayout(dst) << ": the " << count
             << " tiles must have one shape and layout";
  }
  return success();
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildTernaryElementwiseResultValidShape(Operation *op,
                                                   OpBuilder &builder, unsigned,
                                                   ValueRange ins) {
  return ValidShapeOp::buildExtents(builder, op->getLoc(), ins[0]);
}
