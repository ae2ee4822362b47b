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

/// What `pto-to-dps` does with the buffers it makes.
enum class DpsPlacement { Auto, Manual, None };

/// Options of the `pto-to-dps` pipeline. `placement` is an enum, so a value
/// outside it is refused while the pipeline is parsed, naming this option
/// (not pto-plan-memory's `mode`, which it becomes).
struct PtoToDpsPipelineOptions
    : public PassPipelineOptions<PtoToDpsPipelineOptions> {
  Option<DpsPlacement> placement{
      *this, "placement", llvm::cl::desc("what to do with the buffers"),
      llvm::cl::values(
          clEnumValN(DpsPlacement::Auto, "auto",
                     "place buffers (pto-plan-memory)"),
          clEnumValN(DpsPlacement::Manual, "manual",
                     "check that pto.tassign places every buffer"),
          clEnumValN(DpsPlacement::None, "none", "leave buffers unplaced")),
      llvm::cl::init(DpsPlacement::Auto)};
};

/// Level 1 -> Level 2 (pto-ssa-to-dps, canonicalize, cse), then placement.
void buildPtoToDpsPipeline(OpPassManager &pm,
                           const PtoToDpsPipelineOptions &options);

/// Registers every pto pass and named pipeline (for pto-opt and Python).
void registerPtoPassesAndPipelines();

} // namespace mlir::pto

#endif // PTO_PTOPASSES_H
