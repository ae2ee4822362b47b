//===- PtoAsmStatement.h - one parsed PTO-AS statement -----------*- C++
//-*-===//
//
// The parser (PtoAsmParser.cpp) turns lines into these; the kernel builder
// (PtoAsmKernelBuilder.cpp) turns them into pto ops.
//
#ifndef PTO_TRANSLATE_PTOASSTATEMENT_H
#define PTO_TRANSLATE_PTOASSTATEMENT_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Location;
class MLIRContext;
} // namespace mlir

namespace mlir::pto::assembly {

/// A register (`%name`) or an immediate integer.
struct Scalar {
  llvm::SMLoc loc;
  std::string reg; // empty for an immediate
  int64_t value = 0;
  bool isImmediate() const { return reg.empty(); }
};

/// One operand as written: a register, an immediate, or a memory operand
/// `%tile[%row, %col]` (indices are registers or immediates).
struct Operand {
  Scalar base;
  llvm::SmallVector<Scalar, 2> indices;
  bool isMemory = false;
};

/// The types after `:`: `T`, `T -> U`, or parenthesized lists on either side.
struct TypeSide {
  llvm::SmallVector<Type> types;
  llvm::SmallVector<llvm::SMLoc> locs;
  bool isList = false;
};
struct TypeSpec {
  llvm::SMLoc loc;
  TypeSide lhs;
  std::optional<TypeSide> rhs; // after `->`
};

/// `#key` or `#key=value`.
struct AttributeText {
  llvm::SMLoc loc;
  std::string key;
  std::optional<std::string> value;
};

struct Statement {
  llvm::SMLoc loc;                      // first token
  llvm::SmallVector<Scalar, 2> results; // synchronous form: `%a, %b =`
  std::string opName;                   // without the `pto.` prefix
  llvm::SMLoc opLoc;
  llvm::SmallVector<Operand, 4> operands;
  std::optional<Scalar> into; // `into %dst`
  TypeSpec types;
  llvm::SmallVector<AttributeText, 2> attributes;
  /// `tassign %t, @tile(addr)`: the address (operands[0] is the tile).
  std::optional<int64_t> tileAddress;
  /// Results on the left: Level 1. Destination-first: Level 2.
  bool isSynchronous() const { return !results.empty(); }
  bool isPlacement() const { return tileAddress.has_value(); }
};

/// Maps positions in the buffer to `file:line:col` locations.
class SourceLocator {
public:
  SourceLocator(llvm::SourceMgr &sourceMgr, MLIRContext *context);
  Location operator()(llvm::SMLoc loc) const;
  /// The first character of the file: where the kernel itself is.
  Location startOfFile() const;
  MLIRContext *getContext() const { return context; }

private:
  llvm::SourceMgr &sourceMgr;
  MLIRContext *context;
};

/// Parses the main buffer into statements; emits an error and fails at the
/// first malformed one.
FailureOr<std::vector<Statement>> parseStatements(llvm::SourceMgr &sourceMgr,
                                                  const SourceLocator &locate);

} // namespace mlir::pto::assembly

#endif // PTO_TRANSLATE_PTOASSTATEMENT_H
