//===- TranslateCAPI.cpp - C API of the translators -----------------------===//
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "pto-c/Translate.h"
#include "pto/PtoAsm.h"
#include "pto/PtoasExport.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// PTO-AS
//===----------------------------------------------------------------------===//

namespace {
/// Collects the errors emitted while it lives as `name:line:col: error: ...`
/// lines (the form pto-translate prints).
class PtoAsErrors {
public:
  explicit PtoAsErrors(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() != DiagnosticSeverity::Error)
            return success();
          if (auto fileLoc = dyn_cast<FileLineColLoc>(diag.getLocation()))
            text += (fileLoc.getFilename().getValue() + ":" +
                     Twine(fileLoc.getLine()) + ":" +
                     Twine(fileLoc.getColumn()) + ": ")
                        .str();
          text += "error: " + diag.str() + "\n";
          return success();
        }) {}
  void report(MlirStringCallback onError, void *userData) {
    StringRef message = StringRef(text).rtrim("\n");
    onError(mlirStringRefCreate(message.data(), message.size()), userData);
  }

private:
  std::string text;
  ScopedDiagnosticHandler handler;
};
} // namespace

MlirModule mlirPtoAssemblyImport(MlirContext ctx, MlirStringRef text,
                                 MlirStringRef entry, MlirStringRef bufferName,
                                 MlirStringCallback onError, void *userData) {
  MLIRContext *context = unwrap(ctx);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(text), unwrap(bufferName)),
      llvm::SMLoc());
  PtoAsErrors errors(context);
  OwningOpRef<ModuleOp> module =
      importPtoAsm(sourceMgr, context, unwrap(entry));
  if (!module) {
    errors.report(onError, userData);
    return MlirModule{nullptr};
  }
  return wrap(module.release());
}

/// Runs `exporter` on `module`: its text to `onText`, or its errors to
/// `onError`.
static bool
exportText(MlirModule module,
           llvm::function_ref<LogicalResult(ModuleOp, raw_ostream &)> exporter,
           MlirStringCallback onText, MlirStringCallback onError,
           void *userData) {
  ModuleOp op = unwrap(module);
  PtoAsErrors errors(op.getContext());
  std::string text;
  llvm::raw_string_ostream os(text);
  if (failed(exporter(op, os))) {
    errors.report(onError, userData);
    return false;
  }
  onText(mlirStringRefCreate(text.data(), text.size()), userData);
  return true;
}

bool mlirPtoAssemblyExport(MlirModule module, MlirStringCallback onText,
                           MlirStringCallback onError, void *userData) {
  return exportText(module, exportPtoAsm, onText, onError, userData);
}

bool mlirPtoPtoasExport(MlirModule module, MlirStringRef level,
                        MlirStringCallback onText, MlirStringCallback onError,
                        void *userData) {
  std::optional<PtoasLevel> parsed = kDefaultPtoasLevel;
  if (level.length != 0)
    parsed = parsePtoasLevel(unwrap(level));
  if (!parsed) {
    std::string message = "ptoas level '" + unwrap(level).str() +
                          "' is unknown: ptoas's levels are level2 and level3";
    onError(mlirStringRefCreate(message.data(), message.size()), userData);
    return false;
  }
  return exportText(
      module,
      [&](ModuleOp op, raw_ostream &os) {
        return exportPtoas(op, os, *parsed);
      },
      onText, onError, userData);
}
