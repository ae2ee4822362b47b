//===- ValidShapeOps.cpp - valid_shape ------------------------------------===//
#include "pto/PtoDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::pto;

Operation *PtoDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

/// A static extent folds to its constant; the op goes when both are static
/// (a multi-result fold replaces every result or none).
LogicalResult ValidShapeOp::fold(FoldAdaptor,
                                 SmallVectorImpl<OpFoldResult> &results) {
  auto type = cast<TileLikeType>(getTile().getType());
  if (!type.hasStaticValidShape())
    return failure();
  Builder builder(getContext());
  for (int64_t extent : type.getValidShape())
    results.push_back(builder.getIndexAttr(extent));
  return success();
}

std::array<OpFoldResult, 2>
ValidShapeOp::buildExtents(OpBuilder &builder, Location loc, Value tile) {
  auto type = cast<TileLikeType>(tile.getType());
  ValidShapeOp query;
  if (!type.hasStaticValidShape())
    query = ValidShapeOp::create(builder, loc, tile);
  std::array<OpFoldResult, 2> extents;
  for (auto [dim, extent] : llvm::enumerate(type.getValidShape()))
    extents[dim] = ShapedType::isDynamic(extent)
                       ? OpFoldResult(query->getResult(dim))
                       : OpFoldResult(builder.getIndexAttr(extent));
  return extents;
}

OpFoldResult ValidShapeOp::scaleExtent(OpBuilder &builder, Location loc,
                                       OpFoldResult extent, int64_t factor,
                                       int64_t divisor) {
  if (auto attr = dyn_cast<Attribute>(extent))
    return builder.getIndexAttr(cast<IntegerAttr>(attr).getInt() * factor /
                                divisor);
  Value value = cast<Value>(extent);
  if (factor != 1)
    value = arith::MulIOp::create(
        builder, loc, value,
        arith::ConstantIndexOp::create(builder, loc, factor));
  if (divisor != 1)
    value = arith::DivUIOp::create(
        builder, loc, value,
        arith::ConstantIndexOp::create(builder, loc, divisor));
  return value;
}

OpFoldResult ValidShapeOp::multiplyExtents(OpBuilder &builder, Location loc,
                                           ArrayRef<OpFoldResult> extents) {
  int64_t known = 1;
  Value product;
  for (OpFoldResult extent : extents) {
    if (auto attr = dyn_cast<Attribute>(extent)) {
      known *= cast<IntegerAttr>(attr).getInt();
      continue;
    }
    product = product ? arith::MulIOp::create(builder, loc, product,
                                              cast<Value>(extent))
                      : cast<Value>(extent);
  }
  if (!product)
    return builder.getIndexAttr(known);
  return scaleExtent(builder, loc, product, known, 1);
}
