//===- PassesCAPI.cpp - C API of the pto passes ---------------------------===//
#include "pto-c/Passes.h"
#include "pto/PtoPasses.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Parser/Parser.h"

void mlirPtoRegisterPasses(void) { mlir::pto::registerPtoPassesAndPipelines(); }

MlirModule mlirPtoParseModuleUnverified(MlirContext ctx, MlirStringRef text,
                                        MlirStringRef sourceName) {
  mlir::MLIRContext *context = unwrap(ctx);
  // Dropped: the caller parses again with the verifier to report them.
  mlir::ScopedDiagnosticHandler drop(
      context, [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(
          unwrap(text), mlir::ParserConfig(context, /*verifyAfterParse=*/false),
          unwrap(sourceName));
  return wrap(module.release());
}
