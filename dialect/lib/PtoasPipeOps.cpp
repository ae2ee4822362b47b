//===- PtoasPipeOps.cpp - verifiers of PTOAS's cube/vector pipes ----------===//
// The rules of PTOAS's verifiers of its frontend pipe ops (lib/PTO/IR/PTO.cpp
// at a56b18c3: verifyFrontendInitCommon, verifyFrontendSplitOp,
// verifyFrontendPopOp), with its messages after the rule id. Every op's
// rules are numbered alike, `<mnemonic>_c1` ... (dialect/include/pto/
// PtoasPipeOps.td lists them), so the id is made from the op's name.
#include "pto/PtoDialect.h"
#include "pto/PtoTileOpSupport.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::pto;

/// "<mnemonic>_c<number>: ", the prefix of a rule's message.
static std::string ruleId(Operation *op, unsigned number) {
  return (op->getName().stripDialect() + "_c" + Twine(number) + ": ").str();
}

/// c1: the op sits in a function whose `pto.kernel_kind` is `core` (PTOAS's
/// verifyFrontendKernelKind: a section does not count).
static LogicalResult verifyKernelKind(Operation *op, KernelKind core) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  auto kind =
      func
          ? func->getAttrOfType<KernelKindAttr>(PtoDialect::kKernelKindAttrName)
          : KernelKindAttr();
  if (kind && kind.getValue() == core)
    return success();
  InFlightDiagnostic diag = op->emitOpError(ruleId(op, 1))
                            << "must be inside a " << stringifyKernelKind(core)
                            << " kernel function (pto.kernel_kind = "
                            << "#pto.kernel_kind<" << stringifyKernelKind(core)
                            << ">), got ";
  if (!func)
    diag << "no function";
  else if (!kind)
    diag << "a function without pto.kernel_kind";
  else
    diag << "a " << stringifyKernelKind(kind.getValue()) << " kernel";
  return diag;
}

/// c2 of the push, pop and free ops: `split` is 0 (no split), 1 (by rows)
/// or 2 (by columns), pto-isa's TileSplitAxis.
static LogicalResult verifySplit(Operation *op, int64_t split) {
  if (split >= 0 && split <= 2)
    return success();
  return op->emitOpError(ruleId(op, 2))
         << "expects 'split' to be 0, 1, or 2, got " << split;
}

template <typename InitOpT> static LogicalResult verifyInitialize(InitOpT op) {
  if (failed(verifyKernelKind(op, InitOpT::kCore)))
    return failure();
  unsigned count = 0;
  op->template getParentOfType<FunctionOpInterface>().walk(
      [&](InitOpT) { ++count; });
  if (count > 1)
    return op.emitOpError(ruleId(op, 2))
           << "requires at most one " << op->getName()
           << " op per function, got " << count;
  int8_t dirMask = op.getDirMask();
  if (dirMask != 1 && dirMask != 2 && dirMask != 3)
    return op.emitOpError(ruleId(op, 3))
           << "expects 'dir_mask' to be 1, 2, or 3, got " << int(dirMask);
  if (int32_t(op.getSlotSize()) <= 0)
    return op.emitOpError(ruleId(op, 4))
           << "expects 'slot_size' to be greater than 0, got "
           << int32_t(op.getSlotSize());
  return success();
}

template <typename SplitOpT> static LogicalResult verifySplitOp(SplitOpT op) {
  if (failed(verifyKernelKind(op, SplitOpT::kCore)))
    return failure();
  return verifySplit(op, op.getSplit());
}

template <typename PopOpT> static LogicalResult verifyPop(PopOpT op) {
  if (failed(verifySplitOp(op)))
    return failure();
  bool hasRows = bool(op.getValidRow()), hasCols = bool(op.getValidCol());
  if (hasRows != hasCols)
    return op.emitOpError(ruleId(op, 3))
           << "expects valid_row and valid_col operands to be provided "
              "together";
  if (!hasRows)
    return success();
  auto type = cast<TileBufType>(op.getTile().getType());
  ArrayRef<int64_t> valid = type.getValidShape();
  if (!ShapedType::isDynamic(valid[0]) || !ShapedType::isDynamic(valid[1]))
    return op.emitOpError(ruleId(op, 4))
           << "expects tile result to have dynamic validShape (?, ?) when "
              "valid_row/valid_col operands are provided, got "
           << formatShape(valid);
  return success();
}

LogicalResult AicInitializePipeOp::verify() { return verifyInitialize(*this); }
LogicalResult AivInitializePipeOp::verify() { return verifyInitialize(*this); }
LogicalResult TPushToAivOp::verify() { return verifySplitOp(*this); }
LogicalResult TPushToAicOp::verify() { return verifySplitOp(*this); }
LogicalResult TPopFromAicOp::verify() { return verifyPop(*this); }
LogicalResult TPopFromAivOp::verify() { return verifyPop(*this); }
LogicalResult TFreeFromAicOp::verify() { return verifySplitOp(*this); }
LogicalResult TFreeFromAivOp::verify() { return verifySplitOp(*this); }
