//===- PtoasNames.h - what the PTOAS exporter writes for our names -*- C++ -*-===//
//
// PTOAS (github.com/hw-native-sys/PTOAS) names the A2/A3 target and the
// E4M3 float differently. The tables that read its names (kTargetArchNames
// in PtoTarget.cpp, kPtoasDtypes in TileTypeSyntax.cpp) also give the names
// the PTOAS exporter (translate/lib/PtoasExportForm.cpp) writes.
//
#ifndef PTO_PTOASNAMES_H
#define PTO_PTOASNAMES_H

#include "pto/PtoTarget.h"
#include "mlir/IR/Types.h"

namespace mlir::pto {

/// The `pto.target_arch` PTOAS reads for a target: "a3" or "a5".
llvm::StringRef getPtoasTargetArchName(TargetArch arch);

/// The element type PTOAS's keyed spelling writes for `type`: itself, but
/// f8E4M3 for our f8E4M3FN.
Type getPtoasElementType(Type type);

} // namespace mlir::pto

#endif // PTO_PTOASNAMES_H
