//===- PtoPasses.h - passes and pipelines of the pto dialect ----*- C++ -*-===//
#ifndef PTO_PTOPASSES_H
#define PTO_PTOPASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "pto/PtoDialect.h"
#include "mlir/Pass/Pass.h"
#include <memory>

namespace mlir::pto {

#define GEN_PASS_DECL
#include "pto/PtoPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "pto/PtoPasses.h.inc"

/// Registers every pto pass and named pipeline (for pto-opt and Python).
void registerPtoPassesAndPipelines();

} // namespace mlir::pto

#endif // PTO_PTOPASSES_H
