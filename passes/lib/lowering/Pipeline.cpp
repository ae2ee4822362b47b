//===- Pipeline.cpp - the pto-to-llvm pipeline ----------------------------===//
#include "pto/PtoLowering.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

namespace mlir::pto {
#define GEN_PASS_REGISTRATION
#include "pto/PtoLoweringPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;

void mlir::pto::buildPtoToLLVMPipeline(
    OpPassManager &pm, const PtoToLLVMPipelineOptions &options) {
  bool split = options.threads > 1;
  pm.addPass(createPtoToStd(PtoToStdOptions{split, options.target}));
  pm.addPass(createPtoStdToLLVM());
  if (split)
    pm.addPass(createPtoParallelRows(
        PtoParallelRowsOptions{options.threads, options.parallelBytes}));
}

void mlir::pto::registerPtoLoweringPipeline() {
  registerPtoLoweringPasses();
  PassPipelineRegistration<PtoToLLVMPipelineOptions>(
      "pto-to-llvm",
      "lower Level 2 pto kernels to the LLVM dialect for the ExecutionEngine",
      [](OpPassManager &pm, const PtoToLLVMPipelineOptions &options) {
        buildPtoToLLVMPipeline(pm, options);
      });
}
