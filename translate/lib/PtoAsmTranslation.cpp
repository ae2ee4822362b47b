//===- PtoAsmTranslation.cpp - --import-pto-as / --export-pto-as -----------===//
#include "pto/PtoAsm.h"
#include "pto/PtoDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

static void registerKernelDialects(DialectRegistry &registry) {
  registry.insert<pto::PtoDialect, func::FuncDialect, arith::ArithDialect>();
}

void mlir::pto::registerPtoTranslations() {
  static llvm::cl::opt<std::string> entry(
      "pto-as-entry", llvm::cl::desc("name of the imported kernel"),
      llvm::cl::init("kernel"));
  static TranslateToMLIRRegistration importRegistration(
      "import-pto-as", "PTO-AS text to a pto kernel",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        return importPtoAsm(sourceMgr, context, entry);
      },
      registerKernelDialects);
  static TranslateFromMLIRRegistration exportRegistration(
      "export-pto-as", "a pto kernel to PTO-AS text",
      [](ModuleOp module, raw_ostream &os) {
        return exportPtoAsm(module, os);
      },
      registerKernelDialects);
}
