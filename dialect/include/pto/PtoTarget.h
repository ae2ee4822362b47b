//===- PtoTarget.h - target profiles (A2/A3, A5) ----------------*- C++ -*-===//
//
// The ISA pages (pto-isa docs/isa) list their rules per target. A module
// selects one with `pto.target_arch = "a2a3" | "a5"` (PTOAS's "a2" and "a3"
// read as "a2a3"); without it, verifiers accept what either target accepts.
//
#ifndef PTO_PTOTARGET_H
#define PTO_PTOTARGET_H

#include "mlir/IR/Operation.h"
#include <optional>

namespace mlir::pto {

enum class TargetArch { A2A3, A5 };

/// Every target, in the order messages list them.
constexpr TargetArch kTargetArchs[] = {TargetArch::A2A3, TargetArch::A5};

/// Parses every spelling of getTargetArchNames().
std::optional<TargetArch> parseTargetArch(llvm::StringRef name);
/// The accepted spellings of `pto.target_arch`: "a2a3", "a5", then PTOAS's
/// "a2" and "a3" (both A2A3).
llvm::ArrayRef<llvm::StringRef> getTargetArchNames();
/// The printed spelling: "a2a3" or "a5".
llvm::StringRef stringifyTargetArch(TargetArch arch);

/// The target of the closest enclosing op carrying `pto.target_arch`;
/// std::nullopt when none does (then both targets' rules are admitted).
std::optional<TargetArch> lookupTargetArch(Operation *op);

} // namespace mlir::pto

#endif // PTO_PTOTARGET_H
