//===- LoopStepCheck.cpp - scf.for steps checked at run time --------------===//
#include "LoopStepCheck.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::pto;

/// Whether `step` is a constant the loop accepts (the usual `%c1`): no
/// check is needed.
static bool isAcceptedConstant(scf::ForOp loop) {
  APInt step;
  if (!matchPattern(loop.getStep(), m_ConstantInt(&step)))
    return false;
  return loop.getUnsignedCmp() ? !step.isZero() : step.isStrictlyPositive();
}

void mlir::pto::guardLoopSteps(ModuleOp module, OpOutliner &outliner) {
  module.walk([&](scf::ForOp loop) {
    if (isAcceptedConstant(loop))
      return;
    OpBuilder builder(loop);
    Location loc = loop.getLoc();
    Value step = loop.getStep();
    bool isUnsigned = loop.getUnsignedCmp();
    Type type = step.getType();
    Value zero =
        arith::ConstantOp::create(builder, loc, builder.getZeroAttr(type));
    Value accepted = arith::CmpIOp::create(
        builder, loc,
        isUnsigned ? arith::CmpIPredicate::ne : arith::CmpIPredicate::sgt, step,
        zero);
    outliner.checkInline(builder, loop, [&](TileLowering &lowering) {
      lowering.guarded(loop, accepted,
                       Failure{RunTimeFailure::NonPositiveStep,
                               {},
                               {FailureValue(step, isUnsigned)}},
                       [] {});
    });
    // A refused loop runs no iteration (upper = lower), with a step that
    // lets it end.
    Value one = arith::ConstantOp::create(builder, loc,
                                          builder.getIntegerAttr(type, 1));
    Value upper = arith::SelectOp::create(
        builder, loc, accepted, loop.getUpperBound(), loop.getLowerBound());
    Value newStep = arith::SelectOp::create(builder, loc, accepted, step, one);
    loop.getUpperBoundMutable().assign(upper);
    loop.getStepMutable().assign(newStep);
  });
}
