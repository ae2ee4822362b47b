//===- StdToLLVM.cpp - pto-to-std's output to LLVM in one conversion -------===//
//
// `pto-std-to-llvm` (PtoLoweringPasses.td). A long kernel is mostly calls
// of its ops' functions: every pass walks and verifies all of them again,
// so the dialects' conversions to LLVM run as one dialect conversion, in
// MLIR's one-shot mode (no pattern rollback: every pattern here succeeds
// once it matches). The vector dialect's conversion is the exception: its
// pass applies progressive vector lowerings first, so it runs as it is, on
// the functions that hold vector ops only.
//
#include "pto/PtoLowering.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::pto {
#define GEN_PASS_DEF_PTOSTDTOLLVM
#include "pto/PtoLoweringPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;

namespace {

/// `convert-vector-to-llvm` with its defaults, on one function.
OpPassManager getVectorPipeline() {
  OpPassManager pipeline(func::FuncOp::getOperationName());
  pipeline.addPass(createConvertVectorToLLVMPass());
  return pipeline;
}

bool holdsVectorOps(func::FuncOp func) {
  return func
      .walk([](Operation *op) {
        return isa<vector::VectorDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

struct PtoStdToLLVMPass
    : mlir::pto::impl::PtoStdToLLVMBase<PtoStdToLLVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    getVectorPipeline().getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    OpPassManager vectorPipeline = getVectorPipeline();
    for (auto func : module.getOps<func::FuncOp>())
      if (holdsVectorOps(func) && failed(runPipeline(vectorPipeline, func)))
        return signalPassFailure();

    const auto &layouts = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(context, layouts.getAtOrAbove(module));
    options.useBarePtrCallConv = true;
    options.allocLowering = LowerToLLVMOptions::AllocLowering::AlignedAlloc;
    LLVMTypeConverter converter(context, options, &layouts);
    SymbolTableCollection symbolTables;
    RewritePatternSet patterns(context);
    populateMathToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                   &symbolTables);
    populateFuncToLLVMConversionPatterns(converter, patterns, &symbolTables);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(converter, patterns,
                                              /*abortOnFailure=*/true,
                                              &symbolTables);
    LLVMConversionTarget target(*context);
    ConversionConfig config;
    config.allowPatternRollback = true;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)))
      signalPassFailure();
  }
};

} // namespace
