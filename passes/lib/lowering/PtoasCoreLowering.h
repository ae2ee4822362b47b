//===- PtoasCoreLowering.h - PTOAS's sections, queries, sync --*- C++ -*-===//
#ifndef PTO_LOWERING_PTOASCORELOWERING_H
#define PTO_LOWERING_PTOASCORELOWERING_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::pto {

/// Whether the host lowering runs `op` (PtoasCoreLowering.cpp): PTOAS's
/// sections, core queries and synchronization.
bool isPtoasCoreOp(Operation *op);

/// The patterns that lower them for one core of a grid of one.
void populatePtoasCorePatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns);

} // namespace mlir::pto

#endif // PTO_LOWERING_PTOASCORELOWERING_H
