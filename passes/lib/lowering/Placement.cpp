//===- Placement.cpp - placed tiles in the run's on-chip memory -----------===//
#include "Placement.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "pto/PtoMemory.h"
#include "pto/PtoTileOpSupport.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::pto;

Value mlir::pto::getArena(Operation *op) {
  auto args =
      op->getParentOfType<func::FuncOp>().getBody().front().getArguments();
  return args[args.size() - 2];
}

static int64_t bytesOf(TileBufType type) {
  return getBytesType(type).getDimSize(0);
}

static constexpr MemorySpace kSpaces[] = {MemorySpace::UB, MemorySpace::L1,
                                          MemorySpace::L0A, MemorySpace::L0B,
                                          MemorySpace::L0C};

namespace {
/// Where each memory's region starts in the arena, and its size.
struct ArenaLayout {
  int64_t base[std::size(kSpaces)] = {};
  int64_t size = 0;

  int64_t offset(TileBufType type, int64_t address) const {
    return base[static_cast<unsigned>(getMemorySpace(type.getLocation()))] +
           address;
  }
};

/// Rewrites one function's placements in order (each rewrite may give a
/// later placement of the same tile a new operand).
class FunctionPlacer {
public:
  FunctionPlacer(func::FuncOp func, const ArenaLayout &layout)
      : func(func), layout(layout) {}

  LogicalResult place(TAssignOp assign);
  void placeAllocation(AllocTileOp alloc, int64_t address) {
    alloc->setAttr(kArenaOffsetAttrName,
                   Builder(alloc).getI64IntegerAttr(
                       layout.offset(alloc.getResult().getType(), address)));
  }

private:
  LogicalResult checkEarlierUses(TAssignOp assign, Value tile);
  AllocTileOp allocate(OpBuilder &builder, Location loc, TileBufType type) {
    return AllocTileOp::create(builder, loc, type, /*addr=*/Value(),
                               /*valid_row=*/Value(), /*valid_col=*/Value());
  }
  void copy(OpBuilder &builder, Location loc, Value from, Value to) {
    TReshapeOp::create(builder, loc, TypeRange(), /*src=*/from, /*dst=*/to);
  }

  func::FuncOp func;
  const ArenaLayout &layout;
  DenseSet<Value> copiedBack; // placed arguments
};
} // namespace

static InFlightDiagnostic refuse(TAssignOp assign) {
  return assign.emitOpError() << "cannot be run on the host: ";
}

/// The ops before `assign` may use its tile only in ways a later copy of the
/// bytes does not change: as an operand of a tile op without results (it
/// reads or writes the buffer then), of a call (which cannot keep it), of a
/// placement or of pto.valid_shape (which reads no byte). A view or a value
/// carried out of a region would share the bytes, and follow the placement in
/// the interpreter.
LogicalResult FunctionPlacer::checkEarlierUses(TAssignOp assign, Value tile) {
  Block *block = assign->getBlock();
  for (Operation *user : tile.getUsers()) {
    if (user == assign.getOperation())
      continue;
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (!inBlock)
      return refuse(assign) << "its tile is used outside the placement's "
                               "block (by '"
                            << user->getName() << "')";
    if (!inBlock->isBeforeInBlock(assign))
      continue;
    bool plain = (isa<TileOpInterface>(user) && user->getNumResults() == 0) ||
                 isa<func::CallOp, TAssignOp, ValidShapeOp>(user);
    if (!plain)
      return refuse(assign) << "its tile is used by '" << user->getName()
                            << "' before it is placed, which would share "
                               "its bytes";
  }
  return success();
}

LogicalResult FunctionPlacer::place(TAssignOp assign) {
  // (Level 1 tiles were refused before: checkNoLevel1Tiles.)
  Value tile = assign.getTile();
  auto type = cast<TileBufType>(tile.getType());
  Block *block = assign->getBlock();
  auto alloc = tile.getDefiningOp<AllocTileOp>();
  auto arg = dyn_cast<BlockArgument>(tile);
  if (alloc) {
    if (alloc->getBlock() != block)
      return refuse(assign) << "it is not in the block of its tile's "
                               "pto.alloc_tile";
  } else if (arg) {
    if (arg.getOwner() != &func.getBody().front() ||
        block != &func.getBody().front() || !func.getBody().hasOneBlock())
      return refuse(assign) << "it places argument #" << arg.getArgNumber()
                            << " outside the function's only block";
  } else {
    return refuse(assign) << "its tile is neither a pto.alloc_tile nor an "
                             "argument of the function (defined by '"
                          << tile.getDefiningOp()->getName() << "')";
  }
  if (failed(checkEarlierUses(assign, tile)))
    return failure();
  // Placed before its first use: the allocation is a window of the arena
  // at the address, the bytes there (the interpreter's test too).
  if (assign.placesBeforeFirstUse() && !alloc->hasAttr(kArenaOffsetAttrName)) {
    placeAllocation(alloc, assign.getAddr());
    return success();
  }
  if (llvm::any_of(type.getValidShape(), ShapedType::isDynamic))
    return refuse(assign) << "its tile has a dynamic valid shape and is "
                             "placed after it is used";
  // The tile's bytes as they are now (through a copy: the new place may
  // overlap the old), then the placed allocation, which later ops use.
  Location loc = assign.getLoc();
  OpBuilder builder(assign->getContext());
  builder.setInsertionPointAfter(assign);
  AllocTileOp saved = allocate(builder, loc, type);
  copy(builder, loc, tile, saved.getResult());
  AllocTileOp placed = allocate(builder, loc, type);
  placeAllocation(placed, assign.getAddr());
  Operation *last = placed;
  tile.replaceUsesWithIf(placed.getResult(), [&](OpOperand &use) {
    Operation *inBlock = block->findAncestorOpInBlock(*use.getOwner());
    return inBlock && last->isBeforeInBlock(inBlock);
  });
  copy(builder, loc, saved.getResult(), placed.getResult());
  // The caller's array holds the argument's last bytes: those of its place.
  if (arg && copiedBack.insert(arg).second) {
    builder.setInsertionPoint(block->getTerminator());
    copy(builder, loc, placed.getResult(), arg);
  }
  return success();
}

/// The arena: every function with a body takes it last and passes it to
/// the functions it calls; the function of each name becomes a wrapper
/// that makes it.
static LogicalResult addArena(ModuleOp module, int64_t size) {
  MLIRContext *context = module.getContext();
  auto arenaType = MemRefType::get({size}, IntegerType::get(context, 8));
  SymbolTable symbols(module);
  SmallVector<func::FuncOp> bodies;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      bodies.push_back(func);
  SmallVector<FunctionType> signatures;
  for (func::FuncOp func : bodies) {
    signatures.push_back(func.getFunctionType());
    if (failed(func.insertArgument(func.getNumArguments(), arenaType, {},
                                   func.getLoc())))
      return failure();
  }
  module.walk([&](func::CallOp call) {
    auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
    if (callee && !callee.isExternal())
      call.getOperandsMutable().append(
          call->getParentOfType<func::FuncOp>().getArguments().back());
  });
  for (auto [func, signature] : llvm::zip(bodies, signatures)) {
    std::string name = func.getSymName().str();
    std::string inner = name + "_placed";
    for (unsigned n = 0; symbols.lookup(inner); ++n)
      inner = name + "_placed_" + std::to_string(n);
    // Renames the calls too: they pass the arena.
    if (failed(symbols.rename(func, inner)))
      return failure();
    OpBuilder builder(func);
    Location loc = func.getLoc();
    auto wrapper = func::FuncOp::create(builder, loc, name, signature);
    wrapper.setVisibility(func.getVisibility());
    func.setPrivate();
    symbols.insert(wrapper);
    Block *entry = wrapper.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    Value arena = memref::AllocOp::create(builder, loc, arenaType,
                                          builder.getI64IntegerAttr(64));
    // The simulator's memories start zeroed, and a tile placed before its
    // first use is the bytes at its address.
    zeroFill(builder, loc, arena);
    SmallVector<Value> args(entry->getArguments());
    args.push_back(arena);
    auto call = func::CallOp::create(builder, loc, func, args);
    memref::DeallocOp::create(builder, loc, arena);
    func::ReturnOp::create(builder, loc, call.getResults());
  }
  return success();
}

/// A one-block scf.execute_region runs its block once, where it stands: its
/// ops join the enclosing block (so that a placement in it is in the block
/// of what it places).
static void inlineExecuteRegions(ModuleOp module) {
  IRRewriter rewriter(module.getContext());
  module.walk<WalkOrder::PostOrder>([&](scf::ExecuteRegionOp op) {
    if (!op.getRegion().hasOneBlock())
      return;
    Block *block = &op.getRegion().front();
    Operation *yield = block->getTerminator();
    SmallVector<Value> results(yield->getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(block, op);
    rewriter.replaceOp(op, results);
  });
}

LogicalResult HostPlacement::place(ModuleOp module) {
  inlineExecuteRegions(module);
  // The placements of each function in program order (the rewrite of one
  // gives the later placements of its tile a new operand).
  llvm::MapVector<Operation *, SmallVector<Operation *>> ops;
  int64_t extent[std::size(kSpaces)] = {};
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto assign = dyn_cast<TAssignOp>(op);
    auto alloc = dyn_cast<AllocTileOp>(op);
    if (!assign && !(alloc && alloc.getAddr()))
      return;
    ops[op->getParentOfType<func::FuncOp>().getOperation()].push_back(op);
    auto type = cast<TileBufType>(assign ? assign.getTile().getType()
                                         : alloc.getResult().getType());
    int64_t address = assign ? assign.getAddr() : *alloc.getConstantAddr();
    placements.push_back({op, type, address});
    // The arena holds each memory as far as a placement reaches.
    int64_t &end =
        extent[static_cast<unsigned>(getMemorySpace(type.getLocation()))];
    end = std::max(end, address + bytesOf(type));
  });
  if (placements.empty())
    return success();
  ArenaLayout layout;
  for (unsigned i = 0; i < std::size(kSpaces); ++i) {
    layout.base[i] = layout.size;
    layout.size += llvm::alignTo(extent[i], 64);
  }
  for (auto &[func, placed] : ops) {
    FunctionPlacer placer(cast<func::FuncOp>(func), layout);
    for (Operation *op : placed) {
      if (auto assign = dyn_cast<TAssignOp>(op)) {
        if (failed(placer.place(assign)))
          return failure();
        continue;
      }
      auto alloc = cast<AllocTileOp>(op);
      placer.placeAllocation(alloc, *alloc.getConstantAddr());
      alloc.getAddrMutable().clear();
    }
  }
  return addArena(module, layout.size);
}

void HostPlacement::checkCapacities(OpOutliner &outliner,
                                    std::optional<TargetArch> target) {
  for (const Placed &placed : placements) {
    TileLocation location = placed.type.getLocation();
    MemorySpace space = getMemorySpace(location);
    int64_t capacity = getMemoryCapacity(target, space);
    int64_t bytes = placed.type.getStorageBits() / 8;
    if (bytes <= capacity && placed.address <= capacity - bytes)
      continue;
    OpBuilder builder(placed.op);
    outliner.checkInline(builder, placed.op, [&](TileLowering &lowering) {
      Value never =
          arith::ConstantIntOp::create(builder, placed.op->getLoc(), 0, 1);
      lowering.guarded(
          placed.op, never,
          Failure{RunTimeFailure::PlacementExceedsMemory,
                  {std::to_string(bytes),
                   "0x" + llvm::utohexstr(placed.address, /*LowerCase=*/true),
                   stringifyMemorySpace(space).str(),
                   stringifyTileLocation(location).str(),
                   std::to_string(capacity), describeTarget(target)},
                  {}},
          [] {});
    });
  }
}
