//===- ValidShapeOps.cpp - valid_shape ------------------------------------===//
#include "pto/PtoDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

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

/// `lhs * rhs` of non-negative index values, and whether the exact product
/// exceeds int64 (the high word of the 128-bit product is not 0, or the low
/// word's sign bit is set).
static std::pair<Value, Value> checkedMultiply(OpBuilder &builder, Location loc,
                                               Value lhs, Value rhs) {
  auto product = arith::MulUIExtendedOp::create(builder, loc, lhs, rhs);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value wide = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                                     product.getHigh(), zero);
  Value negative = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::slt, product.getLow(), zero);
  return {product.getLow(), arith::OrIOp::create(builder, loc, wide, negative)};
}

OpFoldResult ValidShapeOp::multiplyExtents(OpBuilder &builder, Location loc,
                                           ArrayRef<OpFoldResult> extents) {
  int64_t known = 1;
  bool knownOverflows = false;
  SmallVector<Value> values;
  for (OpFoldResult extent : extents) {
    if (auto attr = dyn_cast<Attribute>(extent))
      knownOverflows |=
          llvm::MulOverflow(known, cast<IntegerAttr>(attr).getInt(), known);
    else
      values.push_back(cast<Value>(extent));
  }
  if (values.empty())
    return builder.getIndexAttr(knownOverflows ? 0 : known);
  if (known != 1 || knownOverflows)
    values.push_back(arith::ConstantIndexOp::create(
        builder, loc,
        knownOverflows ? std::numeric_limits<int64_t>::max() : known));
  Value product = values.front();
  Value overflows;
  for (Value value : ArrayRef(values).drop_front()) {
    auto [low, wrapped] = checkedMultiply(builder, loc, product, value);
    product = low;
    overflows = overflows
                    ? arith::OrIOp::create(builder, loc, overflows, wrapped)
                    : wrapped;
  }
  if (!overflows)
    return product;
  // A product past int64 is 0, an extent every buffer allows: the op whose
  // result it sizes checks the exact product itself and reports the
  // overflow (tload's global_index_overflow, as the interpreter), not a
  // wrapped extent at the buffer's allocation.
  return arith::SelectOp::create(
             builder, loc, overflows,
             arith::ConstantIndexOp::create(builder, loc, 0), product)
      .getResult();
}
