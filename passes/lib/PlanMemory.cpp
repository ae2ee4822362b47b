//===- PlanMemory.cpp - place tile buffers in on-chip memory --------------===//
//
// A buffer's last use comes from MLIR's Liveness, in the block of its
// allocation: the last op there that uses it or contains a use (a loop that
// reads it keeps it live to the loop's end). Liveness answers per block, but
// placement compares buffers allocated in different blocks (one outside a
// loop, one inside), so each buffer becomes an interval on one pre-order
// numbering of the kernel's ops: from its allocation to the end of that last
// op, nested ops included. Placement is first fit per memory, in allocation
// order, against every buffer whose interval overlaps.
//
#include "mlir/Analysis/Liveness.h"
#include "mlir/IR/Builders.h"
#include "pto/PtoMemory.h"
#include "pto/PtoPasses.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

namespace mlir::pto {
#define GEN_PASS_DEF_PTOPLANMEMORY
#include "pto/PtoPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;
using namespace mlir::pto;

namespace {
/// One kernel-allocated buffer and where it lives.
struct Buffer {
  AllocTileOp alloc;
  MemorySpace space;
  int64_t bytes;               // rounded up to the alignment
  int64_t first = 0, last = 0; // live interval, in op numbers
  std::optional<int64_t> address;
  TAssignOp placement; // the manual placement, if any

  bool liveWith(const Buffer &other) const {
    return first <= other.last && other.first <= last;
  }
  bool overlaps(int64_t begin, int64_t size) const {
    return *address < begin + size && begin < *address + bytes;
  }
};

std::string hex(int64_t value) {
  return "0x" + llvm::utohexstr(value, /*LowerCase=*/true);
}

class KernelPlanner {
public:
  KernelPlanner(func::FuncOp func, bool autoMode, bool allowOverlap)
      : func(func), autoMode(autoMode), allowOverlap(allowOverlap),
        target(lookupTargetArch(func)), liveness(func) {}

  LogicalResult run() {
    // PTOAS's `alloc_tile addr = %c` is a manual placement like tassign.
    AllocTileOp::splitPlacements(func);
    number();
    if (failed(collect()))
      return failure();
    for (Buffer &buffer : buffers)
      if (buffer.address && !allowOverlap && failed(checkManual(buffer)))
        return failure();
    // A sweep in allocation order (increasing `first`): `started` holds the
    // placed buffers allocated before, dropped once they end before the
    // current one starts; manual placements allocated later are looked up
    // in `manual`. Each placement sees the same live buffers as a scan of
    // all of them, without that scan's quadratic time on long kernels.
    SmallVector<const Buffer *> manual;
    for (const Buffer &buffer : buffers)
      if (buffer.address)
        manual.push_back(&buffer);
    const Buffer *const *nextManual = manual.begin();
    auto endsLater = [](const Buffer *a, const Buffer *b) {
      return a->last > b->last;
    };
    std::vector<const Buffer *> started; // a heap, soonest end on top
    for (Buffer &buffer : buffers) {
      while (!started.empty() && started.front()->last < buffer.first) {
        std::pop_heap(started.begin(), started.end(), endsLater);
        started.pop_back();
      }
      while (nextManual != manual.end() && (*nextManual)->first <= buffer.first)
        ++nextManual;
      if (!buffer.address) {
        SmallVector<const Buffer *> live(started.begin(), started.end());
        for (const Buffer *const *later = nextManual;
             later != manual.end() && (*later)->first <= buffer.last; ++later)
          live.push_back(*later);
        if (failed(place(buffer, live)))
          return failure();
      }
      started.push_back(&buffer);
      std::push_heap(started.begin(), started.end(), endsLater);
    }
    return success();
  }

private:
  /// Pre-order numbers; `subtreeEnd[op]` is the number of the last op nested
  /// in `op` (itself when it has no regions).
  void number() {
    int64_t next = 0;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) { order[op] = next++; });
    func.walk<WalkOrder::PostOrder>([&](Operation *op) {
      int64_t end = order[op];
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.empty())
            end = std::max(end, subtreeEnd[&block.back()]);
      subtreeEnd[op] = end;
    });
  }

  /// The last op number at which `value`, `alloc`'s buffer or a view of it,
  /// is still needed: the end of the last op in `alloc`'s block that uses it
  /// or contains a use.
  int64_t lastUse(Value value, AllocTileOp alloc) {
    Block *block = alloc->getBlock();
    Operation *end = liveness.getLiveness(block)->getEndOperation(value, alloc);
    int64_t last = subtreeEnd[end];
    for (Operation *user : value.getUsers())
      if (auto view = dyn_cast<TileViewOpInterface>(user))
        if (view.getViewSource() == value)
          last = std::max(last, lastUse(view.getViewDest(), alloc));
    return last;
  }

  LogicalResult collect() {
    WalkResult result = func.walk([&](AllocTileOp alloc) {
      TileBufType type = alloc.getResult().getType();
      Buffer buffer{alloc, getMemorySpace(type.getLocation()),
                    llvm::alignTo(type.getStorageBits() / 8, kTileAlignment)};
      buffer.first = order[alloc];
      buffer.last = lastUse(alloc.getResult(), alloc);
      // In program order, so a second placement is the one reported.
      SmallVector<TAssignOp> assigns;
      for (Operation *user : alloc.getResult().getUsers())
        if (auto assign = dyn_cast<TAssignOp>(user))
          assigns.push_back(assign);
      llvm::sort(assigns,
                 [&](TAssignOp a, TAssignOp b) { return order[a] < order[b]; });
      for (TAssignOp assign : assigns) {
        if (buffer.placement) {
          InFlightDiagnostic diag = assign.emitOpError()
                                    << "places a buffer that is already placed";
          diag.attachNote(buffer.placement.getLoc()) << "placed here";
          return WalkResult::interrupt();
        }
        buffer.placement = assign;
        buffer.address = assign.getAddr();
      }
      if (!buffer.placement && !autoMode) {
        alloc.emitOpError() << "has no pto.tassign placement (manual mode "
                               "places every buffer by hand)";
        return WalkResult::interrupt();
      }
      buffers.push_back(buffer);
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  /// Manual placements: no two live buffers of one memory share a byte.
  LogicalResult checkManual(Buffer &buffer) {
    for (Buffer &other : buffers) {
      if (&other == &buffer)
        break; // each pair once
      if (!other.address || other.space != buffer.space ||
          !other.liveWith(buffer) ||
          !other.overlaps(*buffer.address, buffer.bytes))
        continue;
      InFlightDiagnostic diag =
          buffer.placement.emitOpError()
          << "places " << buffer.bytes << " bytes at " << hex(*buffer.address)
          << " in " << stringifyMemorySpace(buffer.space)
          << ", overlapping the live buffer placed at " << hex(*other.address)
          << " (" << other.bytes << " bytes)";
      diag.attachNote(other.placement.getLoc()) << "the other placement";
      return failure();
    }
    return success();
  }

  /// First fit: the lowest aligned address clear of every live buffer of
  /// its memory. `candidates` holds every placed buffer live with it.
  LogicalResult place(Buffer &buffer, ArrayRef<const Buffer *> candidates) {
    SmallVector<const Buffer *> live;
    for (const Buffer *other : candidates)
      if (other->space == buffer.space)
        live.push_back(other);
    llvm::sort(live, [](const Buffer *a, const Buffer *b) {
      return *a->address < *b->address;
    });
    int64_t address = 0;
    for (const Buffer *other : live)
      if (other->overlaps(address, buffer.bytes))
        address = llvm::alignTo(*other->address + other->bytes, kTileAlignment);
    int64_t capacity = getMemoryCapacity(target, buffer.space);
    if (address + buffer.bytes > capacity) {
      int64_t inUse = 0;
      for (const Buffer *other : live)
        inUse += other->bytes;
      InFlightDiagnostic diag =
          buffer.alloc.emitOpError()
          << "needs " << buffer.bytes << " bytes of "
          << stringifyMemorySpace(buffer.space) << " for "
          << buffer.alloc.getResult().getType() << ", but "
          << stringifyMemorySpace(buffer.space) << " holds " << capacity
          << " bytes " << describeTarget(target) << " and " << inUse
          << " bytes of it are held by " << live.size() << " live buffers here";
      noteAssumedTarget(diag, buffer.alloc);
      return diag;
    }
    buffer.address = address;
    OpBuilder builder(buffer.alloc->getContext());
    builder.setInsertionPointAfter(buffer.alloc);
    buffer.placement = builder.create<TAssignOp>(
        buffer.alloc.getLoc(), buffer.alloc.getResult(), address);
    return success();
  }

  func::FuncOp func;
  bool autoMode;
  bool allowOverlap;
  std::optional<TargetArch> target;
  Liveness liveness;
  DenseMap<Operation *, int64_t> order, subtreeEnd;
  std::vector<Buffer> buffers; // in allocation order
};

struct PtoPlanMemory : pto::impl::PtoPlanMemoryBase<PtoPlanMemory> {
  using Base::Base;
  void runOnOperation() override {
    if (mode != "auto" && mode != "manual") {
      getOperation().emitError() << "pto-plan-memory: unknown mode '" << mode
                                 << "' (expected auto or manual)";
      return signalPassFailure();
    }
    if (failed(
            KernelPlanner(getOperation(), mode == "auto", allowOverlap).run()))
      signalPassFailure();
  }
};
} // namespace
