//===- Placement.h - placed tiles in the run's on-chip memory ---*- C++ -*-===//
//
// A tile placed by pto.tassign (or alloc_tile's `addr`) lives at its address
// of its location's memory, as on the device and in the interpreter
// (python/pto_mlir/runtime/memory.py): tiles placed over the same bytes see
// each other's writes. On the host the memories of one run are one heap
// buffer, the arena, one region per memory, as large as the module's
// placements reach. Every function with a body takes it as an argument
// (before the error slot) and passes it to the functions it calls; the
// function of each name is a wrapper with the original signature that
// makes the arena, calls the body (renamed `<name>_placed`) and frees it,
// so the calling convention stays the one docs/lowering.md states. The
// wrapper zeroes the arena, as the simulator's memories start zeroed.
//
// The host runs the placements whose effect follows from the IR: a
// pto.tassign in the block that defines its tile, an alloc_tile or an
// argument of a one-block function, which ops before the placement use
// only as an operand of tile ops without results, calls and placements.
// - An allocation placed before any use (alloc_tile `addr`, or a tassign
//   of a fresh allocation) is its bytes of the arena, as they are (pto-isa's
//   TASSIGN binds a tile to an address and moves no byte), never freed.
// - Any other placement becomes a new allocation in the arena right after
//   it, holding a copy of the tile's bytes, which every later use reads
//   instead; a placed argument is copied back before the function returns.
// Other placements (of a tile defined outside the placement's block, of a
// view, ...) are refused with the reason. (A one-block scf.execute_region
// is inlined first: its block runs once, where it stands.)
//
#ifndef PTO_LOWERING_PLACEMENT_H
#define PTO_LOWERING_PLACEMENT_H

#include "OpOutliner.h"
#include "pto/PtoTarget.h"

namespace mlir::pto {

/// The attribute of an alloc_tile made in the arena: its byte offset there
/// (i64).
inline constexpr llvm::StringLiteral kArenaOffsetAttrName =
    "pto_host.arena_offset";

class HostPlacement {
public:
  /// Rewrites the placements of `module` as above; to run before the error
  /// slots are added. Fails with a located error at a placement the host
  /// cannot run.
  LogicalResult place(ModuleOp module);

  /// After the error slots: a placement that does not fit in its memory on
  /// `target` (the module's, else the run's, else either target's larger
  /// size: what the verifier checked) gets a check that fails when it runs
  /// (placement_exceeds_memory), as the interpreter's placement does.
  void checkCapacities(OpOutliner &outliner, std::optional<TargetArch> target);

private:
  struct Placed {
    Operation *op; // the tassign, or the alloc_tile with `addr`
    TileBufType type;
    int64_t address;
  };
  SmallVector<Placed> placements;
};

/// The arena argument of the function holding `op` (its last but one, after
/// the error slots are added).
Value getArena(Operation *op);

} // namespace mlir::pto

#endif // PTO_LOWERING_PLACEMENT_H
