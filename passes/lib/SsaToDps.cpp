//===- SsaToDps.cpp - Level 1 (SSA tiles) to Level 2 (DPS buffers) --------===//
//
// A hand-written bufferization: every tile op has the same shape (ins, outs,
// results; TileOpInterface), so "result i becomes outs[i]" converts any op,
// and straight-line kernels need only a liveness scan to decide in-place
// writes. See the pass description in PtoPasses.td for the rules.
//
#include "pto/PtoPasses.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::pto {
#define GEN_PASS_DEF_PTOSSATODPS
#include "pto/PtoPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;
using namespace mlir::pto;

static TileBufType toBuffer(TileType t) {
  return TileBufType::get(t.getContext(), t.getLocation(), t.getShape(),
                          t.getElementType(), t.getValidShape(), t.getBLayout(),
                          t.getSLayout(), t.getFractal(), t.getPad());
}

static bool holdsTiles(func::FuncOp func) {
  auto isTile = [](Type t) { return isa<TileType>(t); };
  if (llvm::any_of(func.getArgumentTypes(), isTile) ||
      llvm::any_of(func.getResultTypes(), isTile))
    return true;
  return func.walk([&](Operation *op) {
               return llvm::any_of(op->getResultTypes(), isTile)
                          ? WalkResult::interrupt()
                          : WalkResult::advance();
             })
      .wasInterrupted();
}

namespace {
/// Converts one kernel. Values are tracked by the buffer that holds them.
class KernelConverter {
public:
  explicit KernelConverter(func::FuncOp func) : func(func) {}

  LogicalResult run() {
    if (func.isExternal() || !func.getBody().hasOneBlock())
      return func.emitOpError()
             << "pto-ssa-to-dps handles kernels with one block only";
    Block &body = func.getBody().front();
    auto ret = cast<func::ReturnOp>(body.getTerminator());
    if (failed(checkSupported(body)) || failed(addOutParameters(ret)))
      return failure();
    SmallVector<Operation *> ops;
    for (Operation &op : body.without_terminator())
      ops.push_back(&op);
    for (Operation *op : ops)
      if (auto tileOp = dyn_cast<TileOpInterface>(op); tileOp && !tileOp.isBufferLevel())
        if (failed(convert(tileOp)))
          return failure();
    return finish(ret);
  }

private:
  LogicalResult checkSupported(Block &body) {
    for (Operation &op : body.without_terminator()) {
      bool touchesTiles =
          llvm::any_of(op.getOperandTypes(), [](Type t) { return isa<TileType>(t); }) ||
          llvm::any_of(op.getResultTypes(), [](Type t) { return isa<TileType>(t); });
      if (touchesTiles && !isa<TileOpInterface>(op) && !isa<TAssignOp>(op))
        return op.emitOpError()
               << "on !pto.tile values is not supported by pto-ssa-to-dps "
                  "(only tile ops in straight-line code are)";
    }
    return success();
  }

  /// Arguments become buffers; each tile result becomes an out-parameter.
  LogicalResult addOutParameters(func::ReturnOp ret) {
    Block &body = func.getBody().front();
    unsigned numInputs = body.getNumArguments();
    llvm::SmallDenseSet<Value> returned;
    for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
      auto tile = dyn_cast<TileType>(value.getType());
      if (!tile)
        return ret.emitOpError() << "pto-ssa-to-dps: result #" << i
                                 << " is not a tile; only tiles can be returned";
      if (isa<BlockArgument>(value) || !returned.insert(value).second)
        return ret.emitOpError()
               << "pto-ssa-to-dps: result #" << i
               << " returns an argument or a value returned before; that "
                  "needs a copy and pto has no copy op";
      BlockArgument out = body.addArgument(toBuffer(tile), value.getLoc());
      outParamOf[value] = out;
    }
    for (BlockArgument arg : body.getArguments().take_front(numInputs))
      if (auto tile = dyn_cast<TileType>(arg.getType()))
        arg.setType(toBuffer(tile));
    return success();
  }

  /// True when no op after `op` reads `value` (the terminator included).
  bool deadAfter(Value value, Operation *op) {
    return llvm::all_of(value.getUsers(), [&](Operation *user) {
      return user == op || user->isBeforeInBlock(op);
    });
  }

  /// Only an elementwise op may read and write one buffer, and only for a
  /// result valid everywhere: a Level 1 result is zero outside its valid
  /// region, which a reused buffer is not.
  static bool mayWriteOverSource(TileOpInterface op, TileType result) {
    return op->hasTrait<OpTrait::Elementwise>() &&
           llvm::equal(result.getValidShape(), result.getShape());
  }

  /// The buffer result `i` of `op` is written into.
  FailureOr<Value> destinationFor(TileOpInterface op, unsigned i,
                                  OpBuilder &builder) {
    Value result = op->getResult(i);
    if (Value out = outParamOf.lookup(result))
      return out;
    auto type = cast<TileType>(result.getType());
    // In place: an operand of the same type whose buffer this kernel
    // allocated, read by no later op (and not returned). A buffer holds one
    // live value at a time, so it can be reused again down a chain.
    if (mayWriteOverSource(op, type))
      for (Value in : op.getIns()) {
        Value buffer = bufferOf.lookup(in);
        if (in.getType() == type && buffer && allocated.contains(buffer) &&
            deadAfter(in, op))
          return buffer;
      }
    if (!type.hasStaticValidShape())
      return op->emitOpError()
             << "result #" << i << " has dynamic valid extents ("
             << formatShape(type.getValidShape())
             << "): pto-ssa-to-dps cannot allocate its buffer";
    Value buffer = builder.create<AllocTileOp>(op.getLoc(), toBuffer(type),
                                               Value(), Value());
    allocated.insert(buffer);
    return buffer;
  }

  LogicalResult convert(TileOpInterface op) {
    OpBuilder builder(op);
    SmallVector<Value> ins, outs;
    for (Value in : op.getIns())
      ins.push_back(bufferOf.lookup(in) ? bufferOf.lookup(in) : in);
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      FailureOr<Value> out = destinationFor(op, i, builder);
      if (failed(out))
        return failure();
      outs.push_back(*out);
    }
    // Same op name and attributes; results move to outs.
    OperationState state(op.getLoc(), op->getName());
    state.addOperands(ins);
    state.addOperands(outs);
    for (NamedAttribute attr : op->getAttrs())
      if (attr.getName() != "operandSegmentSizes")
        state.addAttribute(attr.getName(), attr.getValue());
    setTileOpSegments(state, ins.size(), outs.size());
    builder.create(state);
    for (auto [result, out] : llvm::zip(op->getResults(), outs))
      bufferOf[result] = out;
    // Any non-tile-op user (tassign) now reads the buffer.
    for (auto [result, out] : llvm::zip(op->getResults(), outs))
      result.replaceUsesWithIf(out, [](OpOperand &use) {
        return !isa<TileOpInterface>(use.getOwner()) &&
               !isa<func::ReturnOp>(use.getOwner());
      });
    pending.push_back(op);
    return success();
  }

  LogicalResult finish(func::ReturnOp ret) {
    // The old return reads the Level 1 values: erase it before their ops.
    OpBuilder(ret).create<func::ReturnOp>(ret.getLoc());
    ret.erase();
    for (Operation *op : llvm::reverse(pending))
      op->erase();
    Block &body = func.getBody().front();
    func.setFunctionType(FunctionType::get(func.getContext(),
                                           body.getArgumentTypes(), {}));
    return success();
  }

  func::FuncOp func;
  DenseMap<Value, Value> bufferOf;   // Level 1 value -> buffer holding it
  DenseMap<Value, Value> outParamOf; // returned value -> its out-parameter
  llvm::SmallDenseSet<Value> allocated; // buffers this kernel allocated
  SmallVector<Operation *> pending;  // Level 1 ops to erase at the end
};

struct PtoSsaToDps : pto::impl::PtoSsaToDpsBase<PtoSsaToDps> {
  void runOnOperation() override {
    for (auto func : llvm::make_early_inc_range(getOperation().getOps<func::FuncOp>()))
      if (holdsTiles(func) && failed(KernelConverter(func).run()))
        return signalPassFailure();
  }
};
} // namespace
