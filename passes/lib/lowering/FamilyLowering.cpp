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

/// Whether `element` (the last operand of an element op) breaks what
/// `check` asks of it (`broken`), or keeps it: a divisor zero (or -0), a
/// shift count outside [0, its bits) (compared unsigned, a negative count
/// of a signed element is past the bits too).
static Value testLastOperand(OpBuilder &b, Location loc, LastOperandCheck check,
                             Value element, bool broken) {
  Type type = element.getType();
  if (check == LastOperandCheck::Nonzero)
    return arith::CmpFOp::create(
        b, loc, broken ? arith::CmpFPredicate::OEQ : arith::CmpFPredicate::UNE,
        element,
        arith::ConstantOp::create(b, loc,
                                  b.getFloatAttr(cast<FloatType>(type), 0.0)));
  Value bits = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(type, type.getIntOrFloatBitWidth()));
  return arith::CmpIOp::create(
      b, loc, broken ? arith::CmpIPredicate::uge : arith::CmpIPredicate::ult,
      element, bits);
}

/// The failure of a tile's element (`scalar` false) or of a scalar that
/// breaks `check`, for the operand `name` of element type `elementType`.
static Failure lastOperandFailure(LastOperandCheck check, bool scalar,
                                  StringRef name, Type elementType) {
  if (check == LastOperandCheck::Nonzero)
    return Failure{scalar ? RunTimeFailure::ScalarDivisionByZero
                          : RunTimeFailure::DivisionByZero,
                   {name.str()},
                   {}};
  return Failure{
      scalar ? RunTimeFailure::ScalarShiftCountOutOfRange
             : RunTimeFailure::ShiftCountOutOfRange,
      {name.str(), std::to_string(elementType.getIntOrFloatBitWidth())},
      {}};
}

/// Runs `body` unless an element of `operand`'s valid region breaks `check`
/// (TileLowering::guardedEveryElement: the first such element in row-major
/// order, scanned before any element is written).
static void guardedElements(Operation *op, TileLowering &lowering,
                            LastOperandCheck check, const LoweredTile &operand,
                            StringRef name, function_ref<void()> body) {
  Type elementType = operand.type.getElementType();
  lowering.guardedEveryElement(
      op, operand,
      lastOperandFailure(check, /*scalar=*/false, name, elementType),
      [&](OpBuilder &cb, Location cl, Value element) {
        return testLastOperand(cb, cl, check, element, /*broken=*/true);
      },
      body);
}

/// Runs `body` unless the scalar `operand` breaks `check` (TDIVS_IMPL
/// asserts a divisor nonzero before computing any element).
static void guardedScalar(Operation *op, TileLowering &lowering,
                          LastOperandCheck check, Value operand,
                          Type elementType, StringRef name,
                          function_ref<void()> body) {
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  Value ok = testLastOperand(b, loc, check, operand, /*broken=*/false);
  lowering.guarded(
      op, ok, lastOperandFailure(check, /*scalar=*/true, name, elementType),
      body);
}

/// `dst[r, c] = op(in0, in1, ...)` over dst's valid region, a tile operand
/// read at [r, c], a scalar one the same for every element: every family's
/// lowering. The verifier checked what is static; the valid shapes that are
/// dynamic are compared at run time, then what the element op asks of its
/// last operand (getLastOperandCheck) before anything is written.
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
  LastOperandCheck check = getLastOperandCheck(familyOp.getFamily(), elementOp);
  lowering.guardedSameValidShapes(op, tileNames, tiles, [&] {
    if (check == LastOperandCheck::None)
      return compute();
    StringRef name = names.back();
    if (const LoweredTile *last = ins.back())
      return guardedElements(op, lowering, check, *last, name, compute);
    guardedScalar(op, lowering, check, scalars.back(), elementType, name,
                  compute);
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
