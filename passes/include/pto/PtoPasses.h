//===- PtoPasses.h - passes and pipelines of the pto dialect ----*- C++ -*-===//
#ifndef PTO_PTOPASSES_H
#define PTO_PTOPASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include "pto/PtoDialect.h"
#include <memory>

namespace mlir::pto {

#define GEN_PASS_DECL
#include "pto/PtoPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "pto/PtoPasses.h.inc"

/// Options of the `pto-to-dps` pipeline.
struct PtoToDpsPipelineOptions
    : public PassPipelineOptions<PtoToDpsPipelineOptions> {
  Option<std::string> placement{
      *this, "placement",
      llvm::cl::desc("auto: place buffers (pto-plan-memory); manual: check "
                     "that pto.tassign places every buffer; none: leave "
                     "buffers unplaced"),
      llvm::cl::init("auto")};
};

/// Level 1 -> Level 2 (pto-ssa-to-dps, canonicalize, cse), then placement.
void buildPtoToDpsPipeline(OpPassManager &pm,
                           const PtoToDpsPipelineOptions &options);

/// Registers every pto pass and named pipeline (for pto-opt and Python).
void registerPtoPassesAndPipelines();

} // namespace mlir::pto

#endif // PTO_PTOPASSES_H
