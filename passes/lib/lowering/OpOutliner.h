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
#include "llvm/ADT/StringMap.h"

namespace mlir::pto {

/// A tile buffer in the kernel function: its type (its value's type is
/// already the byte memref for an argument), its bytes and one `index`
/// value per `?` extent of its type (rows first).
struct HostBuffer {
  TileBufType type;
  Value bytes;
  SmallVector<Value, 2> dynamicExtents;
};

/// Module-wide: the outlined functions by op signature and the run-time
/// checks of every call site (describeOpFailure; the error slot holds
/// index + 1).
class OpOutliner {
public:
  explicit OpOutliner(ModuleOp module) : module(module), symbols(module) {}

  /// Replaces nothing; emits, at `builder`'s insertion point in `kernel`, a
  /// call that runs `op` on the buffers `buffers` gives for its tile
  /// operands (its other operands are passed as they are).
  LogicalResult lowerAsCall(Operation *op, OpLoweringFn lowerOp,
                            func::FuncOp kernel, OpBuilder &builder,
                            const DenseMap<Value, HostBuffer> &buffers,
                            Value errorSlot);

  ArrayRef<Attribute> getMessages() const { return messages; }

private:
  struct Outlined {
    func::FuncOp func;
    SmallVector<FailureSite> checks;
  };
  FailureOr<Outlined> outline(Operation *op, OpLoweringFn lowerOp,
                              ArrayRef<Value> operands, func::FuncOp kernel,
                              const DenseMap<Value, HostBuffer> &buffers);

  ModuleOp module;
  SymbolTable symbols;
  llvm::StringMap<Outlined> bySignature;
  SmallVector<Attribute> messages;
};

} // namespace mlir::pto

#endif // PTO_LOWERING_OPOUTLINER_H
