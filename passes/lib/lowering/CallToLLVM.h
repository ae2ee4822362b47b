//===- CallToLLVM.h - func.call to llvm.call, one pointer per buffer -*- C++
//-*-===//
//
// A long kernel is one call per tile op, each passing the same few buffers.
// MLIR's call lowering (bare-pointer convention) reads each buffer's
// pointer out of its descriptor again at every call, and a CSE afterwards
// removes all but one read: three or four ops made and erased per call.
// This pattern reads each descriptor's pointer once.
//
#ifndef PTO_LOWERING_CALLTOLLVM_H
#define PTO_LOWERING_CALLTOLLVM_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pto {

/// Adds, ahead of MLIR's func.call lowering (which handles what this one
/// declines: calls with results or attributes beyond the callee), a
/// lowering of `func.call` to `llvm.call` for the bare-pointer convention
/// that passes each memref operand as its descriptor's aligned pointer,
/// read by one `llvm.extractvalue` per descriptor, placed right after the
/// descriptor's definition (so it dominates every call that passes it).
/// The result is what MLIR's lowering followed by CSE gives, with the
/// reads at the descriptors instead of at their first calls.
void populateCallToLLVMPattern(const LLVMTypeConverter &converter,
                               RewritePatternSet &patterns);

} // namespace mlir::pto

#endif // PTO_LOWERING_CALLTOLLVM_H
