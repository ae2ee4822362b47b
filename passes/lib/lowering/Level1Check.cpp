//===- Level1Check.cpp - the host lowering takes Level 2 only -------------===//
#include "Level1Check.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "pto/PtoDialect.h"
#include "pto/PtoTileOpSupport.h"

using namespace mlir;
using namespace mlir::pto;

/// The message, for `what` of type `type`.
static LogicalResult reportLevel1(InFlightDiagnostic diag, const Twine &what,
                                  Type type) {
  return diag << what << " is a Level 1 tile (" << typeToString(type)
              << "); run pto-ssa-to-dps before lowering to host code";
}

/// Reports the first `!pto.tile` of `types` as `what #i` of `op`.
static LogicalResult checkTypes(Operation *op, StringRef what,
                                TypeRange types) {
  for (auto [i, type] : llvm::enumerate(types))
    if (isa<TileType>(type))
      return reportLevel1(op->emitOpError(), what + " #" + Twine(i), type);
  return success();
}

/// Reports the first `!pto.tile` argument of `block`, where it is declared.
static LogicalResult checkBlockArguments(Block &block) {
  for (BlockArgument arg : block.getArguments())
    if (isa<TileType>(arg.getType()))
      return reportLevel1(emitError(arg.getLoc()),
                          "block argument #" + Twine(arg.getArgNumber()),
                          arg.getType());
  return success();
}

LogicalResult mlir::pto::checkNoLevel1Tiles(ModuleOp module) {
  // Pre-order: a function's signature is reported before its body.
  WalkResult result = module.walk<WalkOrder::PreOrder>([](Operation *op) {
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (func && (failed(checkTypes(op, "argument", func.getArgumentTypes())) ||
                 failed(checkTypes(op, "result", func.getResultTypes()))))
      return WalkResult::interrupt();
    if (failed(checkTypes(op, "result", op->getResultTypes())))
      return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        // A function's entry block arguments are its arguments.
        if (func && block.isEntryBlock())
          continue;
        if (failed(checkBlockArguments(block)))
          return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
