//===- ElementKind.h - the element types rules name -------------*- C++ -*-===//
//
// The rules of the ISA pages list element types (`i8`, `f16`, `f8E4M3FN`,
// ...). Their tables (PtoRules.h) hold them as ElementKind values, which the
// verifiers compare with a tile's element type classified once (no printing);
// the tables published to Python and docs/ops spell them as MLIR prints
// them.
//
#ifndef PTO_ELEMENTKIND_H
#define PTO_ELEMENTKIND_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace mlir::pto {

enum class ElementKind {
  I8,
  UI8,
  I16,
  UI16,
  I32,
  UI32,
  I64,
  UI64,
  F16,
  BF16,
  F32,
  F8E4M3FN,
  F8E5M2,
  F8E8M0FNU,
  F4E2M1FN,
};

/// The kind of `type`; std::nullopt for a type no rule names (f64, si8,
/// index, ...).
std::optional<ElementKind> classifyElementType(Type type);

/// The spelling MLIR prints for the kind's type: "i8", "ui8", "f8E4M3FN".
llvm::StringRef stringifyElementKind(ElementKind kind);
/// The spellings of `kinds`, in order (a rule table's values).
llvm::SmallVector<llvm::StringRef>
stringifyElementKinds(llvm::ArrayRef<ElementKind> kinds);

} // namespace mlir::pto

#endif // PTO_ELEMENTKIND_H
