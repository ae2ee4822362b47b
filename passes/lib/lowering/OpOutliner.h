//===- OpOutliner.h - each tile op becomes a call ---------------*- C++ -*-===//
//
// `pto-to-std` turns every tile op into a call of a private function that
// holds the op's loops. Two reasons: the kernel stays one straight block of
// calls, so scf-to-cf's block splits stay inside small functions (lowering
// time linear in the number of ops); and ops that differ only in their
// buffers share one function, so LLVM optimizes each distinct op once
// (JIT compile time grows with the distinct ops, not with all of them).
//
#ifndef PTO_LOWERING_OPOUTLINER_H
#define PTO_LOWERING_OPOUTLINER_H

#include "TileLowering.h"
#include <map>

namespace mlir::pto {

/// Module-wide: the outlined functions by op signature and the run-time
/// checks of every call site (describeOpFailure; the error slot holds
/// index + 1).
class OpOutliner {
public:
  /// With `rowRanges`, the function of an op whose rows may be split
  /// (RowSplit.h) takes a row range after the error slot's arguments.
  OpOutliner(ModuleOp module, bool rowRanges)
      : symbols(module), rowRanges(rowRanges) {}

  /// Replaces `op` by a call of its function, outlined the first time its
  /// signature is seen. `loweredOperands` holds the conversion's values for
  /// each operand of `op` (what `converter` makes of its type: a tile
  /// buffer's bytes and `?` extents, a scalar itself); the function takes
  /// the same. If `lowerOp` reports an error, `op` is erased and
  /// hadErrors() is set: the error is the one diagnostic the user sees.
  void lowerAsCall(Operation *op, OpLoweringFn lowerOp,
                   const TypeConverter &converter,
                   ArrayRef<ValueRange> loweredOperands,
                   ConversionPatternRewriter &rewriter);
  /// The call of lowerAsCall, emitted before `op`, which stays for its own
  /// pattern to replace (alloc_tile: the check of its operands is a call,
  /// the buffer is made in the kernel). Fails as lowerAsCall does.
  LogicalResult callOutlined(Operation *op, OpLoweringFn lowerOp,
                             const TypeConverter &converter,
                             ArrayRef<ValueRange> loweredOperands,
                             ConversionPatternRewriter &rewriter);

  /// Runs `emit` with a TileLowering of the function holding `op` (its
  /// error slot, a code base of its own), building at `builder`'s
  /// insertion point, and registers the checks it makes as `op`'s: checks
  /// that belong in the kernel itself, not in an op's function (scf.for's
  /// step).
  void checkInline(OpBuilder &builder, Operation *op,
                   function_ref<void(TileLowering &)> emit);

  /// Zero-fills `bytes`, a new buffer in the kernel, by a call of the one
  /// function that fills buffers of its size. A loop in the kernel would be
  /// split off by scf-to-cf, which moves the rest of the block each time:
  /// quadratic in the number of allocations of a long kernel.
  void zeroFill(OpBuilder &builder, Location loc, Value bytes);

  /// The integer `value` of `type` (i32, index) in the function holding
  /// `op`: one constant per function, at its start, however many calls pass
  /// it (a long kernel would otherwise hold one per op for the passes
  /// after to walk).
  Value getConstant(OpBuilder &builder, Operation *op, int64_t value,
                    Type type);

  /// Before the conversion: a cell (a memref<2xindex> at the start of its
  /// function) for each pto.alloc_tile whose valid shape a
  /// pto.set_validshape sets, holding its valid rows and columns as the run
  /// goes: the alloc's lowering and each set_validshape's store them, every
  /// pto op of the buffer loads them where it runs (readValidCell: the
  /// outlined calls and pto.valid_shape). Fails, with the error, when an op
  /// of another dialect uses such a buffer (a call, a loop or a branch
  /// would carry extents the cell no longer holds).
  LogicalResult placeValidCells(ModuleOp module);
  /// The cell of the buffer `op` (its alloc_tile or a set_validshape of it)
  /// makes or sets; null if it has none.
  Value getValidCell(Operation *op) const { return cells.lookup(op); }
  /// `lowered`, the conversion's values of operand `index` of `op`, with
  /// its `?` extents loaded from the operand's cell at `builder`'s
  /// insertion point; `lowered` itself if the operand has none.
  SmallVector<Value, 3> readValidCell(OpBuilder &builder, Operation *op,
                                      unsigned index, ValueRange lowered);

  ArrayRef<Attribute> getMessages() const { return messages; }
  /// The key of an op's function (getSignature in OpOutliner.cpp).
  using Signature = SmallVector<const void *, 8>;
  bool hadErrors() const { return errors; }

private:
  struct Outlined {
    func::FuncOp func;
    SmallVector<FailureSite> checks;
    /// The static rows of its row range, if it takes one.
    std::optional<int64_t> splitRows;
  };
  FailureOr<Outlined> outline(Operation *op, OpLoweringFn lowerOp,
                              const TypeConverter &converter,
                              ArrayRef<Value> operands);

  SymbolTable symbols;
  std::map<Signature, Outlined> bySignature;
  DenseMap<Type, func::FuncOp> zeroFills; // by bytes type
  DenseMap<std::tuple<Operation *, Type, int64_t>, Value> constants;
  /// placeValidCells': the cell of each alloc_tile and set_validshape, and
  /// of each (user, operand number) reading one.
  DenseMap<Operation *, Value> cells;
  DenseMap<std::pair<Operation *, unsigned>, Value> cellReads;
  SmallVector<Attribute> messages;
  bool rowRanges;
  bool errors = false;
};

/// The conversion patterns of the pto ops (PtoToStdPatterns.cpp).
void populatePtoToStdPatterns(const TypeConverter &converter,
                              OpOutliner &outliner,
                              RewritePatternSet &patterns);

} // namespace mlir::pto

#endif // PTO_LOWERING_OPOUTLINER_H
