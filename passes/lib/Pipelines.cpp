//===- Pipelines.cpp - registration of pto passes and pipelines -----------===//
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "pto/PtoLowering.h"
#include "pto/PtoPasses.h"

using namespace mlir;

/// The canonicalizer of pto-to-dps. It leaves out scf.for's
/// SimplifyTrivialLoops, which erases a loop it finds to run no iteration,
/// a loop whose step is (or folds to) a constant <= 0 among them: such a
/// loop must reach pto-to-std, whose run-time check fails it with
/// non_positive_step as the interpreter does (LoopStepCheck.cpp). The
/// canonicalizer filters patterns by debug name, the pattern's C++ type
/// name, which GCC and Clang spell differently; test/Passes/
/// dps-loop-step.mlir fails if neither names it.
static std::unique_ptr<Pass> createDpsCanonicalizer() {
  static const std::string disabled[] = {
      "{anonymous}::SimplifyTrivialLoops",
      "(anonymous namespace)::SimplifyTrivialLoops"};
  // The pass's defaults otherwise (it walks top-down unless told).
  GreedyRewriteConfig config;
  config.setUseTopDownTraversal(true);
  return createCanonicalizerPass(config, disabled);
}

void mlir::pto::buildPtoToDpsPipeline(OpPassManager &pm,
                                      const PtoToDpsPipelineOptions &options) {
  pm.addPass(createPtoSsaToDps());
  pm.addPass(createDpsCanonicalizer());
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
      "canonicalize (keeping loops that run no iteration), cse, then "
      "pto-plan-memory (unless placement=none)",
      buildPtoToDpsPipeline);
}
