//===- PtoToStd.cpp - Level 2 pto ops to memref/scf/arith -----------------===//
//
// Rewrites each function in place: tile buffer arguments become byte memrefs
// (plus their dynamic valid extents and a trailing error slot), allocations
// become memref.alloc, and every tile op becomes a call of its lowering from
// getOpLowerings() (OpOutliner.h says why a call). Anything it does not know
// is an error naming the op.
//
#include "OpOutliner.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

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

/// Tile buffers may only flow into pto ops: the lowering replaces them.
LogicalResult checkUsesArePto(Value tile, Operation *owner, StringRef what) {
  for (OpOperand &use : tile.getUses())
    if (!isa<PtoDialect>(use.getOwner()->getDialect()))
      return owner->emitOpError()
             << what << " is used by '" << use.getOwner()->getName()
             << "', which the host lowering does not support (tile buffers "
                "may only be used by pto ops)";
  return success();
}

class FunctionLowering {
public:
  FunctionLowering(func::FuncOp func, OpOutliner &outliner)
      : func(func), builder(func.getContext()), outliner(outliner) {}

  LogicalResult run() {
    if (failed(rewriteSignature()))
      return failure();
    SmallVector<Operation *> ptoOps;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<PtoDialect>(op->getDialect()))
        ptoOps.push_back(op);
    });
    for (Operation *op : ptoOps)
      if (failed(lowerOp(op)))
        return failure();
    for (Operation *op : llvm::reverse(ptoOps))
      op->erase();
    return success();
  }

private:
  /// (tile_buf args...) -> (memref<Nxi8> [, index per `?` extent]..., error slot)
  LogicalResult rewriteSignature() {
    for (Type type : func.getResultTypes())
      if (isa<TileBufType>(type))
        return func.emitOpError()
               << "returns a tile buffer, which the host lowering does not "
                  "support (write it through an argument)";
    Block &entry = func.front();
    Location loc = func.getLoc();
    IndexType indexType = builder.getIndexType();
    errorSlot = entry.addArgument(getErrorSlotType(builder.getContext()), loc);

    for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
      BlockArgument arg = entry.getArgument(i);
      auto type = dyn_cast<TileBufType>(arg.getType());
      if (!type)
        continue;
      std::string what = "argument #" + std::to_string(arg.getArgNumber());
      if (failed(checkHostLayout(func, what, type)) ||
          failed(checkUsesArePto(arg, func, what)))
        return failure();
      arg.setType(getBytesType(type));
      HostBuffer &buffer = buffers[arg];
      buffer.type = type;
      buffer.bytes = arg;
      for (int64_t extent : type.getValidShape())
        if (ShapedType::isDynamic(extent))
          buffer.dynamicExtents.push_back(entry.insertArgument(++i, indexType, loc));
    }
    func.setFunctionType(
        builder.getFunctionType(entry.getArgumentTypes(), func.getResultTypes()));
    return success();
  }

  LogicalResult lowerOp(Operation *op) {
    builder.setInsertionPoint(op);
    if (auto alloc = dyn_cast<AllocTileOp>(op))
      return lowerAlloc(alloc);
    // Every buffer gets host memory of its own. That matches the device
    // exactly when no two live buffers share bytes, which pto-plan-memory
    // guarantees; the placement itself then means nothing on the host.
    if (isa<TAssignOp>(op))
      return success();
    if (auto view = dyn_cast<TileViewOpInterface>(op); view && view.isView())
      return lowerView(view);
    auto tileOp = dyn_cast<TileOpInterface>(op);
    if (!tileOp)
      return op->emitOpError("cannot be lowered to host code yet");
    if (!tileOp.isBufferLevel())
      return op->emitOpError("is a Level 1 (SSA) op; run pto-ssa-to-dps "
                             "before lowering to host code");
    const auto &lowerings = getOpLowerings();
    auto it = lowerings.find(op->getName().getStringRef());
    if (it == lowerings.end())
      return op->emitOpError("cannot be lowered to host code yet");
    for (Value operand : op->getOperands())
      if (isa<TileBufType>(operand.getType()) && !buffers.count(operand))
        return op->emitOpError("reads a tile buffer that the host lowering did "
                               "not define");
    return outliner.lowerAsCall(op, it->second, func, builder, buffers, errorSlot);
  }

  /// A buffer view (`%d = pto.treshape %s : !pto.tile_buf<A> ->
  /// !pto.tile_buf<B>`) is the source's bytes read as the result's type.
  LogicalResult lowerView(TileViewOpInterface view) {
    Operation *op = view.getOperation();
    auto type = dyn_cast<TileBufType>(view.getViewDest().getType());
    if (!type)
      return op->emitOpError("is a Level 1 (SSA) op; run pto-ssa-to-dps "
                             "before lowering to host code");
    // Nothing gives the extents a value: the view has no operands for them.
    if (llvm::any_of(type.getValidShape(), ShapedType::isDynamic))
      return op->emitOpError()
             << "view result " << typeToString(type)
             << " has a dynamic valid shape, which the host lowering does not "
                "support (allowed: a static valid shape)";
    if (failed(checkHostLayout(op, "view result", type)) ||
        failed(checkUsesArePto(view.getViewDest(), op, "view result")))
      return failure();
    auto source = buffers.find(view.getViewSource());
    if (source == buffers.end())
      return op->emitOpError("reads a tile buffer that the host lowering did "
                             "not define");
    Value bytes = source->second.bytes;
    HostBuffer &buffer = buffers[view.getViewDest()];
    buffer.type = type;
    buffer.bytes = bytes;
    return success();
  }

  LogicalResult lowerAlloc(AllocTileOp alloc) {
    TileBufType type = alloc.getResult().getType();
    if (failed(checkHostLayout(alloc, "result", type)) ||
        failed(checkUsesArePto(alloc.getResult(), alloc, "result")))
      return failure();
    Location loc = alloc.getLoc();
    MemRefType bytesType = getBytesType(type);
    Value bytes = memref::AllocOp::create(builder, loc, bytesType,
                                          builder.getI64IntegerAttr(64));
    // A new buffer is zero-filled (as the reference runtime's): Level 1
    // results are zero wherever their op writes nothing.
    zeroFill(builder, loc, bytes);
    HostBuffer &buffer = buffers[alloc.getResult()];
    buffer.type = type;
    buffer.bytes = bytes;
    if (alloc.getValidRow())
      buffer.dynamicExtents.push_back(alloc.getValidRow());
    if (alloc.getValidCol())
      buffer.dynamicExtents.push_back(alloc.getValidCol());
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(alloc->getBlock()->getTerminator());
    memref::DeallocOp::create(builder, loc, bytes);
    return success();
  }

  func::FuncOp func;
  OpBuilder builder;
  OpOutliner &outliner;
  Value errorSlot;
  DenseMap<Value, HostBuffer> buffers;
};

struct PtoToStdPass : mlir::pto::impl::PtoToStdBase<PtoToStdPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Lowered functions gain arguments, so calls between them would break.
    WalkResult calls = module.walk([&](func::CallOp call) {
      auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
      if (!callee || callee.isExternal())
        return WalkResult::advance();
      call.emitOpError("calls a function of the module, which the host "
                       "lowering does not support yet");
      return WalkResult::interrupt();
    });
    if (calls.wasInterrupted())
      return signalPassFailure();
    OpOutliner outliner(module);
    // The outlined functions are added while the kernels are lowered.
    for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
      if (func.isExternal()) {
        for (Type type : func.getArgumentTypes())
          if (isa<TileBufType>(type)) {
            func.emitOpError("is a declaration with tile buffer arguments, "
                             "which the host lowering cannot call");
            return signalPassFailure();
          }
        continue;
      }
      if (failed(FunctionLowering(func, outliner).run()))
        return signalPassFailure();
    }
    WalkResult leftover = module.walk([](Operation *op) {
      if (!isa<PtoDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitOpError("is outside a function and cannot be lowered to host code");
      return WalkResult::interrupt();
    });
    if (leftover.wasInterrupted())
      return signalPassFailure();
    module->setAttr(kHostErrorsAttrName,
                    Builder(module.getContext()).getArrayAttr(outliner.getMessages()));
  }
};

} // namespace
