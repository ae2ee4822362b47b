//===- pto-dps.cpp - a kernel to placed Level 2, out of tree ---------------===//
//
// `pto-dps FILE` reads a kernel, a PTO-AS file (.ptoasm) or MLIR text,
// converts it to placed Level 2 with the pto-to-dps pipeline and prints the
// module; errors print at their file:line:col. It uses pto-mlir through
// its installed CMake package (CMakeLists.txt beside it): the dialect, the
// PTO-AS importer, and the passes' C API.
//
//===----------------------------------------------------------------------===//
#include "pto-c/Passes.h"
#include "pto/PtoAsm.h"
#include "pto/PtoDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: pto-dps FILE.ptoasm|FILE.mlir\n";
    return 2;
  }
  llvm::StringRef path = argv[1];
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file) {
    llvm::errs() << "pto-dps: cannot read " << path << ": "
                 << file.getError().message() << "\n";
    return 1;
  }

  mlir::DialectRegistry registry;
  registry.insert<mlir::pto::PtoDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::scf::SCFDialect>();
  mlir::MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      path.ends_with(".ptoasm")
          ? mlir::pto::importPtoAsm(sourceMgr, &context, "kernel")
          : mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  // The C API registers the pto passes and pipelines by name, as pto-opt's
  // mlir::pto::registerPtoPassesAndPipelines() does.
  mlirPtoRegisterPasses();
  mlir::PassManager pm(&context, mlir::ModuleOp::getOperationName());
  if (mlir::failed(mlir::parsePassPipeline("pto-to-dps", pm)) ||
      mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
