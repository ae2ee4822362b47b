//===- PtoasSpelling.h - PTOAS's names for our tile parameters --*- C++ -*-===//
//
// PTOAS (github.com/hw-native-sys/PTOAS), the other MLIR `pto` dialect,
// names some things differently: the target (`"a3"` for our `"a2a3"`), the
// pad policy as a number (`pad=0`, lib/PTO/IR/PTOTypeDefs.cpp: 0 null,
// 1 zero, 2 max, 3 min) and the E4M3 float as MLIR's `f8E4M3` where we (and
// the library's C++ type) have `f8E4M3FN`. Reading PTOAS's spelling and
// writing it (translate/lib/PtoasExportForm.cpp) both use these tables.
//
#ifndef PTO_PTOASSPELLING_H
#define PTO_PTOASSPELLING_H

#include "pto/PtoDialect.h"
#include "pto/PtoTarget.h"
#include <optional>

namespace mlir::pto {

/// PTOAS's number for a pad policy, and back.
int64_t getPtoasPadNumber(PadValue pad);
std::optional<PadValue> parsePtoasPadNumber(int64_t number);

/// PTOAS's `pto.target_arch` for a target: it names the A2 and A3 chips
/// apart ("a2", "a3") although the ISA pages give both one rule set; we write
/// "a3" for ours.
llvm::StringRef getPtoasTargetArchName(TargetArch arch);

/// The element type PTOAS writes for `type` (itself unless PTOAS spells it
/// otherwise), and ours for a type PTOAS wrote.
Type getPtoasElementType(Type type);
Type parsePtoasElementType(Type type);

} // namespace mlir::pto

#endif // PTO_PTOASSPELLING_H
