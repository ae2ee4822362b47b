//===- FamilyLowering.cpp - host lowering of the op families --------------===//
//
// One lowering per family (ElementwiseOps.td), for every op of it: the
// loops and run-time checks are the family's, the loop body the op's
// ElementOp (ElementOpLowering.h).
//
#include "ElementOpLowering.h"
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::pto;

/// `dst[r, c] = op(src0[r, c], src1[r, c])` over dst's valid region; the
/// verifier checked what is static, the valid shapes that are dynamic are
/// compared at run time.
static LogicalResult lowerBinaryElementwise(Operation *op,
                                            TileLowering &lowering) {
  auto tileOp = cast<TileOpInterface>(op);
  ElementOp elementOp = cast<FamilyOpInterface>(op).getElementOp();
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &src0 = at.tile(tileOp.getIns()[0]),
                    &src1 = at.tile(tileOp.getIns()[1]),
                    &dst = at.tile(tileOp.getOuts()[0]);
  Type elementType = dst.type.getElementType();

  lowering.guardedSameValidShapes(
      op, {"src0", "src1", "dst"}, {&src0, &src1, &dst}, [&] {
        buildRegionLoops(lowering, loc, dst.validRows, dst.validCols,
                         [&](Value r, Value c) {
                           Value operands[] = {src0.load(b, loc, r, c),
                                               src1.load(b, loc, r, c)};
                           dst.store(b, loc,
                                     buildElementOp(b, loc, elementOp,
                                                    elementType, operands),
                                     r, c);
                         });
      });
  return success();
}

/// Runs `body` unless `divisor` is zero (or -0) somewhere in its valid
/// region; the failure names the first such element in row-major order, as
/// the interpreter does. The whole region is scanned before any element is
/// written (the simulator asserts at the element, before writing it; a
/// failed op writes nothing here, on both engines).
static void guardedNonzero(Operation *op, TileLowering &lowering,
                           const LoweredTile &divisor, StringRef name,
                           function_ref<void()> body) {
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  Value none = lowering.index(-1), zero = lowering.index(0),
        one = lowering.index(1);
  auto floatType = cast<FloatType>(divisor.type.getElementType());
  Value zeroElement =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(floatType, 0.0));
  // (row, col) of the first zero, (-1, -1) while there is none.
  auto rows = scf::ForOp::create(
      b, loc, zero, divisor.validRows, one, ValueRange{none, none},
      [&](OpBuilder &rb, Location l, Value r, ValueRange found) {
        auto cols = scf::ForOp::create(
            rb, l, zero, divisor.validCols, one, found,
            [&](OpBuilder &cb, Location cl, Value c, ValueRange first) {
              Value isZero = arith::CmpFOp::create(
                  cb, cl, arith::CmpFPredicate::OEQ, divisor.load(cb, cl, r, c),
                  zeroElement);
              Value unset = arith::CmpIOp::create(
                  cb, cl, arith::CmpIPredicate::slt, first[0], zero);
              Value take = arith::AndIOp::create(cb, cl, isZero, unset);
              scf::YieldOp::create(
                  cb, cl,
                  ValueRange{
                      arith::SelectOp::create(cb, cl, take, r, first[0]),
                      arith::SelectOp::create(cb, cl, take, c, first[1])});
            });
        scf::YieldOp::create(rb, l, cols.getResults());
      });
  Value row = rows.getResult(0), col = rows.getResult(1);
  Value clear =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, row, zero);
  lowering.guarded(
      op, clear,
      Failure{RunTimeFailure::DivisionByZero, {name.str()}, {row, col}}, body);
}

/// `dst[r, c] = op(src[r, c])` over dst's valid region, as the binary
/// family's; a divisor of zero fails first (guardedNonzero).
static LogicalResult lowerUnaryElementwise(Operation *op,
                                           TileLowering &lowering) {
  auto tileOp = cast<TileOpInterface>(op);
  ElementOp elementOp = cast<FamilyOpInterface>(op).getElementOp();
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &src = at.tile(tileOp.getIns()[0]),
                    &dst = at.tile(tileOp.getOuts()[0]);
  Type elementType = dst.type.getElementType();

  auto compute = [&] {
    buildRegionLoops(lowering, loc, dst.validRows, dst.validCols,
                     [&](Value r, Value c) {
                       dst.store(b, loc,
                                 buildElementOp(b, loc, elementOp, elementType,
                                                src.load(b, loc, r, c)),
                                 r, c);
                     });
  };
  lowering.guardedSameValidShapes(op, {"src", "dst"}, {&src, &dst}, [&] {
    if (dividesByLastOperand(elementOp))
      guardedNonzero(op, lowering, src, "src", compute);
    else
      compute();
  });
  return success();
}

OpLoweringFn mlir::pto::getFamilyLowering(OpFamily family) {
  switch (family) {
  case OpFamily::BinaryElementwise:
    return lowerBinaryElementwise;
  case OpFamily::UnaryElementwise:
    return lowerUnaryElementwise;
  }
  llvm_unreachable("every OpFamily has a lowering");
}
