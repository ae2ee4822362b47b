//===- TileScalarOps.cpp - the rules of the tile-scalar family -----------===//
//
// The family of TileScalarOps.td: the elementwise rules (c1..c4,
// ElementwiseOps.cpp) and a c5 of the rows that need one: the shape of the
// ins their operands leave open (tdivs takes the scalar on either side,
// texpands no tile), or the A2/A3 size of a scratch tmp (trems).
//
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

/// The ins of `op` the element op reads (not a scratch tmp): how many,
/// and those that are tiles.
static std::pair<unsigned, SmallVector<Value>> elementIns(TileOpInterface op) {
  unsigned count = 0;
  SmallVector<Value> tiles;
  for (auto [name, value] : llvm::zip(op.getOperandGroups().ins, op.getIns())) {
    if (isScratchIn(name))
      continue;
    ++count;
    if (isa<TileLikeType>(value.getType()))
      tiles.push_back(value);
  }
  return {count, tiles};
}

/// Rules of a tile-scalar op's scratch tmp on A2/A3: txors_c6 its valid
/// shape, trems_c5 its size.
static LogicalResult verifyTileScalarScratch(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  std::optional<TileLikeType> tmp = getScratchType(tileOp);
  if (!tmp)
    return success();
  if (cast<FamilyOpInterface>(op).getElementOp() == ElementOp::Xor)
    return checkXorScratch(op, *tmp);
  // trems_c5: A2/A3's TREMS computes a row at a time in tmp
  // (a2a3/TRemS.hpp:170-171: "at least dst.GetValidCol() columns", "at
  // least 1 row"; docs/isa/TREMS.md:62-63).
  int64_t cols = getDstType(tileOp, 0).getValidCols();
  if (ShapedType::isDynamic(cols))
    return success();
  return checkScratchShape(op, *tmp, cols, "dst's valid columns");
}

LogicalResult mlir::pto::verifyTileScalarOp(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  auto [numIns, tiles] = elementIns(tileOp);
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
  if (failed(verifyElementwiseRules(op)) || failed(checkTilesApart(op)))
    return failure();
  return verifyTileScalarScratch(op);
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
