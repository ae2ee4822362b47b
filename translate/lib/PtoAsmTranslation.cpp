//===- PtoAsmTranslation.cpp - --import-pto-as / --export-pto-as
//-----------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "pto/PtoAsm.h"
#include "pto/PtoDialect.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

/// The dialects of the kernels read and written; scf too, so that a kernel
/// with loops parses and gets the exporter's refusal (PTO-AS has no loops).
static void registerKernelDialects(DialectRegistry &registry) {
  registry.insert<pto::PtoDialect, func::FuncDialect, arith::ArithDialect,
                  scf::SCFDialect>();
}

void mlir::pto::registerPtoAsmTranslations() {
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
      [](ModuleOp module, raw_ostream &os) { return exportPtoAsm(module, os); },
      registerKernelDialects);
}
