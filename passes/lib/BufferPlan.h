//===- BufferPlan.h - which buffer each Level 1 tile value lives in -*- C++
//-*-===//
//
// The analysis half of pto-ssa-to-dps: for a whole Level 1 kernel, before
// anything changes, which buffer holds each tile value (its own argument,
// an out-parameter, a new allocation, one written in place over a dead
// value, a view's source, a carrier for a loop, branch or call). The
// rewrite (SsaToDps.cpp) only executes these decisions.
//
#ifndef PTO_PASSES_BUFFERPLAN_H
#define PTO_PASSES_BUFFERPLAN_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "pto/PtoDialect.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>

namespace mlir::pto {

using BufferId = unsigned;

/// One buffer of the converted kernel, before it exists.
struct PlannedBuffer {
  enum class Kind {
    Argument,       // a tile argument of the kernel (the caller's; read only)
    OutParameter,   // where a result is returned
    View,           // a Level 1 view's result: the bytes of its source
    Allocation,     // a new zero-filled buffer for an op's result
    Carrier,        // a new buffer carrying a value across a region or call
    Rematerialized, // a new buffer with the `?` extents a carrier came with
    Aside,          // where a yield copies a value before its carrier is hit
  };
  Kind kind;
  /// The Level 1 type of what it holds; carriers and out-parameters of a
  /// value with `?` extents are whole tiles (carrierType).
  TileType type;
  /// Argument, OutParameter: its position among the function's arguments
  /// after the conversion.
  unsigned index = 0;
  /// The value whose conversion makes the buffer (the view's or op's
  /// result, the carried value); null for an Aside.
  Value origin;

  /// Made by this kernel, so it may be written over once its value is dead.
  bool isOwned() const {
    return kind != Kind::Argument && kind != Kind::OutParameter &&
           kind != Kind::View;
  }
};

/// One decision of the plan, in the order it was taken (for remarks).
struct Placement {
  Value value;
  BufferId buffer;
  std::string reason;
};

/// The decisions for one function (a kernel with one block, or a
/// declaration, which needs none).
class BufferPlan {
public:
  /// Plans `func`; failure is reported at the op that cannot be converted.
  static FailureOr<BufferPlan> compute(func::FuncOp func);

  const PlannedBuffer &buffer(BufferId id) const { return buffers[id]; }
  size_t numBuffers() const { return buffers.size(); }
  /// The buffer Level 1 tile value `value` is read from; std::nullopt for
  /// a value that is no Level 1 tile (a Level 2 buffer is its own).
  std::optional<BufferId> home(Value value) const;
  /// The buffer carrying `value` (a loop's iter_arg or result, a branch's or
  /// call's result, a while region's argument) across its boundary;
  /// std::nullopt for a value that has none.
  std::optional<BufferId> carrier(Value value) const;
  /// The buffer in which terminator `at` sets aside value #i of those it
  /// passes on, before copying it into its carrier; std::nullopt for none.
  std::optional<BufferId> aside(Operation *at, unsigned i) const;
  /// The out-parameters, in result order.
  ArrayRef<BufferId> outParameters() const { return outs; }
  ArrayRef<Placement> placements() const { return decisions; }

  /// A short description of buffer `id`, for messages and remarks.
  std::string describe(BufferId id) const;

private:
  friend class BufferPlanner;
  SmallVector<PlannedBuffer> buffers;
  DenseMap<Value, BufferId> homes;
  DenseMap<Value, BufferId> carriers;
  DenseMap<std::pair<Operation *, unsigned>, BufferId> asides;
  SmallVector<BufferId> outs;
  SmallVector<Placement> decisions;
};

/// The buffer type holding a Level 1 tile of type `type`.
TileBufType toBuffer(TileType type);

/// The type of the buffer that carries a tile of type `type` out of a
/// function, call, loop or branch: `type`, or the whole tile (valid
/// everywhere) when `type` has `?` valid extents. Those are known only once
/// the value is made, so they travel beside the buffer as index values
/// (returned, yielded), and the receiver makes a buffer with them again.
TileType carrierType(TileType type);

/// A Level 1 tile value's type.
inline bool isTile(Type type) { return isa<TileType>(type); }

/// Does `op` read or make Level 1 tiles?
bool touchesTiles(Operation *op);

/// Does `func` hold Level 1 tiles (which pto-ssa-to-dps converts)?
bool holdsTiles(func::FuncOp func);

/// The region-branch ops the rewrite rebuilds without their tile operands,
/// results and region arguments (MLIR has no generic way to rebuild an op
/// with other result types): scf.for, scf.while and scf.if. The plan
/// decides their carriers from RegionBranchOpInterface alone.
bool rewritesRegionBranch(Operation *op);

/// The calls the rewrite rebuilds with out-parameters (func.call); the plan
/// sees them through CallOpInterface.
bool rewritesCall(Operation *op);

/// Whether the rewrite passes `?` valid extents of carried tiles through
/// region-branch op `op` (as index values beside them): scf.for and scf.if;
/// scf.while's condition would have to pass them on too (not done).
bool carriesExtentsThrough(Operation *op);

/// Whether `type` is a tile with `?` valid extents (a Level 1 tile, or the
/// buffer of a converted argument).
bool hasDynamicExtents(Type type);

} // namespace mlir::pto

#endif // PTO_PASSES_BUFFERPLAN_H
