//===- TileLowering.h - what the per-op host lowerings share ----*- C++ -*-===//
//
// The state of `pto-to-std` while it lowers one function, and the helpers
// every op lowering uses: the lowered form of a tile buffer, loops over a
// valid region and guarded run-time checks.
//
#ifndef PTO_LOWERING_TILELOWERING_H
#define PTO_LOWERING_TILELOWERING_H

#include "mlir/IR/Builders.h"
#include "pto/PtoDialect.h"
#include "pto/PtoLowering.h"
#include "pto/RunTimeFailure.h"
#include "pto/TileStorage.h"
#include "llvm/ADT/StringMap.h"
#include <optional>
#include <string>

namespace mlir::pto {

/// A tile buffer on the host: its bytes (`memref<N x i8>`, the whole static
/// tile), a typed view of them and its valid extents as `index` values
/// (constants where static). The view is 2-D for ND (row-major strides) and
/// DN (column-major strides); for a boxed layout it is the flat storage and
/// `box` (pto/TileStorage.h) says where each element sits. Ops address
/// elements through load/store, which hide the difference.
struct LoweredTile {
  TileBufType type;
  Value bytes;
  Value view;
  Value validRows;
  Value validCols;
  std::optional<StorageOrder> box;

  /// Element (r, c) of the view.
  Value load(OpBuilder &b, Location loc, Value r, Value c) const;
  void store(OpBuilder &b, Location loc, Value value, Value r, Value c) const;

  /// How many columns of a row lie one after another in storage, from any
  /// column that is a multiple of it: the box width for boxes stored row by
  /// row, 0 (a whole row) for row-major ND, 1 otherwise.
  int64_t contiguousColumns() const;
  /// How many elements of the flat storage lie between the run of row r
  /// and the run of row r + 1 at the same columns, when that distance is
  /// the same for every r (boxes stacked one under another in storage, as
  /// NZ's are: box column by box column, each contiguous); 0 when it varies
  /// (boxes side by side, as Zz's are) or the tile is not boxed (ND tiles
  /// address rows in their 2-D view).
  int64_t runRowStride() const;
  /// Element i of the run of row r that starts at column c (a multiple of
  /// contiguousColumns()): `start` is runStart(r, c), computed once per run
  /// so that the element's address is start + i, a loop LLVM vectorizes.
  Value runStart(OpBuilder &b, Location loc, Value r, Value c) const;
  Value loadRun(OpBuilder &b, Location loc, Value r, Value start,
                Value i) const;
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

/// One value a failed check reports (an `index` or integer value), and
/// whether its bits are an unsigned number (a `ui64` index operand).
struct FailureValue {
  FailureValue(Value value, bool isUnsigned = false)
      : value(value), isUnsigned(isUnsigned) {}
  Value value;
  bool isUnsigned;
};

/// What a check reports when it fails: its kind (pto/RunTimeFailure.h), its
/// text fields and its values, each in the order the kind lists them.
struct Failure {
  RunTimeFailure kind;
  SmallVector<std::string, 3> text;
  SmallVector<FailureValue, 4> values;
};

/// A check as the lowered module lists it: its kind, text fields and which
/// values are unsigned; the values come from the error slot.
struct FailureSite {
  RunTimeFailure kind;
  SmallVector<std::string, 3> text;
  SmallVector<bool, 4> unsignedValues;
};

/// The state of one op's lowering, built into the function of its own
/// that the op becomes (see OpOutliner.h): its tile operands as lowered
/// tiles, its other operands as values, and its run-time checks.
class TileLowering {
public:
  /// `errorSlot` (getErrorSlotType()) is where failures go: a failed check
  /// `k` (0-based, in emission order) stores the code `codeBase + k + 1` (an
  /// i32 argument) and its values.
  TileLowering(OpBuilder &builder, Block *entry, Value errorSlot,
               Value codeBase)
      : builder(builder), entry(entry), errorSlot(errorSlot),
        codeBase(codeBase) {}

  OpBuilder &getBuilder() { return builder; }

  /// Builds the typed view and valid extents of a buffer whose bytes are
  /// `bytes`; `dynamicExtents` holds one value per `?` extent (rows first).
  LoweredTile define(Location loc, Value tile, TileBufType type, Value bytes,
                     ValueRange dynamicExtents);
  /// The typed view of `bytes` as `type` with the given valid extents,
  /// bound to no tile value (a snapshot, a reinterpretation).
  LoweredTile view(Location loc, TileBufType type, Value bytes, Value validRows,
                   Value validCols);
  const LoweredTile &lookup(Value tile) const {
    return tiles.find(tile)->second;
  }
  /// Whether `operand` is one of the op's tiles (its type may already be
  /// the lowered bytes).
  bool isTile(Value operand) const { return tiles.count(operand); }

  /// What `op` reads as its source `src`: the buffer itself, or, when `op`
  /// also writes it, a copy taken before the op (the reference semantics
  /// read every source before writing any destination). Copies are freed by
  /// releaseScratch().
  LoweredTile source(Operation *op, Value src);
  /// A copy of `src` taken before the op, whether or not the op writes it
  /// (an op that reads all of a source before writing dst, where dst may
  /// share bytes with it through a view or a placement). Freed by
  /// releaseScratch().
  LoweredTile snapshot(Operation *op, Value src);
  /// A heap buffer for `type`'s bytes (uninitialized), freed by
  /// releaseScratch().
  Value scratchBytes(Location loc, TileBufType type);
  /// Frees the scratch buffers of the op just lowered.
  void releaseScratch(Location loc);

  /// An `index` constant, created once per function at its entry.
  Value index(int64_t value);

  /// Makes the op's row loop cover only rows [begin, end) (`index` values,
  /// RowSplit.h): the function runs one part of the op.
  void setRowRange(Value begin, Value end) { rowRange = {begin, end}; }
  /// The bounds of the op's row loop over `rows` (the valid rows of the
  /// operand RowSplit.h names): [0, rows), or its part within the row range.
  /// Every op's row loop takes its bounds from here.
  std::pair<Value, Value> rowBounds(Location loc, Value rows);

  /// A scalar (non-tile) operand of the op, as a value of this function.
  void defineScalar(Value operand, Value value) { scalars[operand] = value; }
  Value scalar(Value operand) const { return scalars.lookup(operand); }
  /// An operand the conversion makes several values of (a global tensor
  /// view, GlobalMemoryLowering.cpp), as values of this function.
  void defineValues(Value operand, ValueRange values) {
    aggregates[operand] = llvm::to_vector(values);
  }
  ArrayRef<Value> values(Value operand) const {
    return aggregates.find(operand)->second;
  }
  /// The scalar operand as a signless integer (arith takes no others): a
  /// `ui64`/`si16` value is reinterpreted, bit for bit.
  Value signlessScalar(Location loc, Value operand);

  /// Emits `body` under `cond`; when `cond` is false at run time the op is
  /// skipped and `failure` is reported through the error slot (first
  /// failure wins). A null `cond` (known to hold) emits `body` unguarded.
  void guarded(Operation *op, Value cond, const Failure &failure,
               function_ref<void()> body);
  /// The checks emitted so far, in code order.
  ArrayRef<FailureSite> getChecks() const { return checks; }

  /// Runs `body` if every tile of `tiles` has the valid shape of `tiles[0]`,
  /// checked in order (`names` name them in the failure).
  void guardedSameValidShapes(Operation *op, ArrayRef<StringRef> names,
                              ArrayRef<const LoweredTile *> tiles,
                              function_ref<void()> body);

  /// Runs `body` unless `fails` holds for an element of `tile`'s valid
  /// region; `failure` (its kind and text fields; the element's row and
  /// column are its values) names the first such element in row-major
  /// order, as the interpreter does. The whole region is scanned before
  /// any element is written (a failed op writes nothing, on both engines).
  void guardedEveryElement(
      Operation *op, const LoweredTile &tile, Failure failure,
      function_ref<Value(OpBuilder &, Location, Value element)> fails,
      function_ref<void()> body);

  /// `a == b` for index values; null when both are the same constant.
  Value equal(Location loc, Value a, Value b);
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
  std::optional<std::pair<Value, Value>> rowRange;
  DenseMap<std::pair<Value, Value>, Value> equalities;
  SmallVector<FailureSite> checks;
  DenseMap<Value, LoweredTile> tiles;
  DenseMap<Value, Value> scalars;
  DenseMap<Value, SmallVector<Value>> aggregates;
  SmallVector<Value> scratch;
  /// Copies of the current op's sources, one per source buffer.
  DenseMap<Value, LoweredTile> snapshots;
};

/// `memref<N x i8>`, the bytes of the whole static tile.
MemRefType getBytesType(TileBufType type);

/// The pad value of `type` as a constant of its storage type: 0 for null
/// and zero; for max +inf or the largest value, for min -inf or the
/// smallest (docs/semantics.md#tload; tload and tfillpad fill with it).
Value padValue(OpBuilder &b, Location loc, TileBufType type);

/// Stores zero into every byte of `bytes` (a new buffer is zero-filled).
void zeroFill(OpBuilder &builder, Location loc, Value bytes);

/// Emits `for r in rowBounds(rows): for c in [0, cols): body(r, c)`, the
/// column loop innermost (contiguous for ND tiles, so LLVM vectorizes it).
void buildRegionLoops(TileLowering &lowering, Location loc, Value rows,
                      Value cols, function_ref<void(Value r, Value c)> body);

/// The entry of `kHostErrorsAttrName` for a check of `op`: `{kind = "...",
/// op = "'pto.tor' op at file:line:col", text = {field = "..."},
/// unsigned = ["field", ...]}`; the runtime formats the kind's template.
DictionaryAttr describeOpFailure(Operation *op, const FailureSite &site);

/// One lowering per op family, building the body of the op's function;
/// PtoToStdPatterns.cpp pairs each op class with its function.
using OpLoweringFn = LogicalResult (*)(Operation *op, TileLowering &lowering);

/// What every op lowering starts from: the builder, the op's location and
/// its tile operands (named by the op's accessors) as lowered tiles.
struct LoweredOp {
  LoweredOp(Operation *op, TileLowering &lowering)
      : op(op), b(lowering.getBuilder()), loc(op->getLoc()),
        lowering(lowering) {}

  /// Tile operand `operand` as its buffer.
  const LoweredTile &tile(Value operand) { return lowering.lookup(operand); }
  /// Tile operand `operand` as the op reads it (TileLowering::source: a
  /// copy taken first when the op also writes it).
  LoweredTile source(Value operand) { return lowering.source(op, operand); }
  /// Tile operand `operand` as a copy taken first (TileLowering::snapshot).
  LoweredTile snapshot(Value operand) { return lowering.snapshot(op, operand); }

  Operation *op;
  OpBuilder &b;
  Location loc;
  TileLowering &lowering;
};

/// The lowering of every op of `family` (FamilyLowering.cpp): the ops of a
/// family share it, their ElementOp is their loop body.
OpLoweringFn getFamilyLowering(OpFamily family);
LogicalResult lowerTInterleave(TInterleaveOp op, TileLowering &lowering);
LogicalResult lowerTDeinterleave(TDeinterleaveOp op, TileLowering &lowering);
LogicalResult lowerTReshapeCopy(TReshapeOp op, TileLowering &lowering);
LogicalResult lowerTSort32(TSort32Op op, TileLowering &lowering);
LogicalResult lowerTInsert(TInsertOp op, TileLowering &lowering);
LogicalResult lowerTExtract(TExtractOp op, TileLowering &lowering);
/// The run-time check of the valid extents alloc_tile's or set_validshape's
/// operands give (the buffer and its extents are made in the kernel,
/// PtoToStdPatterns.cpp).
LogicalResult lowerValidExtents(Operation *op, TileLowering &lowering);
/// Global memory (GlobalMemoryLowering.cpp): the run-time checks of the
/// view ops (their descriptors are made in the kernel), tload and tstore.
LogicalResult lowerMakeTensorViewChecks(Operation *op, TileLowering &lowering);
LogicalResult lowerPartitionViewChecks(Operation *op, TileLowering &lowering);
LogicalResult lowerTLoad(TLoadOp op, TileLowering &lowering);
LogicalResult lowerTStore(TStoreOp op, TileLowering &lowering);
LogicalResult lowerTMov(TMovOp op, TileLowering &lowering);
LogicalResult lowerTPrint(TPrintOp op, TileLowering &lowering);
/// Declares the functions the lowered tprints call (pto/TilePrintABI.h)
/// in `module`, if it has any; before the conversion, which only calls them.
void declareTilePrint(ModuleOp module);
LogicalResult lowerTCvt(TCvtOp op, TileLowering &lowering);
LogicalResult lowerTMatmul(TMatmulOp op, TileLowering &lowering);
LogicalResult lowerTMatmulAcc(TMatmulAccOp op, TileLowering &lowering);
LogicalResult lowerTMatmulBias(TMatmulBiasOp op, TileLowering &lowering);
LogicalResult lowerTMrgSort(TMrgSortOp op, TileLowering &lowering);
/// tfillpad, tfillpad_inplace and tfillpad_expand (one computation).
LogicalResult lowerTFillPad(Operation *op, TileLowering &lowering);
/// The index and mask forms (the compare form is not lowered).
LogicalResult lowerTGather(TGatherOp op, TileLowering &lowering);
/// tci and ttri (TGenerateLowering.cpp).
LogicalResult lowerTCI(TCIOp op, TileLowering &lowering);
LogicalResult lowerTTri(TTriOp op, TileLowering &lowering);
/// tsel and tsels (TSelLowering.cpp).
LogicalResult lowerTSel(TSelOp op, TileLowering &lowering);
LogicalResult lowerTSelS(TSelSOp op, TileLowering &lowering);
/// tcmp and tcmps (TCmpLowering.cpp).
LogicalResult lowerTCmp(TCmpOp op, TileLowering &lowering);
LogicalResult lowerTCmpS(TCmpSOp op, TileLowering &lowering);
/// Whether a valid extent (an index) lies in 0..`limit`.
Value isValidExtentInRange(OpBuilder &b, Location loc, Value extent,
                           Value limit);

} // namespace mlir::pto

#endif // PTO_LOWERING_TILELOWERING_H
