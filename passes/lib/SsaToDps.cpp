//===- SsaToDps.cpp - Level 1 (SSA tiles) to Level 2 (DPS buffers) --------===//
//
// The rewrite half of pto-ssa-to-dps: BufferPlan (BufferPlan.h) has decided,
// for the whole kernel, which buffer holds each Level 1 tile value; the
// PlanExecutor below makes those buffers and the Level 2 ops, and decides
// nothing. Every tile op has the same shape (ins, outs, results;
// TileOpInterface), so "result i becomes outs[i]" converts any op. The
// Level 1 ops stay in place (as keys) until everything is converted, then
// are erased; a rebuilt loop or branch takes over the old one's blocks.
// See the pass description in PtoPasses.td for the rules, and
// docs/bufferization.md for why this is not One-Shot Bufferize.
//
#include "BufferPlan.h"
#include "pto/GlobalMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "pto/PtoPasses.h"
#include "pto/RunTimeFailure.h"

namespace mlir::pto {
#define GEN_PASS_DEF_PTOSSATODPS
#include "pto/PtoPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;
using namespace mlir::pto;

bool mlir::pto::rewritesRegionBranch(Operation *op) {
  return isa<scf::ForOp, scf::WhileOp, scf::IfOp>(op);
}

bool mlir::pto::rewritesCall(Operation *op) { return isa<func::CallOp>(op); }

bool mlir::pto::carriesExtentsThrough(Operation *op) {
  return isa<scf::ForOp, scf::IfOp>(op);
}

/// The `?` extents of tile type `type`, rows first, as a callee returns them.
static unsigned numDynamicExtents(TileType type) {
  return llvm::count_if(type.getValidShape(), ShapedType::isDynamic);
}

/// Tile op `op` again, at `builder`'s insertion point, with `ins` and
/// `outs` (no inits: they are Level 1 only), `resultTypes` and the rest of
/// its properties and attributes.
/// The properties are copied as they are: `op->getAttrs()` would build a
/// dictionary of them for every op of a long kernel.
static Operation *recreate(OpBuilder &builder, TileOpInterface op,
                           TypeRange resultTypes, ValueRange ins,
                           ValueRange outs, StringAttr segmentsName) {
  SmallVector<Value> operands(ins);
  llvm::append_range(operands, outs);
  Operation *copy = Operation::create(
      op->getLoc(), op->getName(), resultTypes, operands,
      op->getDiscardableAttrDictionary(), op->getPropertiesStorage(),
      /*successors=*/{}, /*numRegions=*/0);
  if (op->hasTrait<::mlir::OpTrait::AttrSizedOperandSegments>()) {
    const TileOperandGroups &groups = op.getOperandGroups();
    SmallVector<int32_t, 8> sizes;
    SmallVector<int32_t, 1> inits(groups.numInits, 0);
    // The op verified, so its numbers of ins and outs fit.
    (void)getTileOpSegmentSizes(groups, ins.size(), inits, outs.size(), sizes,
                                [&] { return op->emitOpError(); });
    copy->setInherentAttr(segmentsName, builder.getDenseI32ArrayAttr(sizes));
  }
  return builder.insert(copy);
}

namespace {
/// Converts one kernel as its BufferPlan says: makes each planned buffer
/// where the plan's decision is taken (a new buffer before the op, loop,
/// branch or call it is for), rewrites each Level 1 op into its Level 2
/// form on those buffers and adds the copies the plan implies (a value not
/// in the buffer it must reach: a carrier, an out-parameter, a copy of the
/// tile a result starts from).
class PlanExecutor {
public:
  PlanExecutor(func::FuncOp func, const BufferPlan &plan)
      : func(func), plan(plan),
        segmentsName(StringAttr::get(func.getContext(),
                                     ::mlir::OpTrait::AttrSizedOperandSegments<
                                         void>::getOperandSegmentSizeAttr())),
        buffers(plan.numBuffers()) {}

  LogicalResult run() {
    if (func.isExternal()) {
      convertDeclaration();
      return success();
    }
    Block &body = func.getBody().front();
    auto ret = cast<func::ReturnOp>(body.getTerminator());
    addOutParameters(ret);
    if (failed(convertBlock(body)))
      return failure();
    finish(ret);
    return success();
  }

private:
  /// A declaration gets the signature its definition would get.
  void convertDeclaration() {
    SmallVector<Type> inputs, results;
    for (Type type : func.getArgumentTypes()) {
      auto tile = dyn_cast<TileType>(type);
      inputs.push_back(tile ? toBuffer(tile) : type);
    }
    for (Type type : func.getResultTypes()) {
      auto tile = cast<TileType>(type); // BufferPlan checked
      inputs.push_back(toBuffer(carrierType(tile)));
      results.append(numDynamicExtents(tile),
                     IndexType::get(func.getContext()));
    }
    func.setFunctionType(FunctionType::get(func.getContext(), inputs, results));
  }

  /// Arguments become buffers; each tile result gets its out-parameter.
  void addOutParameters(func::ReturnOp ret) {
    Block &body = func.getBody().front();
    unsigned numInputs = body.getNumArguments();
    for (auto [value, out] : llvm::zip(ret.getOperands(), plan.outParameters()))
      buffers[out] =
          body.addArgument(toBuffer(plan.buffer(out).type), value.getLoc());
    for (BlockArgument arg : body.getArguments().take_front(numInputs))
      if (auto tile = dyn_cast<TileType>(arg.getType())) {
        arg.setType(toBuffer(tile));
        buffers[*plan.home(arg)] = arg;
      }
  }

  LogicalResult convertBlock(Block &block) {
    SmallVector<Operation *> ops;
    for (Operation &op : block.without_terminator())
      ops.push_back(&op);
    for (Operation *op : ops)
      if (failed(convertOp(op)))
        return failure();
    return success();
  }

  /// (BufferPlan has refused every op on tiles not handled here.)
  LogicalResult convertOp(Operation *op) {
    if (auto tileOp = dyn_cast<TileOpInterface>(op))
      return tileOp.isBufferLevel() || !touchesTiles(op)
                 ? success()
                 : convertTileOp(tileOp);
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      return convertFor(forOp);
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      return convertIf(ifOp);
    if (auto whileOp = dyn_cast<scf::WhileOp>(op))
      return convertWhile(whileOp);
    if (auto call = dyn_cast<func::CallOp>(op)) {
      if (touchesTiles(op))
        convertCall(call);
      return success();
    }
    if (auto store = dyn_cast<TStoreOp>(op)) {
      if (!store.isBufferLevel())
        convertStore(store);
      return success();
    }
    // A query reads the buffer that holds its tile.
    if (auto query = dyn_cast<ValidShapeOp>(op)) {
      query.getTileMutable().assign(bufferFor(query.getTile()));
      return success();
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (failed(convertBlock(block)))
          return failure();
    return success();
  }

  /// The buffer holding Level 1 value `value` (a Level 2 value is its own).
  Value bufferFor(Value value) {
    std::optional<BufferId> home = plan.home(value);
    return home ? buffers[*home] : value;
  }

  /// Is `id` a new buffer made for `value` here (a new allocation or
  /// carrier, whose origin it is)?
  bool isMadeFor(BufferId id, Value value, PlannedBuffer::Kind kind) {
    const PlannedBuffer &buffer = plan.buffer(id);
    return buffer.kind == kind && buffer.origin == value;
  }

  /// A new buffer of `type`; its `?` valid extents are those of `extents`
  /// (rows, cols), which BufferPlan made sure there are.
  Value allocate(Location loc, TileType type, OpBuilder &builder,
                 std::optional<std::array<OpFoldResult, 2>> extents = {}) {
    ArrayRef<int64_t> valid = type.getValidShape();
    auto extent = [&](unsigned dim) -> Value {
      if (!ShapedType::isDynamic(valid[dim]))
        return Value();
      OpFoldResult given = (*extents)[dim];
      if (auto attr = dyn_cast<Attribute>(given))
        return arith::ConstantIndexOp::create(builder, loc,
                                              cast<IntegerAttr>(attr).getInt());
      return cast<Value>(given);
    };
    return AllocTileOp::create(builder, loc, toBuffer(type),
                               /*addr=*/Value(), extent(0), extent(1));
  }

  /// The valid extents of result `i` of `op` (which reads `ins`, buffers),
  /// built before `builder`'s point when its type has `?` ones: those of
  /// `init`'s buffer for a result that starts from it, else those the op
  /// determines (ResultValidShapeOpInterface); std::nullopt when the type
  /// has none. Failure when the op fails to build them (reported).
  FailureOr<std::optional<std::array<OpFoldResult, 2>>>
  resultExtents(TileOpInterface op, unsigned i, ValueRange ins, Value init,
                OpBuilder &builder) {
    using Extents = std::optional<std::array<OpFoldResult, 2>>;
    if (cast<TileType>(op->getResult(i).getType()).hasStaticValidShape())
      return Extents();
    if (init)
      return Extents(
          ValidShapeOp::buildExtents(builder, op.getLoc(), bufferFor(init)));
    FailureOr<std::array<OpFoldResult, 2>> built =
        cast<ResultValidShapeOpInterface>(op.getOperation())
            .buildResultValidShape(builder, i, ins);
    if (failed(built))
      return failure();
    return Extents(*built);
  }

  /// Copies every byte of `from` into `to` (the DPS form of pto.treshape
  /// between equal types is a copy).
  void copy(OpBuilder &builder, Location loc, Value from, Value to) {
    TReshapeOp::create(builder, loc, TypeRange(), /*src=*/from, /*dst=*/to);
  }

  /// A Level 1 view (pto.treshape) stays a view: of the source's buffer.
  void convertView(TileViewOpInterface view) {
    Value result = view.getViewDest();
    OpBuilder builder(view);
    buffers[*plan.home(result)] =
        recreate(builder, cast<TileOpInterface>(view.getOperation()),
                 toBuffer(cast<TileType>(result.getType())),
                 bufferFor(view.getViewSource()), /*outs=*/{}, segmentsName)
            ->getResult(0);
    pending.push_back(view);
  }

  /// The buffer result `i` of `op` is written into: a new one (with the
  /// extents of the result), or one the plan reuses; a result that starts
  /// from another tile (DestinationInitOpInterface) gets that tile's bytes
  /// first unless it is written in place of it.
  FailureOr<Value> destinationFor(TileOpInterface op, unsigned i,
                                  ValueRange ins, OpBuilder &builder) {
    Value result = op->getResult(i);
    BufferId id = *plan.home(result);
    Value init;
    if (auto withInit = dyn_cast<DestinationInitOpInterface>(op.getOperation()))
      init = withInit.getDestinationInit(i);
    if (isMadeFor(id, result, PlannedBuffer::Kind::Allocation)) {
      FailureOr<std::optional<std::array<OpFoldResult, 2>>> extents =
          resultExtents(op, i, ins, init, builder);
      if (failed(extents))
        return failure();
      // A buffer whose valid extents the op determines fails as the op.
      Location loc = *extents && !init ? getResultBufferLoc(op) : op.getLoc();
      buffers[id] =
          allocate(loc, cast<TileType>(result.getType()), builder, *extents);
    }
    Value out = buffers[id];
    if (init && bufferFor(init) != out)
      copy(builder, op.getLoc(), bufferFor(init), out);
    return out;
  }

  LogicalResult convertTileOp(TileOpInterface op) {
    if (auto view = dyn_cast<TileViewOpInterface>(op.getOperation());
        view && view.isView()) {
      convertView(view);
      return success();
    }
    OpBuilder builder(op);
    SmallVector<Value> ins, outs;
    for (Value in : op.getIns())
      ins.push_back(bufferFor(in));
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      FailureOr<Value> out = destinationFor(op, i, ins, builder);
      if (failed(out))
        return failure();
      outs.push_back(*out);
      // An `ins` operand that is the tile the result starts from
      // (tmatmul.acc's acc_in) is read from the destination, which holds
      // it: at Level 2 the op reads the buffer it writes.
      if (auto withInit =
              dyn_cast<DestinationInitOpInterface>(op.getOperation()))
        for (auto [k, in] : llvm::enumerate(op.getIns()))
          if (in == withInit.getDestinationInit(i))
            ins[k] = *out;
    }
    // Same op name and attributes; results move to outs. The operands
    // between `ins` and `outs` (tinsert's `into`) are Level 1 only.
    recreate(builder, op, TypeRange(), ins, outs, segmentsName);
    pending.push_back(op);
    return success();
  }

  /// A Level 1 tstore stores the buffer holding its tile, with its modes.
  void convertStore(TStoreOp store) {
    OpBuilder builder(store);
    TStoreOp::create(builder, store.getLoc(), bufferFor(store.getSrc()),
                     store.getDst(), store.getStPhaseAttr(),
                     store.getAtomicTypeAttr(), store.getReluPreModeAttr());
    pending.push_back(store);
  }

  /// The carrier of `value` before `at` (`builder`'s point): made there
  /// when the plan makes it for `value`.
  Value carrierOf(Value value, OpBuilder &builder, Operation *at) {
    BufferId id = *plan.carrier(value);
    if (isMadeFor(id, value, PlannedBuffer::Kind::Carrier))
      buffers[id] = allocate(at->getLoc(), plan.buffer(id).type, builder);
    return buffers[id];
  }

  /// The carriers of a loop's tile iter_args `args` (null for the others,
  /// whose inits go to `kept`), the inits copied into those that are not
  /// their init's buffer.
  SmallVector<Value> enterCarriers(Operation *loop, ValueRange inits,
                                   ValueRange args,
                                   SmallVectorImpl<Value> &kept) {
    OpBuilder builder(loop);
    SmallVector<Value> carriers;
    for (auto [init, arg] : llvm::zip(inits, args)) {
      if (!isTile(arg.getType())) {
        carriers.push_back(Value());
        kept.push_back(init);
        continue;
      }
      Value carrier = carrierOf(arg, builder, loop);
      if (bufferFor(init) != carrier)
        copy(builder, loop->getLoc(), bufferFor(init), carrier);
      carriers.push_back(carrier);
    }
    return carriers;
  }

  /// A call passes its tile results as out-parameters after its operands,
  /// as the callee (converted by this pass too) takes them. A result with
  /// `?` extents comes back in a whole-tile out-parameter of its own, then
  /// is copied into a buffer with the extents the call returns.
  void convertCall(func::CallOp call) {
    OpBuilder builder(call);
    SmallVector<Value> operands;
    for (Value operand : call.getOperands())
      operands.push_back(bufferFor(operand));
    unsigned numExtents = 0;
    for (Value result : call.getResults()) {
      numExtents += numDynamicExtents(cast<TileType>(result.getType()));
      operands.push_back(carrierOf(result, builder, call));
    }
    auto newCall = func::CallOp::create(
        builder, call.getLoc(), call.getCalleeAttr(),
        SmallVector<Type>(numExtents, builder.getIndexType()), operands);
    SmallVector<Value> outs(
        ValueRange(operands).take_back(call.getNumResults()));
    rematerialize(builder, call.getLoc(), call.getResults(), outs,
                  newCall.getResults());
    pending.push_back(call);
  }

  /// Copies each tile of `values` into its carrier (null for the others,
  /// which are returned) before `at`, unless it is already there, through
  /// the buffer the plan sets it aside in, if any (the copies act as one).
  SmallVector<Value> copyIntoCarriers(Operation *at, ValueRange values,
                                      ArrayRef<Value> carriers) {
    OpBuilder builder(at);
    SmallVector<Value> kept, sources;
    for (auto [i, value, carrier] : llvm::enumerate(values, carriers)) {
      if (!carrier) {
        kept.push_back(value);
        sources.push_back(Value());
        continue;
      }
      Value source = bufferFor(value);
      if (std::optional<BufferId> aside = plan.aside(at, i)) {
        buffers[*aside] =
            allocate(at->getLoc(), plan.buffer(*aside).type, builder);
        copy(builder, at->getLoc(), source, buffers[*aside]);
        source = buffers[*aside];
      }
      sources.push_back(source);
    }
    for (auto [source, carrier] : llvm::zip(sources, carriers))
      if (carrier && source != carrier)
        copy(builder, at->getLoc(), source, carrier);
    return kept;
  }

  /// The `?` extents of each value of `values` with such extents, read from
  /// its buffer before `at`, in order, rows first.
  SmallVector<Value> dynamicExtents(Operation *at, ValueRange values) {
    OpBuilder builder(at);
    SmallVector<Value> extents;
    for (Value value : values) {
      if (!hasDynamicExtents(value.getType()))
        continue;
      auto query =
          ValidShapeOp::create(builder, at->getLoc(), bufferFor(value));
      for (auto [dim, extent] :
           llvm::enumerate(cast<TileLikeType>(value.getType()).getValidShape()))
        if (ShapedType::isDynamic(extent))
          extents.push_back(query->getResult(dim));
    }
    return extents;
  }

  /// Each value of `values` with `?` extents gets, at `builder`'s point, its
  /// planned buffer with the next of `extents`, holding a copy of its
  /// carrier's bytes.
  void rematerialize(OpBuilder &builder, Location loc, ValueRange values,
                     ArrayRef<Value> carriers, ValueRange extents) {
    auto next = extents.begin();
    for (auto [value, carrier] : llvm::zip(values, carriers)) {
      if (!carrier || !hasDynamicExtents(value.getType()))
        continue;
      auto type = cast<TileType>(value.getType());
      std::array<OpFoldResult, 2> valid;
      for (auto [dim, extent] : llvm::enumerate(type.getValidShape()))
        if (ShapedType::isDynamic(extent))
          valid[dim] = *next++;
      Value buffer = allocate(loc, type, builder, valid);
      copy(builder, loc, carrier, buffer);
      buffers[*plan.home(value)] = buffer;
    }
  }

  /// Replaces `yield` by a yield of its non-tile values, its tiles copied
  /// into their carriers, then the `?` extents of those that have them.
  void finishYield(scf::YieldOp yield, ArrayRef<Value> carriers) {
    SmallVector<Value> extents = dynamicExtents(yield, yield.getOperands());
    SmallVector<Value> kept =
        copyIntoCarriers(yield, yield.getOperands(), carriers);
    llvm::append_range(kept, extents);
    OpBuilder builder(yield);
    scf::YieldOp::create(builder, yield.getLoc(), kept);
    yield.erase();
  }

  /// Old loop or branch results (`old`): a tile value lives in its carrier
  /// (the plan's home), any other is replaced by the next of
  /// `replacements` (the rebuilt op's results, which leave the tiles out).
  static void rebind(ValueRange old, ArrayRef<Value> carriers,
                     ValueRange replacements) {
    auto next = replacements.begin();
    for (auto [value, carrier] : llvm::zip(old, carriers))
      if (!carrier)
        value.replaceAllUsesWith(*next++);
  }

  /// Moves the block of loop region `from` into `to` (the rebuilt loop's)
  /// whole; its tile arguments go when finish() has erased their Level 1
  /// readers.
  Block &moveLoopBlock(Region &from, Region &to) {
    Block &block = from.front();
    to.takeBody(from);
    loopBodies.push_back(&block);
    return block;
  }

  LogicalResult convertFor(scf::ForOp forOp) {
    OpBuilder builder(forOp);
    Location loc = forOp.getLoc();
    SmallVector<Value> inits;
    SmallVector<Value> carriers = enterCarriers(
        forOp, forOp.getInitArgs(), forOp.getRegionIterArgs(), inits);
    // The `?` extents of the inits are iter_args after the others.
    size_t numKept = inits.size();
    llvm::append_range(inits, dynamicExtents(forOp, forOp.getInitArgs()));
    auto newFor =
        scf::ForOp::create(builder, loc, forOp.getLowerBound(),
                           forOp.getUpperBound(), forOp.getStep(), inits);
    SmallVector<Value> iterArgs(forOp.getRegionIterArgs());
    Block &body = moveLoopBlock(forOp.getRegion(), newFor.getRegion());
    pending.push_back(forOp); // erased after the body ops it used to hold
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    SmallVector<Value> extentArgs;
    for (Value extent : ValueRange(inits).drop_front(numKept))
      extentArgs.push_back(body.addArgument(extent.getType(), loc));
    OpBuilder atBody = OpBuilder::atBlockBegin(&body);
    rematerialize(atBody, loc, iterArgs, carriers, extentArgs);
    if (failed(convertBlock(body)))
      return failure();
    finishYield(yield, carriers);
    rebind(forOp.getResults(), carriers,
           newFor.getResults().take_front(numKept));
    builder.setInsertionPointAfter(newFor);
    rematerialize(builder, loc, forOp.getResults(), carriers,
                  newFor.getResults().drop_front(numKept));
    return success();
  }

  /// The before region's arguments are carried like scf.for iter_args; the
  /// after region's (the loop's results) in carriers the condition copies
  /// into.
  LogicalResult convertWhile(scf::WhileOp whileOp) {
    OpBuilder builder(whileOp);
    SmallVector<Value> inits;
    SmallVector<Value> before = enterCarriers(
        whileOp, whileOp.getInits(), whileOp.getBeforeArguments(), inits);
    SmallVector<Value> after;
    SmallVector<Type> resultTypes;
    for (Value result : whileOp.getResults()) {
      if (!isTile(result.getType())) {
        after.push_back(Value());
        resultTypes.push_back(result.getType());
        continue;
      }
      after.push_back(carrierOf(result, builder, whileOp));
    }
    auto newWhile =
        scf::WhileOp::create(builder, whileOp.getLoc(), resultTypes, inits,
                             /*beforeBuilder=*/nullptr,
                             /*afterBuilder=*/nullptr);
    pending.push_back(whileOp);
    Block &beforeBlock =
        moveLoopBlock(whileOp.getBefore(), newWhile.getBefore());
    auto condition = cast<scf::ConditionOp>(beforeBlock.getTerminator());
    if (failed(convertBlock(beforeBlock)))
      return failure();
    SmallVector<Value> passed =
        copyIntoCarriers(condition, condition.getArgs(), after);
    OpBuilder atCondition(condition);
    scf::ConditionOp::create(atCondition, condition.getLoc(),
                             condition.getCondition(), passed);
    condition.erase();
    Block &afterBlock = moveLoopBlock(whileOp.getAfter(), newWhile.getAfter());
    auto yield = cast<scf::YieldOp>(afterBlock.getTerminator());
    if (failed(convertBlock(afterBlock)))
      return failure();
    finishYield(yield, before);
    rebind(whileOp.getResults(), after, newWhile.getResults());
    return success();
  }

  LogicalResult convertIf(scf::IfOp ifOp) {
    OpBuilder builder(ifOp);
    SmallVector<Value> carriers;
    SmallVector<Type> types, extentTypes;
    for (Value result : ifOp.getResults()) {
      if (!isTile(result.getType())) {
        carriers.push_back(Value());
        types.push_back(result.getType());
        continue;
      }
      // A result with `?` extents has a whole-tile carrier and its extents
      // as results after the others.
      carriers.push_back(carrierOf(result, builder, ifOp));
      extentTypes.append(numDynamicExtents(cast<TileType>(result.getType())),
                         builder.getIndexType());
    }
    size_t numKept = types.size();
    llvm::append_range(types, extentTypes);
    auto newIf =
        scf::IfOp::create(builder, ifOp.getLoc(), types, ifOp.getCondition(),
                          /*withElseRegion=*/!ifOp.getElseRegion().empty());
    pending.push_back(ifOp);
    for (auto [oldRegion, newRegion] :
         llvm::zip(ifOp->getRegions(), newIf->getRegions())) {
      if (oldRegion.empty())
        continue;
      newRegion.takeBody(oldRegion);
      Block &block = newRegion.front();
      auto yield = cast<scf::YieldOp>(block.getTerminator());
      if (failed(convertBlock(block)))
        return failure();
      finishYield(yield, carriers);
    }
    rebind(ifOp.getResults(), carriers, newIf.getResults().take_front(numKept));
    builder.setInsertionPointAfter(newIf);
    rematerialize(builder, ifOp.getLoc(), ifOp.getResults(), carriers,
                  newIf.getResults().drop_front(numKept));
    return success();
  }

  void finish(func::ReturnOp ret) {
    OpBuilder builder(ret);
    Block &body = func.getBody().front();
    unsigned firstOut = body.getNumArguments() - ret.getNumOperands();
    // Results not already in their out-parameter (arguments, values
    // returned twice, values with `?` extents) are copied there; the `?`
    // extents are returned.
    SmallVector<Value> extents;
    for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
      Value out = body.getArgument(firstOut + i);
      Value buffer = bufferFor(value);
      if (buffer != out)
        copy(builder, ret.getLoc(), buffer, out);
      llvm::append_range(extents, dynamicExtents(ret, value));
    }
    // Placements name the buffers now.
    func.walk([&](TAssignOp assign) {
      assign.getTileMutable().assign(bufferFor(assign.getTile()));
    });
    // The old return reads the Level 1 values: erase it before their ops.
    func::ReturnOp::create(builder, ret.getLoc(), extents);
    ret.erase();
    for (Operation *op : llvm::reverse(pending)) {
      op->dropAllUses(); // users are Level 1 ops erased too
      op->erase();
    }
    for (Block *body : loopBodies)
      body->eraseArguments(
          [](BlockArgument arg) { return isTile(arg.getType()); });
    func.setFunctionType(FunctionType::get(func.getContext(),
                                           body.getArgumentTypes(),
                                           ValueRange(extents).getTypes()));
  }

  func::FuncOp func;
  const BufferPlan &plan;
  StringAttr segmentsName;         // MLIR's operandSegmentSizes
  SmallVector<Value> buffers;      // BufferId -> the buffer, once made
  SmallVector<Block *> loopBodies; // loop bodies that still hold tile iter_args
  SmallVector<Operation *> pending; // Level 1 ops to erase at the end
};

struct PtoSsaToDps : pto::impl::PtoSsaToDpsBase<PtoSsaToDps> {
  void runOnOperation() override {
    // Valid-shape inference maps windows in their types' layouts.
    if (failed(moveViewLayoutsIntoTypes(getOperation())))
      return signalPassFailure();
    for (auto func :
         llvm::make_early_inc_range(getOperation().getOps<func::FuncOp>())) {
      if (!holdsTiles(func))
        continue;
      FailureOr<BufferPlan> plan = BufferPlan::compute(func);
      if (failed(plan) || failed(PlanExecutor(func, *plan).run()))
        return signalPassFailure();
    }
  }
};
} // namespace
