//===- PtoasSpelling.h - PTOAS's names for our tile parameters --*- C++ -*-===//
//
// PTOAS (github.com/hw-native-sys/PTOAS), the other MLIR `pto` dialect,
// names some things differently: the target (`"a3"` for our `"a2a3"`) and
// the E4M3 float as MLIR's `f8E4M3` where we (and the library's C++ type)
// have `f8E4M3FN`. (Its `pad=N` codes are our PadValue's integers,
// PtoEnums.td.) Writing PTOAS's spelling (translate/lib/PtoasExportForm.cpp)
// uses these functions.
//
#ifndef PTO_PTOASSPELLING_H
#define PTO_PTOASSPELLING_H

#include "pto/PtoDialect.h"
#include "pto/PtoTarget.h"

namespace mlir::pto {

/// PTOAS's `pto.target_arch` for a target: it names the A2 and A3 chips
/// apart ("a2", "a3") although the ISA pages give both one rule set; we write
/// "a3" for ours.
llvm::StringRef getPtoasTargetArchName(TargetArch arch);

/// The element type PTOAS writes for `type` (itself unless PTOAS spells it
/// otherwise).
Type getPtoasElementType(Type type);

} // namespace mlir::pto

#endif // PTO_PTOASSPELLING_H
