//===- StdToLLVM.cpp - pto-to-std's output to LLVM in one pass ------------===//
//
// `pto-std-to-llvm` (PtoLoweringPasses.td). A long kernel is one block of
// calls of its ops' functions, and every whole-module pass walks it and
// the verifier checks it again after each: so the upstream passes that
// prepare the functions run on each function that holds what they rewrite
// only (dynamic pass pipelines), the dialects' conversions to LLVM are one
// dialect conversion, and the unrealized casts and common subexpressions it
// leaves are removed by MLIR's utilities in the same pass.
//
#include "CallToLLVM.h"
#include "pto/PtoLowering.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/Passes.h"
#include <map>

namespace mlir::pto {
#define GEN_PASS_DEF_PTOSTDTOLLVM
#include "pto/PtoLoweringPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;

namespace {

/// What a function holds that the passes before the conversion rewrite.
struct Contents {
  /// Loops and conditionals (the op functions' checks and loops).
  bool regions = false;
  /// Arithmetic beyond constants (arith-expand may rewrite it).
  bool arith = false;
  bool vector = false;

  std::tuple<bool, bool, bool> key() const { return {regions, arith, vector}; }
};

Contents getContents(func::FuncOp func) {
  Contents contents;
  func.getBody().walk([&](Operation *op) {
    contents.regions |= op->getNumRegions() > 0;
    contents.arith |= isa<arith::ArithDialect>(op->getDialect()) &&
                      !isa<arith::ConstantOp>(op);
    contents.vector |= isa<vector::VectorDialect>(op->getDialect());
  });
  return contents;
}

/// The upstream passes a function with `contents` needs before the
/// conversion, in the order they must run.
OpPassManager getPreparation(const Contents &contents) {
  OpPassManager pipeline(func::FuncOp::getOperationName());
  // Folds the run-time checks that became constant and the view
  // arithmetic. A function without regions is straight-line code (a
  // kernel's calls): nothing there that LLVM does not fold as well.
  if (contents.regions)
    pipeline.addPass(createCanonicalizerPass());
  if (contents.regions || contents.arith) {
    // f32 -> bf16 as integer arithmetic: LLVM would otherwise need the
    // CPU's AVX512-BF16 or a compiler-rt routine the JIT may not find.
    arith::ArithExpandOpsPassOptions expandOptions;
    expandOptions.includeBf16 = true;
    pipeline.addPass(arith::createArithExpandOpsPass(expandOptions));
  }
  if (contents.regions)
    pipeline.addPass(createSCFToControlFlowPass());
  // Its pass applies progressive vector lowerings before its conversion.
  if (contents.vector)
    pipeline.addPass(createConvertVectorToLLVMPass());
  return pipeline;
}

struct PtoStdToLLVMPass : mlir::pto::impl::PtoStdToLLVMBase<PtoStdToLLVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    getPreparation(Contents{true, true, true}).getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(prepareFunctions(module)) || failed(convert(module)))
      return signalPassFailure();
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk(
        [&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    reconcileUnrealizedCasts(casts);
    // The descriptors' constants, and what the op functions' lowering
    // repeats. (The calls read each buffer's pointer once already:
    // CallToLLVM.h.)
    IRRewriter rewriter(&getContext());
    DominanceInfo dominance(module);
    eliminateCommonSubExpressions(rewriter, dominance, module);
  }

  LogicalResult prepareFunctions(ModuleOp module) {
    std::map<std::tuple<bool, bool, bool>, OpPassManager> pipelines;
    for (auto func : module.getOps<func::FuncOp>()) {
      Contents contents = getContents(func);
      auto it = pipelines.find(contents.key());
      if (it == pipelines.end())
        it = pipelines.emplace(contents.key(), getPreparation(contents)).first;
      if (it->second.size() && failed(runPipeline(it->second, func)))
        return failure();
    }
    return success();
  }

  /// Math, arith, memref, func and cf to LLVM, as their passes would. A
  /// tile buffer's shape is static: functions take and return it as one
  /// pointer, and an allocation is aligned_alloc's pointer, which is the
  /// one free releases wherever the descriptor is rebuilt from it.
  LogicalResult convert(ModuleOp module) {
    MLIRContext *context = &getContext();
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
    mlir::pto::populateCallToLLVMPattern(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(converter, patterns,
                                              /*abortOnFailure=*/true,
                                              &symbolTables);
    LLVMConversionTarget target(*context);
    // The functions with anything to fold were canonicalized; trying to
    // fold each call of a long kernel first cost 0.17 s of CPU at 100,000.
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    return applyPartialConversion(module, target, std::move(patterns), config);
  }
};

} // namespace
