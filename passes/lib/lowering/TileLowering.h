//===- TileLowering.h - what the per-op host lowerings share ----*- C++ -*-===//
//
// The state of `pto-to-std` while it lowers one function, and the helpers
// every op lowering uses: the lowered form of a tile buffer, loops over a
// valid region and guarded run-time checks.
//
#ifndef PTO_LOWERING_TILELOWERING_H
#define PTO_LOWERING_TILELOWERING_H

#include "pto/PtoDialect.h"
#include "pto/PtoLowering.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"
#include <optional>
#include <string>

namespace mlir::pto {

/// Where a boxed layout (slayout != none_box) stores element (r, c), in
/// elements: with `br = r / boxRows`, `ir = r % boxRows`, `bc = c / boxCols`,
/// `ic = c % boxCols`, the offset is
/// `br * boxRowStride + bc * boxColStride + ir * inRowStride + ic * inColStride`
/// (the library's tile offsets; runtime/storage.py is the same order).
struct BoxOrder {
  int64_t boxRows, boxCols;
  int64_t boxRowStride, boxColStride, inRowStride, inColStride;
};

/// A tile buffer on the host: its bytes (`memref<N x i8>`, the whole static
/// tile), a typed view of them and its valid extents as `index` values
/// (constants where static). The view is 2-D for ND (row-major strides) and
/// DN (column-major strides); for a boxed layout it is the flat storage and
/// `box` says where each element sits. Ops address elements through
/// load/store, which hide the difference.
struct LoweredTile {
  TileBufType type;
  Value bytes;
  Value view;
  Value validRows;
  Value validCols;
  std::optional<BoxOrder> box;

  /// Element (r, c) of the view.
  Value load(OpBuilder &b, Location loc, Value r, Value c) const;
  void store(OpBuilder &b, Location loc, Value value, Value r, Value c) const;

  /// How many columns of a row lie one after another in storage, from any
  /// column that is a multiple of it: the box width for boxes stored row by
  /// row, 0 (a whole row) for row-major ND, 1 otherwise.
  int64_t contiguousColumns() const;
  /// Element i of the run of row r that starts at column c (a multiple of
  /// contiguousColumns()): `start` is runStart(r, c), computed once per run
  /// so that the element's address is start + i, a loop LLVM vectorizes.
  Value runStart(OpBuilder &b, Location loc, Value r, Value c) const;
  Value loadRun(OpBuilder &b, Location loc, Value r, Value start, Value i) const;
  void storeRun(OpBuilder &b, Location loc, Value value, Value r, Value start,
                Value i) const;
  /// The first `type.getNumElements()` elements of the run as one vector.
  Value loadRunVector(OpBuilder &b, Location loc, VectorType type, Value r,
                      Value start) const;
  void storeRunVector(OpBuilder &b, Location loc, Value vector, Value r,
                      Value start) const;

private:
  SmallVector<Value, 2> indices(OpBuilder &b, Location loc, Value r,
                                Value c) const;
};

/// The element type of the memref: signless for integers (`ui8` -> `i8`);
/// ops that care about signedness read it from the tile type.
Type getStorageElementType(Type elementType);

/// Why the host lowering cannot address the tile's storage (a layout with
/// no storage order, a boxed tile that is not whole boxes), or "" if it can.
std::string getHostLayoutProblem(TileBufType type);

/// The box order of a boxed tile type; nullopt for ND and DN. The type must
/// have no host layout problem.
std::optional<BoxOrder> getBoxOrder(TileBufType type);

/// The state of one op's lowering, built into the function of its own
/// that the op becomes (see OpOutliner.h): its tile operands as lowered
/// tiles, its other operands as values, and its run-time checks.
class TileLowering {
public:
  /// `errorSlot` is the `memref<1xi32>` failures go to; a failed check `k`
  /// (0-based, in emission order) stores `codeBase + k + 1`.
  TileLowering(OpBuilder &builder, Block *entry, Value errorSlot, Value codeBase)
      : builder(builder), entry(entry), errorSlot(errorSlot), codeBase(codeBase) {}

  OpBuilder &getBuilder() { return builder; }

  /// Builds the typed view and valid extents of a buffer whose bytes are
  /// `bytes`; `dynamicExtents` holds one value per `?` extent (rows first).
  LoweredTile define(Location loc, Value tile, TileBufType type, Value bytes,
                     ValueRange dynamicExtents);
  /// The typed view of `bytes` as `type` with the given valid extents,
  /// bound to no tile value (a snapshot, a reinterpretation).
  LoweredTile view(Location loc, TileBufType type, Value bytes, Value validRows,
                   Value validCols);
  const LoweredTile &lookup(Value tile) const { return tiles.find(tile)->second; }
  /// Whether `operand` is one of the op's tiles (its type may already be
  /// the lowered bytes).
  bool isTile(Value operand) const { return tiles.count(operand); }

  /// What `op` reads as its source `src`: the buffer itself, or, when `op`
  /// also writes it, a copy taken before the op (the reference semantics
  /// read every source before writing any destination). Copies are freed by
  /// releaseScratch().
  LoweredTile source(Operation *op, Value src);
  /// A heap buffer for `type`'s bytes (uninitialized), freed by
  /// releaseScratch().
  Value scratchBytes(Location loc, TileBufType type);
  /// Frees the scratch buffers of the op just lowered.
  void releaseScratch(Location loc);

  /// An `index` constant, created once per function at its entry.
  Value index(int64_t value);

  /// A scalar (non-tile) operand of the op, as a value of this function.
  void defineScalar(Value operand, Value value) { scalars[operand] = value; }
  Value scalar(Value operand) const { return scalars.lookup(operand); }
  /// The scalar operand as a signless integer (arith takes no others): a
  /// `ui64`/`si16` value is reinterpreted, bit for bit.
  Value signlessScalar(Location loc, Value operand);

  /// Emits `body` under `cond`; when `cond` is false at run time the op is
  /// skipped and the failure `what` is reported through the error slot
  /// (first failure wins). A null `cond` (known to hold) emits `body`
  /// unguarded.
  void guarded(Operation *op, Value cond, StringRef what,
               function_ref<void()> body);
  /// The failures of the checks emitted so far, in code order.
  ArrayRef<std::string> getCheckMessages() const { return checkMessages; }

  /// `a == b` for index values; null when both are the same constant.
  Value equal(Location loc, Value a, Value b);
  /// Every tile in `others` has `ref`'s valid shape; null when known.
  Value sameValidShapes(Location loc, const LoweredTile &ref,
                        ArrayRef<LoweredTile> others);
  /// `value % 2 == 0`; null when it is a constant (the verifier checked it).
  Value isEven(Location loc, Value value);
  /// Conjunction of conditions; null and constant-true ones hold and are
  /// left out (null when all hold).
  Value allOf(Location loc, ArrayRef<Value> conds);

private:
  OpBuilder &builder;
  Block *entry;
  Value errorSlot;
  Value codeBase;
  DenseMap<int64_t, Value> indexConstants;
  DenseMap<std::pair<Value, Value>, Value> equalities;
  SmallVector<std::string> checkMessages;
  DenseMap<Value, LoweredTile> tiles;
  DenseMap<Value, Value> scalars;
  SmallVector<Value> scratch;
  /// Copies of the current op's sources, one per source buffer.
  DenseMap<Value, LoweredTile> snapshots;
};

/// `memref<N x i8>`, the bytes of the whole static tile.
MemRefType getBytesType(TileBufType type);

/// Stores zero into every byte of `bytes` (a new buffer is zero-filled).
void zeroFill(OpBuilder &builder, Location loc, Value bytes);

/// Emits `for r in [0, rows): for c in [0, cols): body(r, c)`, the column
/// loop innermost (contiguous for ND tiles, so LLVM vectorizes it).
void buildRegionLoops(TileLowering &lowering, Location loc, Value rows,
                      Value cols, function_ref<void(Value r, Value c)> body);

/// `'pto.tor' op at file:line:col: <what>` for run-time messages.
std::string describeOpFailure(Operation *op, StringRef what);

/// One lowering per op name; adding an op is one function and one entry.
using OpLoweringFn = LogicalResult (*)(Operation *op, TileLowering &lowering);
const llvm::StringMap<OpLoweringFn> &getOpLowerings();

LogicalResult lowerTOr(Operation *op, TileLowering &lowering);
LogicalResult lowerTInterleave(Operation *op, TileLowering &lowering);
LogicalResult lowerTDeinterleave(Operation *op, TileLowering &lowering);
LogicalResult lowerTReshapeCopy(Operation *op, TileLowering &lowering);
LogicalResult lowerTSort32(Operation *op, TileLowering &lowering);
LogicalResult lowerTInsert(Operation *op, TileLowering &lowering);
LogicalResult lowerTExtract(Operation *op, TileLowering &lowering);

} // namespace mlir::pto

#endif // PTO_LOWERING_TILELOWERING_H
