//===- PtoToStd.cpp - Level 2 pto ops to memref/scf/arith -----------------===//
//
// A dialect conversion: HostTypeConverter turns each tile buffer into its
// bytes and dynamic valid extents (1:N), the patterns of
// PtoToStdPatterns.cpp replace the pto ops, and MLIR's structural
// conversions carry the new values through function signatures, calls,
// returns and scf.for/if/while. Before it, the module is checked
// for what the host cannot run (each reported with its reason, not as a
// failed legalization) and every function gets its error slot
// (ErrorSlot.h).
//
#include "ErrorSlot.h"
#include "Level1Check.h"
#include "LoopStepCheck.h"
#include "OpOutliner.h"
#include "Placement.h"
#include "PtoasCoreLowering.h"
#include "pto/GlobalMemory.h"

#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace mlir::pto {
#define GEN_PASS_DEF_PTOTOSTD
#include "pto/PtoLoweringPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;
using namespace mlir::pto;

namespace {

LogicalResult checkHostLayout(Operation *op, StringRef what, TileBufType type) {
  std::string problem = getStorageProblem(type);
  if (problem.empty())
    return success();
  return op->emitOpError() << what << " (" << typeToString(type)
                           << ") cannot be held on the host: " << problem;
}

LogicalResult checkFunction(func::FuncOp func) {
  if (func.isExternal()) {
    if (llvm::any_of(func.getArgumentTypes(), llvm::IsaPred<TileBufType>))
      return func.emitOpError("is a declaration with tile buffer arguments, "
                              "which the host lowering cannot call");
    if (llvm::any_of(func.getResultTypes(), llvm::IsaPred<TileBufType>))
      return func.emitOpError("is a declaration returning tile buffers, "
                              "which the host lowering cannot call");
    return success();
  }
  if (llvm::any_of(func.getResultTypes(), llvm::IsaPred<TileBufType>))
    return func.emitOpError()
           << "returns a tile buffer, which the host lowering does not "
              "support (write it through an argument)";
  for (BlockArgument arg : func.getArguments())
    if (auto type = dyn_cast<TileBufType>(arg.getType()))
      if (failed(checkHostLayout(
              func, "argument #" + std::to_string(arg.getArgNumber()), type)))
        return failure();
  // The structural conversions carry tile buffers into the entry blocks of
  // functions and scf regions only. A branch passing one is refused as a
  // user (checkTileUsers); a block no branch reaches would still keep its
  // tile-typed argument, which the conversion cannot legalize.
  WalkResult result = func.getBody().walk([](Block *block) {
    if (block->isEntryBlock())
      return WalkResult::advance();
    for (BlockArgument arg : block->getArguments())
      if (auto type = dyn_cast<TileBufType>(arg.getType())) {
        emitError(arg.getLoc())
            << "block argument #" << arg.getArgNumber() << " ("
            << typeToString(type)
            << ") is a tile buffer in a block other than an entry block, "
               "which the host lowering does not support (tile buffers flow "
               "through function arguments, calls and scf control flow)";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// An allocation is freed before the terminator of its block, so neither
/// the buffer nor a value that may be it may be used past that point. The
/// values that may be it: the results of an op it is an operand of (a view
/// of it, a loop started from it) and of an op whose region's terminator
/// passes it on (an scf.if or loop yielding it).
LogicalResult checkStaysInBlock(AllocTileOp alloc) {
  Block *block = alloc->getBlock();
  SmallVector<Value> worklist{alloc.getResult()};
  DenseSet<Value> seen(worklist.begin(), worklist.end());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      Operation *inBlock = block->findAncestorOpInBlock(*user);
      if (!inBlock || inBlock == block->getTerminator())
        return alloc.emitOpError()
               << "result is used after the end of its block (by '"
               << user->getName()
               << "'), which the host lowering does not support: it frees "
                  "the buffer there (allocate it in an enclosing block)";
      Operation *aliasing = user->hasTrait<mlir::OpTrait::IsTerminator>()
                                ? user->getParentOp()
                                : user;
      for (Value result : aliasing->getResults())
        if (isa<TileBufType>(result.getType()) && seen.insert(result).second)
          worklist.push_back(result);
    }
  }
  return success();
}

LogicalResult checkPtoOp(Operation *op, ModuleOp module) {
  // Only the functions of this module are lowered, not those of a module
  // nested in it.
  if (op->getParentOfType<ModuleOp>() != module)
    return op->emitOpError("is in a nested module; the host lowering lowers "
                           "the functions of the top-level module only");
  if (!op->getParentOfType<func::FuncOp>())
    return op->emitOpError(
        "is outside a function and cannot be lowered to host code");
  if (auto alloc = dyn_cast<AllocTileOp>(op))
    return failure(failed(checkHostLayout(op, "result", alloc.getType())) ||
                   failed(checkStaysInBlock(alloc)));
  if (isa<TAssignOp, MakeTensorViewOp, PartitionViewOp, TStoreOp, ValidShapeOp,
          SetValidShapeOp>(op) ||
      isPtoasCoreOp(op))
    return success();
  // The same reason as the interpreter's (runtime/interp/ops/tprint.py).
  if (auto print = dyn_cast<TPrintOp>(op)) {
    if (isa<TileBufType>(print.getSrc().getType()))
      return success();
    return op->emitOpError(
        "prints a window of global memory, which no engine runs: pto-isa's "
        "CPU simulator prints tiles only (include/pto/cpu/TPrint.hpp:59-75 "
        "reads the tile's valid shape); tprint a tile loaded from it");
  }
  // No engine runs tgather's compare form (docs/ops/tgather.md).
  if (auto gather = dyn_cast<TGatherOp>(op); gather && gather.isCompareForm())
    return op->emitOpError("in the compare form cannot be lowered to host "
                           "code: pto-isa's CPU simulator has no compare "
                           "form to define it");
  // (checkNoLevel1Tiles has refused Level 1 ops: their results are tiles.)
  if (!isa<TileOpInterface>(op))
    return op->emitOpError("cannot be lowered to host code yet");
  auto view = dyn_cast<TileViewOpInterface>(op);
  if (!view || !view.isView())
    return success();
  auto type = cast<TileBufType>(view.getViewDest().getType());
  if (llvm::any_of(type.getValidShape(), ShapedType::isDynamic))
    return op->emitOpError()
           << "view result " << typeToString(type)
           << " has a dynamic valid shape, which the host lowering does not "
              "support (allowed: a static valid shape)";
  return checkHostLayout(op, "view result", type);
}

/// Tile buffers flow into pto ops and through the control flow the
/// structural conversions rewrite; any other user would keep a tile type.
LogicalResult checkTileUsers(Operation *op) {
  if (isa_and_present<PtoDialect, scf::SCFDialect>(op->getDialect()) ||
      isa<func::CallOp, func::ReturnOp>(op) ||
      !llvm::any_of(op->getOperandTypes(), llvm::IsaPred<TileBufType>))
    return success();
  return op->emitOpError("uses a tile buffer, which the host lowering does "
                         "not support (tile buffers may only be used by pto "
                         "ops, scf control flow and calls)");
}

/// Puts on each tload and tstore the layout its window maps in, which it
/// finds through the view ops the conversion replaces before it.
void annotateWindowLayouts(ModuleOp module) {
  auto annotate = [](Operation *op, Value window, Value tile) {
    GlobalLayout layout =
        getWindowLayout(window, cast<TileLikeType>(tile.getType()));
    op->setAttr(kWindowLayoutAttrName,
                GlobalLayoutAttr::get(op->getContext(), layout));
  };
  module.walk([&](Operation *op) {
    if (auto load = dyn_cast<TLoadOp>(op); load && load.getDst())
      annotate(op, load.getSrc(), load.getDst());
    else if (auto store = dyn_cast<TStoreOp>(op))
      annotate(op, store.getDst(), store.getSrc());
  });
}

/// Everything the conversion cannot lower, each with its reason.
LogicalResult checkHostLowerable(ModuleOp module) {
  if (failed(checkNoLevel1Tiles(module)))
    return failure();
  for (auto func : module.getOps<func::FuncOp>())
    if (failed(checkFunction(func)))
      return failure();
  WalkResult result = module.walk([&](Operation *op) {
    if (isa_and_present<PtoDialect>(op->getDialect())
            ? failed(checkPtoOp(op, module))
            : failed(checkTileUsers(op)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct PtoToStdPass : mlir::pto::impl::PtoToStdBase<PtoToStdPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    // The lowering maps windows in their types' layouts.
    if (failed(moveViewLayoutsIntoTypes(module)))
      return signalPassFailure();
    std::optional<TargetArch> runTarget = lookupTargetArch(module);
    if (!runTarget && !target.empty()) {
      runTarget = parseTargetArch(target);
      if (!runTarget) {
        emitError(module.getLoc())
            << "pto-to-std: unknown target '" << target << "'";
        return signalPassFailure();
      }
    }
    HostPlacement placement;
    if (failed(checkHostLowerable(module)) || failed(placement.place(module)) ||
        failed(addErrorSlots(module)))
      return signalPassFailure();
    annotateWindowLayouts(module);
    declareCoreQuery(module);
    declareTilePrint(module);

    HostTypeConverter converter;
    ConversionTarget target(*context);
    target.addIllegalDialect<PtoDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp func) {
      return converter.isSignatureLegal(func.getFunctionType()) &&
             converter.isLegal(&func.getBody());
    });
    // func.call, func.return and the ops the lowering emits.
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return converter.isLegal(op); });

    RewritePatternSet patterns(context);
    OpOutliner outliner(module, rowRanges);
    guardLoopSteps(module, outliner);
    placement.checkCapacities(outliner, runTarget);
    if (failed(outliner.placeValidCells(module)))
      return signalPassFailure();
    populatePtoToStdPatterns(converter, outliner, patterns);
    populatePtoasCorePatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    // No pattern fails once it has changed the IR (an op lowering that
    // reports an error erases its op and the pass fails after), so the
    // conversion needs no rollback: MLIR's one-shot mode (0.21 s less of
    // the 1.15 s `--pto-to-std` takes on a 100,000-op kernel).
    ConversionConfig config;
    config.allowPatternRollback = false;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)) ||
        outliner.hadErrors())
      return signalPassFailure();
    module->setAttr(kHostErrorsAttrName,
                    Builder(context).getArrayAttr(outliner.getMessages()));
  }
};

} // namespace
