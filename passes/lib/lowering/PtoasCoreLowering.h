//===- PtoasCoreLowering.h - PTOAS's sections, queries, sync --*- C++ -*-===//
#ifndef PTO_LOWERING_PTOASCORELOWERING_H
#define PTO_LOWERING_PTOASCORELOWERING_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::pto {

/// Whether the host lowering runs `op` (PtoasCoreLowering.cpp): PTOAS's
/// sections, core queries and synchronization.
bool isPtoasCoreOp(Operation *op);

/// The patterns that lower them for the core of its grid a call runs.
void populatePtoasCorePatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns);

/// Declares the query the lowered core queries call (pto/CoreGridABI.h)
/// in `module`, if it has any; before the conversion, which only calls it.
void declareCoreQuery(ModuleOp module);

} // namespace mlir::pto

#endif // PTO_LOWERING_PTOASCORELOWERING_H
