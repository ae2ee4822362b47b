//===- PtoasOpNames.h - PTOAS op names read as ours -------------*- C++ -*-===//
//
// PTOAS (github.com/hw-native-sys/PTOAS), the other MLIR `pto` dialect,
// names some of our ops differently. The dialect's parse hook
// (PtoDialect::getParseOperationHook, PtoasSyntax.cpp) reads them onto ours;
// printing stays ours. docs/ptoas.md lists every spelling.
//
#ifndef PTO_PTOASOPNAMES_H
#define PTO_PTOASOPNAMES_H

#include "llvm/ADT/StringRef.h"

namespace mlir::pto {

/// A PTOAS vector-quant op: `ins(%src, %fp, %row, %col ...)`, our op with its
/// quant operand `fp` moved after the indices.
struct PtoasFpOpName {
  llvm::StringLiteral ptoas; // e.g. "pto.tinsert_fp"
  llvm::StringLiteral ours;  // e.g. "pto.tinsert"
};

inline constexpr PtoasFpOpName kPtoasFpOpNames[] = {
    {"pto.tinsert_fp", "pto.tinsert"},
    {"pto.textract_fp", "pto.textract"},
};

} // namespace mlir::pto

#endif // PTO_PTOASOPNAMES_H
