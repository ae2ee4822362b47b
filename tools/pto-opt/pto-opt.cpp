//===- pto-opt.cpp - the pto optimizer driver -----------------------------===//
#include "PassNameSuggestion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "pto/PtoDialect.h"
#include "pto/PtoPasses.h"
#include "pto/PtoTarget.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

/// mlir-opt's driver, but for one thing: PTOAS's memref form is read
/// (pto-memref-to-tiles) before the input is verified, since its ops do not
/// verify as ours. The input is parsed without the verifier, the pass runs
/// first, and the pass manager verifies its output as it verifies every
/// pass's (docs/ptoas.md, "PTOAS's memref form").
static mlir::LogicalResult runOpt(int argc, char **argv,
                                  mlir::DialectRegistry &registry) {
  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      argc, argv, "pto-mlir optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  mlir::MlirOptMainConfig pipeline = config;
  config.verifyOnParsing(false);
  config.setPassPipelineSetupFn([pipeline](mlir::PassManager &pm) {
    pm.addPass(mlir::pto::createPtoMemrefToTiles());
    return pipeline.setupPassPipeline(pm);
  });
  // Listings: mlir-opt's own driver, which reads no input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::MlirOptMain(argc, argv, inputFile, outputFile, registry);
  llvm::InitLLVM init(argc, argv);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return mlir::failure();
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return mlir::failure();
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return mlir::failure();
  output->keep();
  return mlir::success();
}

int main(int argc, char **argv) {
  // --version: ours after LLVM's (PTO_VERSION comes from pyproject.toml).
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "pto-mlir version " PTO_VERSION "\n";
  });
  mlir::pto::registerPtoTargetOption();
  mlir::pto::registerPtoasParserArchOption();
  mlir::registerTransformsPasses(); // canonicalize, cse, ...
  mlir::pto::registerPtoPassesAndPipelines();
  mlir::DialectRegistry registry;
  registry.insert<mlir::pto::PtoDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::scf::SCFDialect,
                  // What the host lowering (pto-to-std, pto-to-llvm) emits.
                  mlir::memref::MemRefDialect, mlir::vector::VectorDialect,
                  mlir::math::MathDialect, mlir::LLVM::LLVMDialect>();
  if (std::optional<std::string> suggestion =
          mlir::pto::suggestPassName(argc, argv, registry)) {
    llvm::errs() << *suggestion << "\n";
    return 1;
  }
  return mlir::asMainReturnCode(runOpt(argc, argv, registry));
}
