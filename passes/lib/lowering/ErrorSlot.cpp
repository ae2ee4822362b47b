//===- ErrorSlot.cpp - where run-time failures go -------------------------===//
#include "ErrorSlot.h"

using namespace mlir;
using namespace mlir::pto;

static bool hasErrorSlot(func::FuncOp func) { return !func.isExternal(); }

LogicalResult mlir::pto::addErrorSlots(ModuleOp module) {
  MemRefType slotType = getErrorSlotType(module.getContext());
  SymbolTable symbols(module);
  for (auto func : module.getOps<func::FuncOp>())
    if (hasErrorSlot(func) &&
        failed(func.insertArgument(func.getNumArguments(), slotType, {},
                                   func.getLoc())))
      return failure();
  WalkResult walk = module.walk([&](func::CallOp call) {
    auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
    if (!callee || !hasErrorSlot(callee))
      return WalkResult::advance();
    // The call passes its caller's slot on; a call outside any function
    // (func.call verifies anywhere) has none to pass.
    if (!call->getParentOfType<func::FuncOp>()) {
      call.emitOpError("outside a function has no host lowering: a call "
                       "passes its caller's run-time error slot to the callee");
      return WalkResult::interrupt();
    }
    call.getOperandsMutable().append(getErrorSlot(call));
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

Value mlir::pto::getErrorSlot(Operation *op) {
  auto func = op->getParentOfType<func::FuncOp>();
  return func.getBody().front().getArguments().back();
}
