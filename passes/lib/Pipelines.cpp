//===- Pipelines.cpp - registration of pto passes and pipelines -----------===//
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "pto/PtoLowering.h"
#include "pto/PtoPasses.h"

using namespace mlir;

void mlir::pto::buildPtoToDpsPipeline(OpPassManager &pm,
                                      const PtoToDpsPipelineOptions &options) {
  pm.addPass(createPtoSsaToDps());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (options.placement != DpsPlacement::None)
    pm.addNestedPass<func::FuncOp>(createPtoPlanMemory(PtoPlanMemoryOptions{
        options.placement == DpsPlacement::Auto ? "auto" : "manual"}));
}

void mlir::pto::registerPtoPassesAndPipelines() {
  registerPtoPasses();
  registerPtoLoweringPipeline();
  PassPipelineRegistration<PtoToDpsPipelineOptions>(
      "pto-to-dps",
      "Level 1 kernels to placed Level 2 kernels: pto-ssa-to-dps, "
      "canonicalize, cse, then pto-plan-memory (unless placement=none)",
      buildPtoToDpsPipeline);
}
