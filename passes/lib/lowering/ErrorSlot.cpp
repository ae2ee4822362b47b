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
  module.walk([&](func::CallOp call) {
    auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
    if (callee && hasErrorSlot(callee))
      call.getOperandsMutable().append(getErrorSlot(call));
  });
  return success();
}

Value mlir::pto::getErrorSlot(Operation *op) {
  auto func = op->getParentOfType<func::FuncOp>();
  return func.getBody().front().getArguments().back();
}
