//===- Pipeline.cpp - the pto-to-llvm pipeline ----------------------------===//
#include "pto/PtoLowering.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::pto {
#define GEN_PASS_REGISTRATION
#include "pto/PtoLoweringPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;

void mlir::pto::buildPtoToLLVMPipeline(
    OpPassManager &pm, const PtoToLLVMPipelineOptions &options) {
  bool split = options.threads > 1;
  pm.addPass(createPtoToStd(PtoToStdOptions{split}));
  // Folds the run-time checks that became constant and the view arithmetic.
  pm.addPass(createCanonicalizerPass());
  // f32 -> bf16 as integer arithmetic: LLVM would otherwise need the CPU's
  // AVX512-BF16 or a compiler-rt routine the JIT may not find.
  arith::ArithExpandOpsPassOptions expandOptions;
  expandOptions.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expandOptions));
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createPtoStdToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // Every call reads each buffer argument's pointer out of its descriptor
  // again: one read per buffer is left, so the printer (and pto-parallel-
  // rows) see about one op per call of a long kernel instead of four or five.
  pm.addPass(createCSEPass());
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
