//===- FamilyLowering.cpp - host lowering of the op families --------------===//
//
// The lowering of each family (ElementwiseOps.td, TileScalarOps.td), for
// every op of it: the loops and run-time checks are the family's, the loop
// body the op's ElementOp (ElementOpLowering.h). The elementwise families
// share one, over their ins.
//
#include "ElementOpLowering.h"
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::pto;

/// Runs `body` unless `divisor` is zero (or -0) somewhere in its valid
/// region (the simulator asserts at the element, before writing it).
static void guardedNonzero(Operation *op, TileLowering &lowering,
                           const LoweredTile &divisor, StringRef name,
                           function_ref<void()> body) {
  OpBuilder &b = lowering.getBuilder();
  auto floatType = cast<FloatType>(divisor.type.getElementType());
  Value zeroElement = arith::ConstantOp::create(b, op->getLoc(),
                                                b.getFloatAttr(floatType, 0.0));
  lowering.guardedEveryElement(
      op, divisor, name, RunTimeFailure::DivisionByZero,
      [&](OpBuilder &cb, Location cl, Value element) {
        return arith::CmpFOp::create(cb, cl, arith::CmpFPredicate::OEQ, element,
                                     zeroElement);
      },
      body);
}

/// Runs `body` unless the scalar `divisor` is zero (or -0): TDIVS_IMPL
/// asserts it before computing any element.
static void guardedNonzeroScalar(Operation *op, TileLowering &lowering,
                                 Value divisor, StringRef name,
                                 function_ref<void()> body) {
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  auto floatType = cast<FloatType>(divisor.getType());
  Value nonzero = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::UNE, divisor,
      arith::ConstantOp::create(b, loc, b.getFloatAttr(floatType, 0.0)));
  lowering.guarded(op, nonzero,
                   Failure{RunTimeFailure::ScalarDivisionByZero, {name.str()}},
                   body);
}

/// `dst[r, c] = op(in0, in1, ...)` over dst's valid region, a tile operand
/// read at [r, c], a scalar one the same for every element: every family's
/// lowering. The verifier checked what is static; the valid shapes that are
/// dynamic are compared at run time, then a divisor the simulator asserts
/// nonzero is checked (dividesByLastOperand) before anything is written.
static LogicalResult lowerElementwise(Operation *op, TileLowering &lowering) {
  auto tileOp = cast<TileOpInterface>(op);
  auto familyOp = cast<FamilyOpInterface>(op);
  ElementOp elementOp = familyOp.getElementOp();
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(tileOp.getOuts()[0]);
  Type elementType = dst.type.getElementType();
  ArrayRef<StringLiteral> names = tileOp.getOperandGroups().ins;
  // Each in as a tile, or as its scalar value.
  SmallVector<const LoweredTile *> ins;
  SmallVector<Value> scalars;
  SmallVector<StringRef> tileNames;
  SmallVector<const LoweredTile *> tiles;
  for (auto [name, in] : llvm::zip_equal(names, tileOp.getIns())) {
    bool isTile = isa<TileLikeType>(in.getType());
    ins.push_back(isTile ? &at.tile(in) : nullptr);
    scalars.push_back(isTile ? Value() : lowering.signlessScalar(loc, in));
    if (isTile) {
      tileNames.push_back(name);
      tiles.push_back(ins.back());
    }
  }
  tileNames.push_back("dst");
  tiles.push_back(&dst);

  auto compute = [&] {
    buildRegionLoops(
        lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
          SmallVector<Value> operands;
          for (auto [tile, scalar] : llvm::zip_equal(ins, scalars))
            operands.push_back(tile ? tile->load(b, loc, r, c) : scalar);
          dst.store(b, loc,
                    buildElementOp(b, loc, elementOp, elementType, operands), r,
                    c);
        });
  };
  lowering.guardedSameValidShapes(op, tileNames, tiles, [&] {
    if (!dividesByLastOperand(familyOp.getFamily(), elementOp))
      return compute();
    StringRef name = names.back();
    if (const LoweredTile *divisor = ins.back())
      return guardedNonzero(op, lowering, *divisor, name, compute);
    guardedNonzeroScalar(op, lowering, scalars.back(), name, compute);
  });
  return success();
}

OpLoweringFn mlir::pto::getFamilyLowering(OpFamily family) {
  switch (family) {
  case OpFamily::BinaryElementwise:
  case OpFamily::UnaryElementwise:
  case OpFamily::TileScalar:
    return lowerElementwise;
  }
  llvm_unreachable("every OpFamily has a lowering");
}
