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
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "pto/PtoDialect.h"
#include "pto/PtoPasses.h"
#include "pto/PtoTarget.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

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
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "pto-mlir optimizer driver\n", registry));
}
