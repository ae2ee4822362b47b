//===- PtoAsmTranslation.cpp - --import-pto-asm / --export-pto-asm ------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "pto/PtoAsm.h"
#include "pto/PtoDialect.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

/// The dialects of the kernels read and written; scf and memref too, so that
/// a kernel with loops, or in PTOAS's memref form (which pto-opt reads, not
/// the translators), parses and gets a refusal naming its op rather than
/// "Dialect `memref' not found".
static void registerKernelDialects(DialectRegistry &registry) {
  registry.insert<pto::PtoDialect, func::FuncDialect, arith::ArithDialect,
                  memref::MemRefDialect, scf::SCFDialect>();
}

// The flags name the format as the Python module does (pto_mlir.asm,
// --*-pto-asm; pto_mlir.ptoas, --export-ptoas), so that the two formats'
// flags differ by more than a hyphen. The first spellings, --*-pto-as and
// --pto-as-entry, stay as aliases (docs/pto-as.md).
void mlir::pto::registerPtoAsmTranslations() {
  static llvm::cl::opt<std::string> entry(
      "pto-asm-entry", llvm::cl::desc("name of the imported kernel"),
      llvm::cl::init("kernel"));
  static llvm::cl::alias entryAlias("pto-as-entry",
                                    llvm::cl::desc("alias of --pto-asm-entry"),
                                    llvm::cl::aliasopt(entry));
  auto import = [](llvm::SourceMgr &sourceMgr,
                   MLIRContext *context) -> OwningOpRef<Operation *> {
    return importPtoAsm(sourceMgr, context, entry);
  };
  auto exportAsm = [](ModuleOp module, raw_ostream &os) {
    return exportPtoAsm(module, os);
  };
  static TranslateToMLIRRegistration importRegistration(
      "import-pto-asm", "PTO-AS text to a pto kernel", import,
      registerKernelDialects);
  static TranslateToMLIRRegistration importAlias(
      "import-pto-as", "alias of --import-pto-asm", import,
      registerKernelDialects);
  static TranslateFromMLIRRegistration exportRegistration(
      "export-pto-asm", "a pto kernel to PTO-AS text", exportAsm,
      registerKernelDialects);
  static TranslateFromMLIRRegistration exportAlias(
      "export-pto-as", "alias of --export-pto-asm", exportAsm,
      registerKernelDialects);
}
