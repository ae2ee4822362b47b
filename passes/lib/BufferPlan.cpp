//===- BufferPlan.cpp - which buffer each Level 1 tile value lives in -----===//
//
// BufferPlanner walks the Level 1 kernel in program order, as the rewrite
// will, and tracks which value each planned buffer holds at each point: a
// buffer may take a new value when the one it holds is dead (MLIR's
// Liveness on the unchanged kernel). What the ops allow comes from what they
// declare, never from their names: TileOpInterface (ins, results), the
// traits WritesWholeTile, WritesValidRegion (writesEveryCell) and
// Elementwise (mayWriteOverIn), DestinationInitOpInterface (a result that
// starts from, and so reads, another tile), ResultValidShapeOpInterface (the
// `?` extents of a result) and TileViewOpInterface (a result sharing its
// source's bytes). Loops and branches are planned through MLIR's
// RegionBranchOpInterface (which values an operand is forwarded to).
//
#include "BufferPlan.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::pto;

TileBufType mlir::pto::toBuffer(TileType t) {
  return TileBufType::get(t.getContext(), t.getLocation(), t.getShape(),
                          t.getElementType(), t.getValidShape(), t.getBLayout(),
                          t.getSLayout(), t.getFractal(), t.getPad());
}

TileType mlir::pto::carrierType(TileType t) {
  if (t.hasStaticValidShape())
    return t;
  return TileType::get(t.getContext(), t.getLocation(), t.getShape(),
                       t.getElementType(), t.getShape(), t.getBLayout(),
                       t.getSLayout(), t.getFractal(), t.getPad());
}

bool mlir::pto::hasDynamicExtents(Type type) {
  auto tile = dyn_cast<TileLikeType>(type);
  return tile && !tile.hasStaticValidShape();
}

std::optional<BufferId> BufferPlan::home(Value value) const {
  auto it = homes.find(value);
  return it == homes.end() ? std::nullopt : std::optional(it->second);
}

std::optional<BufferId> BufferPlan::carrier(Value value) const {
  auto it = carriers.find(value);
  return it == carriers.end() ? std::nullopt : std::optional(it->second);
}

std::optional<BufferId> BufferPlan::aside(Operation *at, unsigned i) const {
  auto it = asides.find({at, i});
  return it == asides.end() ? std::nullopt : std::optional(it->second);
}

std::string BufferPlan::describe(BufferId id) const {
  const PlannedBuffer &b = buffers[id];
  std::string text = "buffer " + std::to_string(id) + " (";
  switch (b.kind) {
  case PlannedBuffer::Kind::Argument:
    text += "argument #" + std::to_string(b.index);
    break;
  case PlannedBuffer::Kind::OutParameter:
    text += "out-parameter #" + std::to_string(b.index);
    break;
  case PlannedBuffer::Kind::View:
    text += "view";
    break;
  case PlannedBuffer::Kind::Allocation:
    text += "new";
    break;
  case PlannedBuffer::Kind::Carrier:
    text += "new carrier";
    break;
  case PlannedBuffer::Kind::Rematerialized:
    text += "new, with the carried extents";
    break;
  case PlannedBuffer::Kind::Aside:
    text += "new, a value set aside";
    break;
  }
  return text + ")";
}

bool mlir::pto::touchesTiles(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isTile) ||
         llvm::any_of(op->getResultTypes(), isTile);
}

bool mlir::pto::holdsTiles(func::FuncOp func) {
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

/// "result #i" of `value`, an op's result.
static std::string resultName(Value value) {
  return ("result #" + Twine(cast<OpResult>(value).getResultNumber())).str();
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

/// A while loop's condition would have to pass the extents on too: not
/// done.
static LogicalResult refuseExtentsThroughWhile(Operation *loop, StringRef what,
                                               TileType type) {
  return loop->emitOpError()
         << what << " has dynamic valid extents ("
         << formatShape(type.getValidShape())
         << "), which pto-ssa-to-dps does not carry through scf.while "
            "(scf.for and scf.if carry them)";
}

/// Does `op` write every cell of the buffer its result `i` goes to? Then
/// that buffer may have held a dead value: none of it survives (a Level 1
/// result is zero where its op writes nothing). From the op's traits
/// (PtoOpBase.td).
static bool writesEveryCell(TileOpInterface op, unsigned i) {
  if (op->hasTrait<pto::OpTrait::WritesWholeTile>())
    return true;
  auto result = cast<TileType>(op->getResult(i).getType());
  return op->hasTrait<pto::OpTrait::WritesValidRegion>() &&
         llvm::equal(result.getValidShape(), result.getShape());
}

/// The Level 1 value result `i` of `op` starts from
/// (DestinationInitOpInterface), or null.
static Value destinationInit(TileOpInterface op, unsigned i) {
  auto withInit = dyn_cast<DestinationInitOpInterface>(op.getOperation());
  return withInit ? withInit.getDestinationInit(i) : Value();
}

/// May `op` write result `i` into the buffer of getIns()[`in`], reading
/// that operand while it writes it? When it reads each cell of the
/// operand for the same cell of the result alone (MLIR's Elementwise) and
/// writes every cell, and it is not a scratch tmp; or when the operand is the
/// tile the result starts from (tmatmul.acc's acc_in: the op reads its
/// destination).
static bool mayWriteOverIn(TileOpInterface op, unsigned i, unsigned in) {
  if (Value init = destinationInit(op, i); init && op.getIns()[in] == init)
    return true;
  // Never over a family op's scratch tmp: the NPU computes in it while it
  // writes dst (isScratchIn).
  if (isa<FamilyOpInterface>(op.getOperation()) &&
      isScratchIn(op.getOperandGroups().ins[in]))
    return false;
  // Never over any operand of a family op that keeps its tiles apart on its
  // target (on some target, without one: getTilesApartTargets), whose NPU
  // code writes dst while it still reads the sources (a2a3's TXOR, TANDS).
  if (!getTilesApartTargets(op).empty())
    return false;
  return op->hasTrait<mlir::OpTrait::Elementwise>() && writesEveryCell(op, i);
}

/// Is `value` (if any) read by an op nested in `op`?
static bool readInside(Value value, Operation *op) {
  return value && llvm::any_of(value.getUsers(), [&](Operation *user) {
           return op->isProperAncestor(user);
         });
}

namespace {
/// The classes of values one forwarded operand reaches (union-find).
class CarrierClasses {
public:
  /// Puts `values` into one class.
  void join(ArrayRef<Value> values) {
    for (Value value : values)
      if (isTile(value.getType()))
        unite(values.front(), value);
  }
  bool contains(Value value) const { return index.contains(value); }
  /// The class of `value`, which contains() it.
  unsigned find(Value value) { return root(index.lookup(value)); }

private:
  unsigned id(Value value) {
    auto [it, added] = index.try_emplace(value, parent.size());
    if (added)
      parent.push_back(parent.size());
    return it->second;
  }
  unsigned root(unsigned i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  }
  void unite(Value a, Value b) { parent[root(id(b))] = root(id(a)); }

  DenseMap<Value, unsigned> index;
  SmallVector<unsigned> parent;
};
} // namespace

namespace mlir::pto {
/// Computes one kernel's plan. Its state is that of the walk: which value
/// each buffer holds at the op being planned.
class BufferPlanner {
public:
  BufferPlanner(func::FuncOp func, BufferPlan &plan)
      : func(func), plan(plan), liveness(func) {}

  LogicalResult run() {
    if (func.isExternal()) {
      for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
        if (!isTile(type))
          return reportNonTileResult(func, i);
      return success();
    }
    if (!func.getBody().hasOneBlock())
      return func.emitOpError()
             << "pto-ssa-to-dps handles kernels with one block only";
    Block &body = func.getBody().front();
    FailureOr<func::ReturnOp> ret = terminatorOf<func::ReturnOp>(body, func);
    if (failed(ret) || failed(planSignature(*ret)) || failed(planBlock(body)))
      return failure();
    for (auto [value, out] : llvm::zip(ret->getOperands(), plan.outs))
      if (bufferFor(value) != out)
        note(value, out, "copied into its out-parameter at the return");
    return success();
  }

private:
  BufferId newBuffer(PlannedBuffer::Kind kind, TileType type, Value origin,
                     unsigned index = 0) {
    plan.buffers.push_back({kind, type, index, origin});
    return plan.buffers.size() - 1;
  }

  void note(Value value, BufferId buffer, const Twine &reason) {
    plan.decisions.push_back({value, buffer, reason.str()});
  }

  /// `buffer` holds `value` from now on.
  void hold(BufferId buffer, Value value) {
    plan.homes[value] = buffer;
    holderOf[buffer] = value;
  }

  /// The buffer holding Level 1 value `value`, if any yet.
  std::optional<BufferId> bufferFor(Value value) { return plan.home(value); }

  Value holder(std::optional<BufferId> buffer) {
    return buffer ? holderOf.lookup(*buffer) : Value();
  }

  bool owned(std::optional<BufferId> buffer) {
    return buffer && plan.buffers[*buffer].isOwned();
  }

  /// Arguments are their own buffers; each tile result gets an
  /// out-parameter (carrierType) after them.
  LogicalResult planSignature(func::ReturnOp ret) {
    Block &body = func.getBody().front();
    for (BlockArgument arg : body.getArguments())
      if (auto tile = dyn_cast<TileType>(arg.getType()))
        plan.homes[arg] = newBuffer(PlannedBuffer::Kind::Argument, tile, arg,
                                    arg.getArgNumber());
    for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
      auto tile = dyn_cast<TileType>(value.getType());
      if (!tile)
        return reportNonTileResult(ret, i);
      BufferId out =
          newBuffer(PlannedBuffer::Kind::OutParameter, carrierType(tile),
                    Value(), body.getNumArguments() + i);
      plan.outs.push_back(out);
      // A value returned twice, or an argument, is copied at the return; so
      // is one with `?` extents, whose buffer's type is not the
      // out-parameter's.
      if (!isa<BlockArgument>(value) && tile.hasStaticValidShape())
        destinations.try_emplace(value, out);
    }
    return success();
  }

  LogicalResult planBlock(Block &block) {
    for (Operation &op : block.without_terminator())
      if (failed(planOp(&op)))
        return failure();
    return success();
  }

  LogicalResult planOp(Operation *op) {
    // Level 2 ops stay: those with outs, and buffer views (pto.treshape of a
    // !pto.tile_buf, which has a buffer result and no outs).
    if (auto tileOp = dyn_cast<TileOpInterface>(op))
      return tileOp.isBufferLevel() || !touchesTiles(op) ? success()
                                                         : planTileOp(tileOp);
    if (auto branch = dyn_cast<RegionBranchOpInterface>(op);
        branch && rewritesRegionBranch(op))
      return planRegionBranch(branch);
    if (auto call = dyn_cast<CallOpInterface>(op); call && rewritesCall(op))
      return touchesTiles(op) ? planCall(call) : success();
    // Placements, stores and queries read the buffer holding their tile.
    if (isa<TAssignOp, TStoreOp, ValidShapeOp>(op))
      return success();
    if (touchesTiles(op))
      return op->emitOpError()
             << "on !pto.tile values is not supported by pto-ssa-to-dps "
                "(tile ops, func.call, scf.for, scf.while and scf.if are)";
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (failed(planBlock(block)))
          return failure();
    return success();
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

  /// May `buffer` take a new value at `op`? Only when it shares no bytes
  /// with a view and the value it holds (if any) is dead after `op`.
  bool holdsDeadValue(BufferId buffer, Operation *op) {
    if (viewed.contains(buffer))
      return false;
    Value held = holderOf.lookup(buffer);
    return !held || deadAfter(held, op);
  }

  /// May `op` write result `i` into `buffer`? Only when the value the
  /// buffer holds now is dead, and `op` does not read it where it may not
  /// write over it (mayWriteOverIn).
  bool mayOverwrite(TileOpInterface op, unsigned i, BufferId buffer) {
    if (!holdsDeadValue(buffer, op))
      return false;
    Value held = holderOf.lookup(buffer);
    for (auto [k, in] : llvm::enumerate(op.getIns()))
      if (held && in == held && !mayWriteOverIn(op, i, k))
        return false;
    return true;
  }

  /// A Level 1 view (pto.treshape) stays a view: of the source's buffer.
  /// That buffer and the view then share bytes, so neither is ever written
  /// over for another value.
  void planView(TileViewOpInterface view) {
    BufferId source = *bufferFor(view.getViewSource());
    Value result = view.getViewDest();
    BufferId buffer = newBuffer(PlannedBuffer::Kind::View,
                                cast<TileType>(result.getType()), result);
    hold(buffer, result);
    viewed.insert(source);
    viewed.insert(buffer);
    note(result, buffer, "a view of " + plan.describe(source));
  }

  LogicalResult planTileOp(TileOpInterface op) {
    if (auto view = dyn_cast<TileViewOpInterface>(op.getOperation());
        view && view.isView()) {
      planView(view);
      return success();
    }
    SmallVector<BufferId> outs;
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      FailureOr<BufferId> out = destinationFor(op, i);
      if (failed(out))
        return failure();
      outs.push_back(*out);
    }
    for (auto [result, out] : llvm::zip(op->getResults(), outs))
      hold(out, result);
    return success();
  }

  /// The buffer result `i` of `op` is written into.
  FailureOr<BufferId> destinationFor(TileOpInterface op, unsigned i) {
    Value result = op->getResult(i);
    // A result that starts from another tile (tinsert's `into`) is best
    // written into that tile's buffer, if this kernel owns it and nothing
    // reads the tile later.
    Value init = destinationInit(op, i);
    if (init) {
      std::optional<BufferId> buffer = bufferFor(init);
      if (owned(buffer) && holder(buffer) == init &&
          mayOverwrite(op, i, *buffer)) {
        note(result, *buffer, "in place of the tile it starts from");
        return *buffer;
      }
    }
    FailureOr<BufferId> destination = chooseBuffer(op, i, init);
    if (succeeded(destination) && init)
      note(result, *destination,
           "the tile it starts from copied in from " +
               plan.describe(*bufferFor(init)));
    return destination;
  }

  /// A new buffer for result `i`, or one that holds a dead value. The
  /// latter keeps that value outside the cells `op` writes, which is exact
  /// only when `op` writes every cell or the buffer first receives a copy
  /// of `init`.
  FailureOr<BufferId> chooseBuffer(TileOpInterface op, unsigned i, Value init) {
    Value result = op->getResult(i);
    auto type = cast<TileType>(result.getType());
    bool coversBuffer = init || writesEveryCell(op, i);
    // Where the value is going: an out-parameter, or the buffer a loop or
    // branch carries it in.
    std::optional<BufferId> target = lookupDestination(result);
    if (target && coversBuffer && mayOverwrite(op, i, *target)) {
      note(result, *target, "where it is going");
      return *target;
    }
    // In place: an operand of the same type in a buffer this kernel owns,
    // read by no later op. A buffer holds one live value at a time, so it
    // can be reused again down a chain.
    for (auto [k, in] : llvm::enumerate(op.getIns())) {
      std::optional<BufferId> buffer = bufferFor(in);
      if (in.getType() == type && owned(buffer) && holder(buffer) == in &&
          mayOverwrite(op, i, *buffer)) {
        note(result, *buffer, "in place of operand #" + Twine(k));
        return *buffer;
      }
    }
    bool extentsKnown = type.hasStaticValidShape() || init ||
                        isa<ResultValidShapeOpInterface>(op.getOperation());
    if (!extentsKnown)
      return op->emitOpError()
             << resultName(result) << " has dynamic valid extents ("
             << formatShape(type.getValidShape())
             << "), which the op does not determine: pto-ssa-to-dps cannot "
                "allocate its buffer";
    BufferId buffer = newBuffer(PlannedBuffer::Kind::Allocation, type, result);
    note(result, buffer, "a new buffer");
    return buffer;
  }

  std::optional<BufferId> lookupDestination(Value value) {
    auto it = destinations.find(value);
    return it == destinations.end() ? std::nullopt : std::optional(it->second);
  }

  /// The buffer that carries `value` (of tile type `type`) out of `op` (a
  /// loop, branch or call): `candidate` (where the value is going: an
  /// out-parameter or an enclosing loop's carrier) when it is none of
  /// `taken` and the value it holds is dead after `op`; else a new one, of
  /// carrierType. (A value with `?` extents is never expected in a buffer of
  /// another type: it has no candidate, expectCarried.)
  BufferId carrierFor(Value value, TileType type,
                      std::optional<BufferId> candidate, Operation *op,
                      ArrayRef<BufferId> taken) {
    if (candidate && !llvm::is_contained(taken, *candidate) &&
        holdsDeadValue(*candidate, op)) {
      note(value, *candidate, "carried where it is going");
      return *candidate;
    }
    BufferId buffer =
        newBuffer(PlannedBuffer::Kind::Carrier, carrierType(type), value);
    note(value, buffer, "carried in a new buffer");
    return buffer;
  }

  /// `candidate`, unless it holds a value `loop` reads: a loop writes its
  /// carriers from the first iteration on.
  std::optional<BufferId> unlessReadInLoop(std::optional<BufferId> candidate,
                                           Operation *loop) {
    return candidate && readInside(holderOf.lookup(*candidate), loop)
               ? std::nullopt
               : candidate;
  }

  /// May `loop` carry an iter_arg in the buffer of its init `init`? The
  /// body writes the carrier from the first iteration on, so only a buffer
  /// this kernel owns, holding `init`, sharing no bytes with a view, not
  /// taken by another iter_arg (`carriers`), and only when nothing reads
  /// `init` after the loop or inside it.
  bool mayCarryInPlace(Value init, std::optional<BufferId> initBuffer,
                       Operation *loop, ArrayRef<BufferId> carriers) {
    return owned(initBuffer) && holder(initBuffer) == init &&
           !viewed.contains(*initBuffer) &&
           !llvm::is_contained(carriers, *initBuffer) &&
           deadAfter(init, loop) && !readInside(init, loop);
  }

  /// `values` (block arguments or results) live in `carriers` (and are
  /// carried in them).
  void carry(ValueRange values, ArrayRef<std::optional<BufferId>> carriers) {
    for (auto [value, carrier] : llvm::zip(values, carriers))
      if (carrier) {
        hold(*carrier, value);
        plan.carriers[value] = *carrier;
      }
  }

  /// Each value of `values` with `?` extents gets a new buffer with the
  /// extents carried beside it, holding a copy of its carrier's bytes.
  void rematerialize(ValueRange values,
                     ArrayRef<std::optional<BufferId>> carriers) {
    for (auto [value, carrier] : llvm::zip(values, carriers)) {
      if (!carrier || !hasDynamicExtents(value.getType()))
        continue;
      BufferId buffer = newBuffer(PlannedBuffer::Kind::Rematerialized,
                                  cast<TileType>(value.getType()), value);
      hold(buffer, value);
      note(value, buffer,
           "copied out of its carrier " + plan.describe(*carrier));
    }
  }

  /// Points the values a terminator passes on (`values`) at their carriers
  /// (not those with `?` extents: a whole-tile carrier is not of their type).
  void expectCarried(ValueRange values,
                     ArrayRef<std::optional<BufferId>> carriers) {
    for (auto [value, carrier] : llvm::zip(values, carriers))
      if (carrier && !hasDynamicExtents(value.getType()))
        destinations.try_emplace(value, *carrier);
  }

  /// Terminator `at` copies each tile of `values` into its carrier, unless
  /// it is already there. The copies act as one: a value held in the
  /// carrier of an earlier position (iter_args yielded in swapped order),
  /// which is written before the value is read, is first set aside.
  LogicalResult
  planCopiesIntoCarriers(Operation *at, ValueRange values,
                         ArrayRef<std::optional<BufferId>> carriers) {
    for (auto [i, value, carrier] : llvm::enumerate(values, carriers)) {
      if (!carrier)
        continue;
      BufferId source = *bufferFor(value);
      if (source == *carrier)
        continue;
      if (llvm::is_contained(carriers.take_front(i), source)) {
        auto type = cast<TileType>(value.getType());
        if (!type.hasStaticValidShape())
          return at->emitOpError()
                 << "a value moving between carriers has dynamic valid "
                    "extents ("
                 << formatShape(type.getValidShape())
                 << "): pto-ssa-to-dps cannot allocate its buffer";
        BufferId aside = newBuffer(PlannedBuffer::Kind::Aside, type, Value());
        plan.asides[{at, static_cast<unsigned>(i)}] = aside;
        note(value, aside,
             "set aside before " + plan.describe(source) + " is written");
      }
      note(value, *carrier,
           "copied into its carrier by '" + at->getName().getStringRef() + "'");
    }
    return success();
  }

  /// The carriers of a loop's, branch's (any RegionBranchOpInterface
  /// op's) tile values. Values MLIR's interface says one operand is
  /// forwarded to (an scf.for iter_arg and its result; an scf.while after
  /// argument and its result) form one class, carried in one buffer. In
  /// order, the classes an entry operand (an init) is forwarded to, then
  /// those of the results: an init's class lives in the init's buffer when
  /// mayCarryInPlace (and no result of it is going anywhere), else each
  /// class in where its result is going (an out-parameter, an enclosing
  /// carrier) when carrierFor takes it, and, in a loop, the op does not
  /// read the value that buffer holds (a loop writes its carriers from the
  /// first iteration on; a branch at its yield only, after its reads), else
  /// in a new one, the init copied into it. Then each region is planned,
  /// its terminator copying what it passes on into the carriers.
  LogicalResult planRegionBranch(RegionBranchOpInterface op) {
    RegionBranchSuccessorMapping forwarding;
    op.getSuccessorOperandInputMapping(forwarding);
    CarrierClasses classes;
    // The op's own operands first (entry), then each terminator's, in
    // order, so the classes are numbered alike on every run.
    SmallVector<OpOperand *> forwarded;
    for (OpOperand &operand : op->getOpOperands())
      if (forwarding.contains(&operand))
        forwarded.push_back(&operand);
    unsigned numEntry = forwarded.size();
    for (Region &region : op->getRegions()) {
      if (region.empty())
        continue;
      Block &block = region.front();
      if (block.empty() ||
          !isa<RegionBranchTerminatorOpInterface>(block.back()))
        return op->emitOpError() << "pto-ssa-to-dps: a block of its region "
                                    "does not end with a region terminator";
      for (OpOperand &operand : block.back().getOpOperands())
        if (forwarding.contains(&operand))
          forwarded.push_back(&operand);
    }
    for (OpOperand *operand : forwarded)
      classes.join(forwarding.lookup(operand));
    for (Value result : op->getResults())
      if (isTile(result.getType()) && !classes.contains(result))
        return op->emitOpError() << "pto-ssa-to-dps: " << resultName(result)
                                 << " receives no value from its regions";

    // The order of decisions, and per class its init and result.
    struct Carried {
      Value value; // what the carrier is made for: its entry input, or result
      Value init, result;
      std::string name; // for messages
    };
    SmallVector<Carried> order;
    DenseMap<unsigned, unsigned> position; // class -> index into `order`
    auto add = [&](Value member) -> Carried & {
      unsigned id = classes.find(member);
      auto [it, added] = position.try_emplace(id, order.size());
      if (added)
        order.push_back({member, Value(), Value(), ""});
      return order[it->second];
    };
    for (auto [i, operand] : llvm::enumerate(
             ArrayRef<OpOperand *>(forwarded).take_front(numEntry))) {
      for (Value input : forwarding.lookup(operand)) {
        if (!isTile(input.getType()) || isa<OpResult>(input))
          continue;
        Carried &carried = add(input);
        carried.init = operand->get();
        carried.name = "iter_arg #" + std::to_string(i);
      }
    }
    for (Value result : op->getResults()) {
      if (!isTile(result.getType()))
        continue;
      Carried &carried = add(result);
      carried.result = result;
      if (carried.name.empty())
        carried.name = resultName(result);
    }

    bool loop = op.hasLoop();
    bool extents = carriesExtentsThrough(op);
    SmallVector<BufferId> taken, chosen;
    for (const Carried &carried : order)
      if (carried.init)
        taken.push_back(*bufferFor(carried.init));
    DenseMap<unsigned, BufferId> carrierOfClass;
    for (const Carried &carried : order) {
      auto type = cast<TileType>(carried.value.getType());
      bool dynamic = !type.hasStaticValidShape();
      if (dynamic && !extents)
        return refuseExtentsThroughWhile(op, carried.name, type);
      std::optional<BufferId> candidate =
          carried.result ? lookupDestination(carried.result) : std::nullopt;
      BufferId carrier;
      if (carried.init && !dynamic && !candidate &&
          mayCarryInPlace(carried.init, bufferFor(carried.init), op, chosen)) {
        carrier = *bufferFor(carried.init);
        note(carried.value, carrier, "carried in place of its init");
      } else {
        carrier = carrierFor(carried.value, type,
                             loop ? unlessReadInLoop(candidate, op) : candidate,
                             op, taken);
        taken.push_back(carrier);
      }
      chosen.push_back(carrier);
      carrierOfClass[classes.find(carried.value)] = carrier;
    }
    auto carriersOf = [&](ValueRange values) {
      SmallVector<std::optional<BufferId>> carriers;
      for (Value value : values)
        carriers.push_back(
            classes.contains(value)
                ? std::optional(carrierOfClass.lookup(classes.find(value)))
                : std::nullopt);
      return carriers;
    };

    for (Region &region : op->getRegions()) {
      if (region.empty())
        continue;
      Block &block = region.front();
      SmallVector<std::optional<BufferId>> argCarriers =
          carriersOf(block.getArguments());
      carry(block.getArguments(), argCarriers);
      rematerialize(block.getArguments(), argCarriers);
      Operation *terminator = &block.back();
      SmallVector<Value> passed, inputs;
      for (OpOperand &operand : terminator->getOpOperands())
        if (forwarding.contains(&operand)) {
          passed.push_back(operand.get());
          inputs.push_back(forwarding.lookup(&operand).front());
        }
      SmallVector<std::optional<BufferId>> carriers = carriersOf(inputs);
      expectCarried(passed, carriers);
      if (failed(planBlock(block)) ||
          failed(planCopiesIntoCarriers(terminator, passed, carriers)))
        return failure();
    }
    SmallVector<std::optional<BufferId>> resultCarriers =
        carriersOf(op->getResults());
    carry(op->getResults(), resultCarriers);
    rematerialize(op->getResults(), resultCarriers);
    return success();
  }

  /// A call passes its tile results as out-parameters after its operands,
  /// as the callee (converted by this pass too) takes them. The callee
  /// writes every byte of an out-parameter (a result it does not write
  /// whole is copied there) while it may still read its arguments, so an
  /// out-parameter is never a buffer the call reads.
  LogicalResult planCall(CallOpInterface call) {
    SmallVector<BufferId> taken;
    for (Value operand : call.getArgOperands())
      if (std::optional<BufferId> buffer = bufferFor(operand))
        taken.push_back(*buffer);
    SmallVector<std::optional<BufferId>> outs;
    for (auto [i, result] : llvm::enumerate(call->getResults())) {
      auto tile = dyn_cast<TileType>(result.getType());
      if (!tile)
        return reportNonTileResult(call, i);
      BufferId out =
          carrierFor(result, tile, lookupDestination(result), call, taken);
      outs.push_back(out);
      taken.push_back(out);
    }
    carry(call->getResults(), outs);
    rematerialize(call->getResults(), outs);
    return success();
  }

  func::FuncOp func;
  BufferPlan &plan;
  Liveness liveness;                      // of the Level 1 kernel, per block
  DenseMap<BufferId, Value> holderOf;     // buffer -> value it holds now
  DenseMap<Value, BufferId> destinations; // value -> buffer it should end in
  llvm::SmallDenseSet<BufferId> viewed;   // buffers sharing bytes with a view
};
} // namespace mlir::pto

FailureOr<BufferPlan> BufferPlan::compute(func::FuncOp func) {
  BufferPlan plan;
  if (failed(BufferPlanner(func, plan).run()))
    return failure();
  return plan;
}
