//===- PtoasExport.h - a placed Level 2 module as PTOAS text ----*- C++ -*-===//
//
// PTOAS (github.com/hw-native-sys/PTOAS) is the other MLIR `pto` dialect; its
// `ptoas` generates the C++ the Ascend toolchain compiles. The exporter
// writes a placed Level 2 module (pto-to-dps output) in the text PTOAS's
// parser reads (docs/ptoas.md). pto-translate (`--export-ptoas`), the C API
// and pto_mlir.ptoas call it.
//
#ifndef PTO_PTOASEXPORT_H
#define PTO_PTOASEXPORT_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::pto {

/// Writes `module` as PTOAS text. Fails, with an error at the op, on what
/// PTOAS cannot express; nothing is written then.
LogicalResult exportPtoas(ModuleOp module, raw_ostream &os);

/// Registers `--export-ptoas` with mlir-translate's registry.
void registerPtoasTranslations();

} // namespace mlir::pto

#endif // PTO_PTOASEXPORT_H
