//===- SsaToDps.cpp - Level 1 (SSA tiles) to Level 2 (DPS buffers) --------===//
//
// A hand-written bufferization: every tile op has the same shape (ins, outs,
// results; TileOpInterface), so "result i becomes outs[i]" converts any op.
// Level 1 values are tracked by the buffer that holds them; the Level 1 ops
// stay in place (as keys) until everything is converted, then are erased.
// Loops and branches carry tiles in buffers chosen before their bodies are
// converted, so a body writes its yielded values straight into them when
// that is safe; the rebuilt loop or branch takes over the old one's blocks,
// so the kernel's blocks stay the ones MLIR's Liveness analysed. A call
// passes its tile results as out-parameters, as every converted callee
// takes them. See the
// pass description in PtoPasses.td for the rules, and docs/bufferization.md
// for why this is not One-Shot Bufferize.
//
#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "pto/PtoPasses.h"
#include "pto/RunTimeFailure.h"
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

/// The type of the buffer that carries a tile of type `t` out of a
/// function, call, loop or branch: `t`, or the whole tile (valid everywhere)
/// when `t` has `?` valid extents. Those are known only once the value is
/// made, so they travel beside the buffer as index values (returned,
/// yielded), and the receiver makes a buffer with them again.
static TileType carrierType(TileType t) {
  if (t.hasStaticValidShape())
    return t;
  return TileType::get(t.getContext(), t.getLocation(), t.getShape(),
                       t.getElementType(), t.getShape(), t.getBLayout(),
                       t.getSLayout(), t.getFractal(), t.getPad());
}

/// The `?` extents of tile type `type`, rows first, as a callee returns them.
static unsigned numDynamicExtents(TileType type) {
  return llvm::count_if(type.getValidShape(), ShapedType::isDynamic);
}

static bool isTile(Type type) { return isa<TileType>(type); }

static bool touchesTiles(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isTile) ||
         llvm::any_of(op->getResultTypes(), isTile);
}

static bool holdsTiles(func::FuncOp func) {
  if (llvm::any_of(func.getArgumentTypes(), isTile) ||
      llvm::any_of(func.getResultTypes(), isTile))
    return true;
  return func
      .walk([&](Operation *op) {
        return touchesTiles(op) ? WalkResult::interrupt()
                                : WalkResult::advance();
      })
      .wasInterrupted();
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

/// Function results become out-parameters, which only tiles can be.
static LogicalResult reportNonTileResult(Operation *op, size_t i) {
  return op->emitOpError() << "pto-ssa-to-dps: result #" << i
                           << " is not a tile; only tiles can be returned";
}

/// The terminator of `block` (a region of `owner`) as a `T`. A pass may be
/// handed IR no verifier has checked (a Python builder's function left
/// without its return by an exception): then a located error, not an
/// assertion.
template <typename T>
static FailureOr<T> terminatorOf(Block &block, Operation *owner) {
  if (!block.empty())
    if (auto terminator = dyn_cast<T>(block.back()))
      return terminator;
  return owner->emitOpError() << "pto-ssa-to-dps: a block of its region does "
                                 "not end with '"
                              << T::getOperationName() << "'";
}

/// Does `op` write every cell of `result`? A Level 1 result is zero where
/// its op writes nothing; a buffer that held another value is not.
static bool writesEveryCell(Operation *op, TileType result) {
  if (op->hasTrait<pto::OpTrait::WritesWholeTile>())
    return true;
  return op->hasTrait<pto::OpTrait::WritesValidRegion>() &&
         llvm::equal(result.getValidShape(), result.getShape());
}

/// Only an elementwise op may read and write one buffer, and only if it
/// writes every cell.
static bool mayWriteOverSource(Operation *op, TileType result) {
  return op->hasTrait<mlir::OpTrait::Elementwise>() &&
         writesEveryCell(op, result);
}

namespace {
/// Converts one kernel.
class KernelConverter {
public:
  explicit KernelConverter(func::FuncOp func)
      : func(func), liveness(func),
        segmentsName(StringAttr::get(func.getContext(),
                                     ::mlir::OpTrait::AttrSizedOperandSegments<
                                         void>::getOperandSegmentSizeAttr())) {}

  LogicalResult run() {
    if (func.isExternal())
      return convertDeclaration();
    if (!func.getBody().hasOneBlock())
      return func.emitOpError()
             << "pto-ssa-to-dps handles kernels with one block only";
    Block &body = func.getBody().front();
    FailureOr<func::ReturnOp> ret = terminatorOf<func::ReturnOp>(body, func);
    if (failed(ret) || failed(addOutParameters(*ret)) ||
        failed(convertBlock(body)))
      return failure();
    return finish(*ret);
  }

private:
  /// A declaration gets the signature its definition would get.
  LogicalResult convertDeclaration() {
    SmallVector<Type> inputs, results;
    for (Type type : func.getArgumentTypes()) {
      auto tile = dyn_cast<TileType>(type);
      inputs.push_back(tile ? toBuffer(tile) : type);
    }
    for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
      auto tile = dyn_cast<TileType>(type);
      if (!tile)
        return reportNonTileResult(func, i);
      inputs.push_back(toBuffer(carrierType(tile)));
      results.append(numDynamicExtents(tile),
                     IndexType::get(func.getContext()));
    }
    func.setFunctionType(FunctionType::get(func.getContext(), inputs, results));
    return success();
  }

  /// Arguments become buffers; each tile result becomes an out-parameter
  /// (carrierType).
  LogicalResult addOutParameters(func::ReturnOp ret) {
    Block &body = func.getBody().front();
    unsigned numInputs = body.getNumArguments();
    for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
      auto tile = dyn_cast<TileType>(value.getType());
      if (!tile)
        return reportNonTileResult(ret, i);
      BlockArgument out =
          body.addArgument(toBuffer(carrierType(tile)), value.getLoc());
      // A value returned twice, or an argument, is copied at the return; so
      // is one with `?` extents, whose buffer's type is not the
      // out-parameter's.
      if (!isa<BlockArgument>(value) && tile.hasStaticValidShape())
        destinations.try_emplace(value, out);
    }
    for (BlockArgument arg : body.getArguments().take_front(numInputs))
      if (auto tile = dyn_cast<TileType>(arg.getType()))
        arg.setType(toBuffer(tile));
    return success();
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

  LogicalResult convertOp(Operation *op) {
    // Level 2 ops stay: those with outs, and buffer views (pto.treshape of a
    // !pto.tile_buf, which has a buffer result and no outs).
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
    if (auto call = dyn_cast<func::CallOp>(op))
      return touchesTiles(op) ? convertCall(call) : success();
    if (isa<TAssignOp>(op))
      return success();
    if (auto store = dyn_cast<TStoreOp>(op))
      return store.isBufferLevel() ? success() : convertStore(store);
    // A query reads the buffer that holds its tile.
    if (auto query = dyn_cast<ValidShapeOp>(op)) {
      query.getTileMutable().assign(bufferFor(query.getTile()));
      return success();
    }
    if (touchesTiles(op))
      return op->emitOpError()
             << "on !pto.tile values is not supported by pto-ssa-to-dps "
                "(tile ops, func.call, scf.for, scf.while and scf.if are)";
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (failed(convertBlock(block)))
          return failure();
    return success();
  }

  /// `buffer` holds `value` from now on.
  void hold(Value buffer, Value value) {
    bufferOf[value] = buffer;
    holderOf[buffer] = value;
  }

  /// The buffer holding Level 1 value `value` (an argument is its own).
  Value bufferFor(Value value) {
    Value buffer = bufferOf.lookup(value);
    return buffer ? buffer : value;
  }

  /// A new buffer of `type`; its `?` valid extents are those of `extents`
  /// (rows, cols), without which such a buffer cannot be allocated.
  FailureOr<Value>
  allocate(Location loc, TileType type, OpBuilder &builder, Operation *forOp,
           StringRef what,
           std::optional<std::array<OpFoldResult, 2>> extents = std::nullopt) {
    ArrayRef<int64_t> valid = type.getValidShape();
    if (!type.hasStaticValidShape() && !extents)
      return forOp->emitOpError()
             << what << " has dynamic valid extents (" << formatShape(valid)
             << "): pto-ssa-to-dps cannot allocate its buffer";
    auto extent = [&](unsigned dim) -> Value {
      if (!ShapedType::isDynamic(valid[dim]))
        return Value();
      OpFoldResult given = (*extents)[dim];
      if (auto attr = dyn_cast<Attribute>(given))
        return arith::ConstantIndexOp::create(builder, loc,
                                              cast<IntegerAttr>(attr).getInt());
      return cast<Value>(given);
    };
    Value buffer = AllocTileOp::create(builder, loc, toBuffer(type),
                                       /*addr=*/Value(), extent(0), extent(1));
    owned.insert(buffer);
    return buffer;
  }

  /// The valid extents of result `i` of `op` (which reads `ins`, buffers),
  /// built before `builder`'s point when its type has `?` ones: those of
  /// `init`'s buffer for a result that starts from it, else those the op
  /// determines (ResultValidShapeOpInterface); std::nullopt when the type
  /// has none, or the op does not determine them. Failure when the op fails
  /// to build them (reported).
  FailureOr<std::optional<std::array<OpFoldResult, 2>>>
  resultExtents(TileOpInterface op, unsigned i, ValueRange ins, Value init,
                OpBuilder &builder) {
    using Extents = std::optional<std::array<OpFoldResult, 2>>;
    if (cast<TileType>(op->getResult(i).getType()).hasStaticValidShape())
      return Extents();
    if (init)
      return Extents(
          ValidShapeOp::buildExtents(builder, op.getLoc(), bufferFor(init)));
    auto determining = dyn_cast<ResultValidShapeOpInterface>(op.getOperation());
    if (!determining)
      return Extents();
    FailureOr<std::array<OpFoldResult, 2>> built =
        determining.buildResultValidShape(builder, i, ins);
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
  /// That buffer and the view then share bytes, so neither is ever written
  /// over for another value.
  void convertView(TileViewOpInterface view) {
    Value source = bufferFor(view.getViewSource());
    Value result = view.getViewDest();
    OpBuilder builder(view);
    Value buffer = recreate(builder, cast<TileOpInterface>(view.getOperation()),
                            toBuffer(cast<TileType>(result.getType())), source,
                            /*outs=*/{}, segmentsName)
                       ->getResult(0);
    hold(buffer, result);
    viewed.insert(source);
    viewed.insert(buffer);
    pending.push_back(view);
  }

  /// True when nothing after `op` in its block (nested uses included) reads
  /// `value`. MLIR's Liveness analyses each block on its own, and the block
  /// of an scf region has no successor: a value from an enclosing block would
  /// look dead after its last read in a loop body although the next
  /// iteration reads it again. So only values defined in `op`'s block can be
  /// dead after it.
  bool deadAfter(Value value, Operation *op) {
    return value.getParentBlock() == op->getBlock() &&
           liveness.isDeadAfter(value, op);
  }

  /// May `op` write its result into `buffer`? Only when the value the
  /// buffer holds now is dead, and `op` does not read it unless it may
  /// write over its sources.
  bool mayOverwrite(TileOpInterface op, TileType result, Value buffer) {
    Value held = holderOf.lookup(buffer);
    bool readsHeld = held && llvm::is_contained(op.getIns(), held);
    return holdsDeadValue(buffer, op) &&
           (!readsHeld || mayWriteOverSource(op, result));
  }

  /// May `buffer` take a new value at `op`? Only when it shares no bytes
  /// with a view and the value it holds (if any) is dead after `op`.
  bool holdsDeadValue(Value buffer, Operation *op) {
    if (viewed.contains(buffer))
      return false;
    Value held = holderOf.lookup(buffer);
    return !held || deadAfter(held, op);
  }

  /// The buffer result `i` of `op` is written into.
  FailureOr<Value> destinationFor(TileOpInterface op, unsigned i,
                                  ValueRange ins, OpBuilder &builder) {
    Value result = op->getResult(i);
    auto type = cast<TileType>(result.getType());
    // A result that starts from another tile (tinsert's `into`) is best
    // written into that tile's buffer, if this kernel owns it and nothing
    // reads the tile later.
    Value init;
    if (auto withInit = dyn_cast<DestinationInitOpInterface>(op.getOperation()))
      init = withInit.getDestinationInit(i);
    if (init) {
      Value buffer = bufferOf.lookup(init);
      if (owned.contains(buffer) && holderOf.lookup(buffer) == init &&
          mayOverwrite(op, type, buffer))
        return buffer;
    }
    FailureOr<Value> destination = chooseBuffer(op, i, ins, builder, init);
    if (succeeded(destination) && init)
      copy(builder, op.getLoc(), bufferFor(init), *destination);
    return destination;
  }

  /// A new buffer for result `i`, or one that holds a dead value. The
  /// latter keeps that value outside the cells `op` writes, which is exact
  /// only when `op` writes every cell or the buffer first receives a copy
  /// of `init`.
  FailureOr<Value> chooseBuffer(TileOpInterface op, unsigned i, ValueRange ins,
                                OpBuilder &builder, Value init) {
    Value result = op->getResult(i);
    auto type = cast<TileType>(result.getType());
    bool coversBuffer = init || writesEveryCell(op, type);
    // Where the value is going: an out-parameter, or the buffer a loop or
    // branch carries it in.
    Value target = destinations.lookup(result);
    if (target && coversBuffer && mayOverwrite(op, type, target))
      return target;
    // In place: an operand of the same type in a buffer this kernel owns,
    // read by no later op. A buffer holds one live value at a time, so it
    // can be reused again down a chain.
    for (Value in : op.getIns()) {
      Value buffer = bufferOf.lookup(in);
      if (in.getType() == type && owned.contains(buffer) &&
          holderOf.lookup(buffer) == in && mayOverwrite(op, type, buffer))
        return buffer;
    }
    FailureOr<std::optional<std::array<OpFoldResult, 2>>> extents =
        resultExtents(op, i, ins, init, builder);
    if (failed(extents))
      return failure();
    if (!type.hasStaticValidShape() && !*extents)
      return op->emitOpError()
             << resultName(result) << " has dynamic valid extents ("
             << formatShape(type.getValidShape())
             << "), which the op does not determine: pto-ssa-to-dps cannot "
                "allocate its buffer";
    // A buffer whose valid extents the op determines fails as the op.
    Location loc = *extents && !init ? getResultBufferLoc(op) : op.getLoc();
    return allocate(loc, type, builder, op, resultName(result), *extents);
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
    }
    // Same op name and attributes; results move to outs. The operands
    // between `ins` and `outs` (tinsert's `into`) are Level 1 only.
    recreate(builder, op, TypeRange(), ins, outs, segmentsName);
    for (auto [result, out] : llvm::zip(op->getResults(), outs))
      hold(out, result);
    pending.push_back(op);
    return success();
  }

  /// A Level 1 tstore stores the buffer holding its tile.
  LogicalResult convertStore(TStoreOp store) {
    OpBuilder builder(store);
    TStoreOp::create(builder, store.getLoc(), bufferFor(store.getSrc()),
                     store.getDst());
    pending.push_back(store);
    return success();
  }

  /// A call passes its tile results as out-parameters after its operands,
  /// as the callee (converted by this pass too) takes them. The callee
  /// writes every byte of an out-parameter (a result it does not write
  /// whole is copied there) while it may still read its arguments, so an
  /// out-parameter is never a buffer the call reads. A result with `?`
  /// extents comes back in a whole-tile out-parameter of its own, then is
  /// copied into a buffer with the extents the call returns.
  LogicalResult convertCall(func::CallOp call) {
    OpBuilder builder(call);
    // The operands' buffers, then one out-parameter per result: none of
    // them may be taken again.
    SmallVector<Value> operands;
    for (Value operand : call.getOperands())
      operands.push_back(bufferFor(operand));
    unsigned numExtents = 0;
    for (auto [i, result] : llvm::enumerate(call.getResults())) {
      auto tile = dyn_cast<TileType>(result.getType());
      if (!tile)
        return reportNonTileResult(call, i);
      numExtents += numDynamicExtents(tile);
      FailureOr<Value> out =
          carrierFor(tile, resultName(result), destinations.lookup(result),
                     builder, call, operands);
      if (failed(out))
        return failure();
      operands.push_back(*out);
    }
    auto newCall = func::CallOp::create(
        builder, call.getLoc(), call.getCalleeAttr(),
        SmallVector<Type>(numExtents, builder.getIndexType()), operands);
    SmallVector<Value> outs(
        ValueRange(operands).take_back(call.getNumResults()));
    for (auto [result, out] : llvm::zip(call.getResults(), outs))
      hold(out, result);
    rematerialize(builder, call.getLoc(), call.getResults(), outs,
                  newCall.getResults());
    pending.push_back(call);
    return success();
  }

  /// The buffer that carries a tile of type `type` out of `op` (a loop,
  /// branch or call; `what`, for a message): `candidate` (where the value
  /// is going: an out-parameter or an enclosing loop's carrier) when it is
  /// none of `taken` and the value it holds is dead after `op`; else a new
  /// one, of carrierType. (A value with `?` extents is never expected in a
  /// buffer of another type: it has no candidate, expectCarried.)
  FailureOr<Value> carrierFor(TileType type, const Twine &what, Value candidate,
                              OpBuilder &builder, Operation *op,
                              ArrayRef<Value> taken) {
    if (candidate && !llvm::is_contained(taken, candidate) &&
        holdsDeadValue(candidate, op))
      return candidate;
    return allocate(op->getLoc(), carrierType(type), builder, op, what.str());
  }

  /// "result #i" of `value`, an op's result.
  static std::string resultName(Value value) {
    return ("result #" + Twine(cast<OpResult>(value).getResultNumber())).str();
  }

  /// Copies each tile of `values` into its carrier (null for the others,
  /// which are returned) before `at`, unless it is already there. The
  /// copies act as one: a value held in the carrier of an earlier position
  /// (iter_args yielded in swapped order), which is written before the value
  /// is read, is first copied aside.
  FailureOr<SmallVector<Value>>
  copyIntoCarriers(Operation *at, ValueRange values, ArrayRef<Value> carriers) {
    OpBuilder builder(at);
    SmallVector<Value> kept, sources;
    for (auto [i, value, carrier] : llvm::enumerate(values, carriers)) {
      if (!carrier) {
        kept.push_back(value);
        sources.push_back(Value());
        continue;
      }
      Value source = bufferFor(value);
      if (source != carrier &&
          llvm::is_contained(carriers.take_front(i), source)) {
        FailureOr<Value> aside =
            allocate(at->getLoc(), cast<TileType>(value.getType()), builder, at,
                     "a value moving between carriers");
        if (failed(aside))
          return failure();
        copy(builder, at->getLoc(), source, *aside);
        source = *aside;
      }
      sources.push_back(source);
    }
    for (auto [source, carrier] : llvm::zip(sources, carriers))
      if (carrier && source != carrier)
        copy(builder, at->getLoc(), source, carrier);
    return kept;
  }

  /// Whether `type` is a tile with `?` valid extents (a Level 1 tile, or the
  /// buffer of a converted argument). Such a value crosses a region boundary
  /// as its bytes, in a carrier of carrierType, and its `?` extents, as
  /// index values (scf results and iter_args after the others); each region
  /// it enters makes a buffer with them again (rematerialize).
  static bool hasDynamicExtents(Type type) {
    auto tile = dyn_cast<TileLikeType>(type);
    return tile && !tile.hasStaticValidShape();
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

  /// Each value of `values` with `?` extents gets, at `builder`'s point, a
  /// buffer with the next of `extents` holding a copy of its carrier's bytes.
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
      // (The extents are given: allocate cannot fail.)
      Value buffer = *allocate(loc, type, builder, carrier.getDefiningOp(),
                               "a carried value", valid);
      copy(builder, loc, carrier, buffer);
      hold(buffer, value);
    }
  }

  /// A while loop's condition would have to pass the extents on too: not
  /// done.
  static LogicalResult
  refuseExtentsThroughWhile(Operation *loop, StringRef what, TileType type) {
    return loop->emitOpError()
           << what << " has dynamic valid extents ("
           << formatShape(type.getValidShape())
           << "), which pto-ssa-to-dps does not carry through scf.while "
              "(scf.for and scf.if carry them)";
  }

  /// Replaces `yield` by a yield of its non-tile values, its tiles copied
  /// into their carriers, then the `?` extents of those that have them.
  LogicalResult finishYield(scf::YieldOp yield, ArrayRef<Value> carriers) {
    SmallVector<Value> extents = dynamicExtents(yield, yield.getOperands());
    FailureOr<SmallVector<Value>> kept =
        copyIntoCarriers(yield, yield.getOperands(), carriers);
    if (failed(kept))
      return failure();
    llvm::append_range(*kept, extents);
    OpBuilder builder(yield);
    scf::YieldOp::create(builder, yield.getLoc(), *kept);
    yield.erase();
    return success();
  }

  /// Old loop or branch results (`old`): a tile value now lives in its
  /// carrier, any other is replaced by the next of `replacements` (the
  /// rebuilt op's results, which leave the tiles out).
  void rebind(ValueRange old, ArrayRef<Value> carriers,
              ValueRange replacements) {
    auto next = replacements.begin();
    for (auto [value, carrier] : llvm::zip(old, carriers)) {
      if (carrier)
        hold(carrier, value);
      else
        value.replaceAllUsesWith(*next++);
    }
  }

  /// Points the values a terminator passes on (`values`) at their carriers
  /// (not those with `?` extents: a whole-tile carrier is not of their type).
  void expectCarried(ValueRange values, ArrayRef<Value> carriers) {
    for (auto [value, carrier] : llvm::zip(values, carriers))
      if (carrier && !hasDynamicExtents(value.getType()))
        destinations.try_emplace(value, carrier);
  }

  /// May `loop` carry an iter_arg in the buffer of its init `init`? The
  /// body writes the carrier from the first iteration on, so only a buffer
  /// this kernel owns, holding `init`, sharing no bytes with a view, not
  /// taken by another iter_arg (`carriers`), and only when nothing reads
  /// `init` after the loop or inside it.
  bool mayCarryInPlace(Value init, Value initBuffer, Operation *loop,
                       ArrayRef<Value> carriers) {
    return owned.contains(initBuffer) && holderOf.lookup(initBuffer) == init &&
           !viewed.contains(initBuffer) &&
           !llvm::is_contained(carriers, initBuffer) && deadAfter(init, loop) &&
           !readInside(init, loop);
  }

  /// `candidate`, unless it holds a value `loop` reads: a loop writes its
  /// carriers from the first iteration on.
  Value unlessReadInLoop(Value candidate, Operation *loop) {
    return candidate && readInside(holderOf.lookup(candidate), loop)
               ? Value()
               : candidate;
  }

  /// Is `value` (if any) read by an op nested in `op`?
  static bool readInside(Value value, Operation *op) {
    return value && llvm::any_of(value.getUsers(), [&](Operation *user) {
             return op->isProperAncestor(user);
           });
  }

  /// The carrier of each iter_arg of `loop` (inits `inits`, block argument
  /// types `argTypes`; null for a non-tile one, whose init goes to `kept`):
  /// its init's buffer when mayCarryInPlace, else `candidates[i]` (where the
  /// loop's result is going, if anywhere) when carrierFor takes it and the
  /// loop does not read the value it holds (the body writes its carriers
  /// from the first iteration on), else a new one, the init copied into it.
  /// An iter_arg with `?` extents gets a new carrier (carrierType) when
  /// `carriesExtents`, else is refused.
  /// `taken` gets every carrier and init buffer. Messages name iter_arg
  /// `i` as `what` #i.
  FailureOr<SmallVector<Value>>
  iterArgCarriers(Operation *loop, ValueRange inits, TypeRange argTypes,
                  ArrayRef<Value> candidates, StringRef what,
                  SmallVectorImpl<Value> &kept, SmallVectorImpl<Value> &taken,
                  bool carriesExtents) {
    OpBuilder builder(loop);
    // (The argument's type tells: an init that is a function argument is a
    // buffer already.) A carrier the inits are copied into holds none of
    // them.
    for (auto [init, type] : llvm::zip(inits, argTypes))
      if (isTile(type))
        taken.push_back(bufferFor(init));
    SmallVector<Value> carriers;
    for (auto [i, init, type, candidate] :
         llvm::enumerate(inits, argTypes, candidates)) {
      if (!isTile(type)) {
        carriers.push_back(Value());
        kept.push_back(init);
        continue;
      }
      Value initBuffer = bufferFor(init);
      bool dynamic = hasDynamicExtents(type);
      if (dynamic && !carriesExtents)
        return refuseExtentsThroughWhile(loop, (what + " #" + Twine(i)).str(),
                                         cast<TileType>(type));
      if (!dynamic && !candidate &&
          mayCarryInPlace(init, initBuffer, loop, carriers)) {
        carriers.push_back(initBuffer);
        continue;
      }
      FailureOr<Value> carrier =
          carrierFor(cast<TileType>(type), what + " #" + Twine(i),
                     unlessReadInLoop(candidate, loop), builder, loop, taken);
      if (failed(carrier))
        return failure();
      copy(builder, loop->getLoc(), initBuffer, *carrier);
      carriers.push_back(*carrier);
      taken.push_back(*carrier);
    }
    return carriers;
  }

  /// Moves the block of loop region `from` into `to` (the rebuilt loop's)
  /// whole, its arguments `carried` living in `carriers`; the tile ones go
  /// when finish() has erased their Level 1 readers.
  Block &moveLoopBlock(Region &from, Region &to, ValueRange carried,
                       ArrayRef<Value> carriers) {
    for (auto [arg, carrier] : llvm::zip(carried, carriers))
      if (carrier)
        hold(carrier, arg);
    Block &block = from.front();
    to.takeBody(from);
    loopBodies.push_back(&block);
    return block;
  }

  /// A tile iter_arg lives in one buffer for the whole loop
  /// (iterArgCarriers). Non-tile iter_args stay.
  LogicalResult convertFor(scf::ForOp forOp) {
    OpBuilder builder(forOp);
    Location loc = forOp.getLoc();
    SmallVector<Value> candidates, inits, taken;
    for (Value result : forOp.getResults())
      candidates.push_back(destinations.lookup(result));
    FailureOr<SmallVector<Value>> found =
        iterArgCarriers(forOp, forOp.getInitArgs(), forOp.getResultTypes(),
                        candidates, "result", inits, taken,
                        /*carriesExtents=*/true);
    if (failed(found))
      return failure();
    SmallVector<Value> carriers = std::move(*found);
    // The `?` extents of the inits are iter_args after the others.
    size_t numKept = inits.size();
    llvm::append_range(inits, dynamicExtents(forOp, forOp.getInitArgs()));
    auto newFor =
        scf::ForOp::create(builder, loc, forOp.getLowerBound(),
                           forOp.getUpperBound(), forOp.getStep(), inits);
    SmallVector<Value> iterArgs(forOp.getRegionIterArgs());
    Block &body = moveLoopBlock(forOp.getRegion(), newFor.getRegion(), iterArgs,
                                carriers);
    pending.push_back(forOp); // erased after the body ops it used to hold
    FailureOr<scf::YieldOp> yield = terminatorOf<scf::YieldOp>(body, forOp);
    if (failed(yield))
      return failure();
    SmallVector<Value> extentArgs;
    for (Value extent : ValueRange(inits).drop_front(numKept))
      extentArgs.push_back(body.addArgument(extent.getType(), loc));
    OpBuilder atBody = OpBuilder::atBlockBegin(&body);
    rematerialize(atBody, loc, iterArgs, carriers, extentArgs);
    expectCarried(yield->getOperands(), carriers);
    if (failed(convertBlock(body)))
      return failure();
    if (failed(finishYield(*yield, carriers)))
      return failure();
    rebind(forOp.getResults(), carriers,
           newFor.getResults().take_front(numKept));
    builder.setInsertionPointAfter(newFor);
    rematerialize(builder, loc, forOp.getResults(), carriers,
                  newFor.getResults().drop_front(numKept));
    return success();
  }

  /// A while loop has two sets of carriers: the before region's arguments
  /// are carried like scf.for iter_args (the inits copied in, the after
  /// region's yield copies into them); the after region's arguments, which
  /// are the loop's results, live in carriers the condition copies the
  /// values it passes on into.
  LogicalResult convertWhile(scf::WhileOp whileOp) {
    OpBuilder builder(whileOp);
    SmallVector<Value> inits, taken;
    SmallVector<Value> none(whileOp.getInits().size(), Value());
    // (Tiles with `?` extents are refused: a condition would have to pass
    // their extents on too.)
    FailureOr<SmallVector<Value>> found = iterArgCarriers(
        whileOp, whileOp.getInits(), whileOp.getBefore().getArgumentTypes(),
        none, "iter_arg", inits, taken, /*carriesExtents=*/false);
    if (failed(found))
      return failure();
    SmallVector<Value> before = std::move(*found), after;
    SmallVector<Type> resultTypes;
    for (Value result : whileOp.getResults()) {
      if (!isTile(result.getType())) {
        after.push_back(Value());
        resultTypes.push_back(result.getType());
        continue;
      }
      if (hasDynamicExtents(result.getType()))
        return refuseExtentsThroughWhile(whileOp, resultName(result),
                                         cast<TileType>(result.getType()));
      // The condition writes these carriers in every iteration.
      FailureOr<Value> carrier =
          carrierFor(cast<TileType>(result.getType()), resultName(result),
                     unlessReadInLoop(destinations.lookup(result), whileOp),
                     builder, whileOp, taken);
      if (failed(carrier))
        return failure();
      after.push_back(*carrier);
      taken.push_back(*carrier);
    }
    auto newWhile =
        scf::WhileOp::create(builder, whileOp.getLoc(), resultTypes, inits,
                             /*beforeBuilder=*/nullptr,
                             /*afterBuilder=*/nullptr);
    pending.push_back(whileOp);
    // The before region: its arguments in `before`, the values the
    // condition passes on going to `after`.
    Block &beforeBlock =
        moveLoopBlock(whileOp.getBefore(), newWhile.getBefore(),
                      whileOp.getBeforeArguments(), before);
    FailureOr<scf::ConditionOp> terminator =
        terminatorOf<scf::ConditionOp>(beforeBlock, whileOp);
    if (failed(terminator))
      return failure();
    scf::ConditionOp condition = *terminator;
    expectCarried(condition.getArgs(), after);
    if (failed(convertBlock(beforeBlock)))
      return failure();
    FailureOr<SmallVector<Value>> passed =
        copyIntoCarriers(condition, condition.getArgs(), after);
    if (failed(passed))
      return failure();
    OpBuilder atCondition(condition);
    scf::ConditionOp::create(atCondition, condition.getLoc(),
                             condition.getCondition(), *passed);
    condition.erase();
    // The after region: its arguments in `after`, yielding into `before`.
    Block &afterBlock = moveLoopBlock(whileOp.getAfter(), newWhile.getAfter(),
                                      whileOp.getAfterArguments(), after);
    FailureOr<scf::YieldOp> yield =
        terminatorOf<scf::YieldOp>(afterBlock, whileOp);
    if (failed(yield))
      return failure();
    expectCarried(yield->getOperands(), before);
    if (failed(convertBlock(afterBlock)) || failed(finishYield(*yield, before)))
      return failure();
    rebind(whileOp.getResults(), after, newWhile.getResults());
    return success();
  }

  /// Each tile result of a branch has one carrier both branches write.
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
      // A branch writes the carriers at its yield only (whose copies act as
      // one), after its reads. A result with `?` extents has a whole-tile
      // carrier and its extents as results after the others.
      auto tile = cast<TileType>(result.getType());
      FailureOr<Value> carrier =
          carrierFor(tile, resultName(result), destinations.lookup(result),
                     builder, ifOp, carriers);
      if (failed(carrier))
        return failure();
      carriers.push_back(*carrier);
      extentTypes.append(numDynamicExtents(tile), builder.getIndexType());
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
      FailureOr<scf::YieldOp> yield = terminatorOf<scf::YieldOp>(block, ifOp);
      if (failed(yield))
        return failure();
      expectCarried(yield->getOperands(), carriers);
      if (failed(convertBlock(block)))
        return failure();
      if (failed(finishYield(*yield, carriers)))
        return failure();
    }
    rebind(ifOp.getResults(), carriers, newIf.getResults().take_front(numKept));
    builder.setInsertionPointAfter(newIf);
    rematerialize(builder, ifOp.getLoc(), ifOp.getResults(), carriers,
                  newIf.getResults().drop_front(numKept));
    return success();
  }

  LogicalResult finish(func::ReturnOp ret) {
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
    return success();
  }

  func::FuncOp func;
  DenseMap<Value, Value> bufferOf;     // Level 1 value -> buffer holding it
  DenseMap<Value, Value> destinations; // value -> buffer it should end in
  DenseMap<Value, Value> holderOf;     // buffer -> Level 1 value it holds
  Liveness liveness;                   // of the Level 1 kernel, per block
  StringAttr segmentsName;             // MLIR's operandSegmentSizes
  SmallVector<Block *> loopBodies; // loop bodies that still hold tile iter_args
  llvm::SmallDenseSet<Value> owned;  // buffers this kernel allocated
  llvm::SmallDenseSet<Value> viewed; // buffers sharing bytes with a view
  SmallVector<Operation *> pending;  // Level 1 ops to erase at the end
};

struct PtoSsaToDps : pto::impl::PtoSsaToDpsBase<PtoSsaToDps> {
  void runOnOperation() override {
    for (auto func :
         llvm::make_early_inc_range(getOperation().getOps<func::FuncOp>()))
      if (holdsTiles(func) && failed(KernelConverter(func).run()))
        return signalPassFailure();
  }
};
} // namespace
