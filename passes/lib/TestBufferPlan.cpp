//===- TestBufferPlan.cpp - print pto-ssa-to-dps's plan as remarks --------===//
//
// Test only: makes BufferPlan testable on its own (test/Passes/buffer-plan*).
//
#include "BufferPlan.h"

#include "pto/PtoPasses.h"

namespace mlir::pto {
#define GEN_PASS_DEF_PTOTESTBUFFERPLAN
#include "pto/PtoPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;
using namespace mlir::pto;

/// "result #i", "argument #i" (a function's) or "block argument #i" (of a
/// region's block), and the op to report it at.
static std::pair<std::string, Operation *> nameAndPlace(Value value) {
  if (auto result = dyn_cast<OpResult>(value))
    return {"result #" + std::to_string(result.getResultNumber()),
            result.getOwner()};
  auto arg = cast<BlockArgument>(value);
  Operation *owner = arg.getOwner()->getParentOp();
  std::string kind =
      isa<func::FuncOp>(owner) ? "argument #" : "block argument #";
  return {kind + std::to_string(arg.getArgNumber()), owner};
}

namespace {
struct PtoTestBufferPlan : pto::impl::PtoTestBufferPlanBase<PtoTestBufferPlan> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!holdsTiles(func))
        continue;
      FailureOr<BufferPlan> plan = BufferPlan::compute(func);
      if (failed(plan))
        return signalPassFailure();
      for (const Placement &placement : plan->placements()) {
        auto [name, place] = nameAndPlace(placement.value);
        place->emitRemark() << name << ": " << plan->describe(placement.buffer)
                            << ": " << placement.reason;
      }
    }
  }
};
} // namespace
