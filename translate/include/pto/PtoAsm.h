//===- PtoAsm.h - PTO-AS, the assembly spelling of pto -----------*- C++
//-*-===//
//
// PTO-AS is the assembly form the instruction pages write next to Level 1
// and Level 2 (docs/pto-as.md). The importer reads one PTO-AS file as one
// kernel, a func.func of pto ops; the exporter writes such a kernel back.
// pto-translate, the C API and pto_mlir.asm all call these functions.
//
#ifndef PTO_PTOAS_H
#define PTO_PTOAS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::pto {

/// Reads the main buffer of `sourceMgr` as one kernel named `entry`.
/// Errors are emitted to the context's diagnostic handlers at
/// `file:line:col` of the buffer; returns null after the first one.
OwningOpRef<ModuleOp> importPtoAsm(llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context, StringRef entry);

/// Writes the one func.func of `module` as PTO-AS. Fails, with an error at
/// the offending op, on what PTO-AS cannot spell.
LogicalResult exportPtoAsm(ModuleOp module, raw_ostream &os);

/// Registers `--import-pto-asm` and `--export-pto-asm` with mlir-translate's
/// registry (pto-translate's main).
void registerPtoAsmTranslations();

} // namespace mlir::pto

#endif // PTO_PTOAS_H
