//===- PartOps.cpp - the rules of the partial-region family ---------------===//
//
// The family of PartOps.td: c1 .. c3 as the elementwise families', c4 the
// sources' valid shapes against dst's, and a result's valid shape (the
// larger source's).
//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

LogicalResult mlir::pto::verifyPartOp(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  auto src0 = cast<TileLikeType>(tileOp.getIns()[0].getType());
  auto src1 = cast<TileLikeType>(tileOp.getIns()[1].getType());
  TileLikeType dst = getDstType(tileOp, 0);
  // <mnemonic>_c1: the row's element types (PartOps.td cites each).
  if (failed(checkFamilyElementType(op, dst)))
    return failure();
  // <mnemonic>_c2: one element type ("src and dst data type is different";
  // a2a3/TPartAdd.hpp:70, a5/TPartAdd.hpp:30; cpu/TPartOp.hpp:84).
  if (failed(checkSameElementType(op, "src0", src0, "dst", dst)) ||
      failed(checkSameElementType(op, "src1", src1, "dst", dst)))
    return failure();
  // <mnemonic>_c3: row-major tiles ("not supported BLayout type";
  // a2a3/TPartAdd.hpp:78).
  if (failed(checkRowMajor(op, "src0", src0)) ||
      failed(checkRowMajor(op, "src1", src1)) ||
      failed(checkRowMajor(op, "dst", dst)))
    return failure();
  // <mnemonic>_c4: one source has dst's valid shape and the other's valid
  // extents are at most dst's ("At most one entry in the valid-rows and
  // valid-cols of src0 and src1 is smaller than dst"; a2a3/TPartAdd.hpp:44,
  // a5/TPartBinOps.hpp:155), where the extents are static; the simulator
  // computes any shapes (cpu/TPartOp.hpp:18), as the host engines do.
  ArrayRef<int64_t> v0 = src0.getValidShape(), v1 = src1.getValidShape(),
                    vd = dst.getValidShape();
  for (ArrayRef<int64_t> shape : {v0, v1, vd})
    if (llvm::any_of(shape, ShapedType::isDynamic))
      return success();
  bool fits = v0[0] <= vd[0] && v0[1] <= vd[1] && v1[0] <= vd[0] &&
              v1[1] <= vd[1] && (v0 == vd || v1 == vd);
  if (!fits)
    return op->emitOpError()
           << "src0 valid shape " << formatShape(v0) << " and src1 valid shape "
           << formatShape(v1) << ": one must be dst's " << formatShape(vd)
           << " and the other within it";
  return success();
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildPartResultValidShape(Operation *op, OpBuilder &builder,
                                     unsigned, ValueRange ins) {
  // The larger of the sources' extents in each dimension: the simulator
  // writes dst's valid region, which rule c4 makes the larger source's.
  FailureOr<std::array<OpFoldResult, 2>> a =
      ValidShapeOp::buildExtents(builder, op->getLoc(), ins[0]);
  FailureOr<std::array<OpFoldResult, 2>> b =
      ValidShapeOp::buildExtents(builder, op->getLoc(), ins[1]);
  if (failed(a) || failed(b))
    return failure();
  Location loc = op->getLoc();
  auto value = [&](OpFoldResult extent) -> Value {
    if (auto v = dyn_cast<Value>(extent))
      return v;
    return arith::ConstantIndexOp::create(builder, loc,
                                          *getConstantIntValue(extent));
  };
  std::array<OpFoldResult, 2> extents;
  for (unsigned i = 0; i < 2; ++i) {
    std::optional<int64_t> x = getConstantIntValue((*a)[i]),
                           y = getConstantIntValue((*b)[i]);
    if (x && y) {
      extents[i] = builder.getIndexAttr(std::max(*x, *y));
      continue;
    }
    extents[i] =
        arith::MaxUIOp::create(builder, loc, value((*a)[i]), value((*b)[i]))
            .getResult();
  }
  return extents;
}
