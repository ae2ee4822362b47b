//===- PtoTarget.h - target profiles (A2/A3, A5) ----------------*- C++ -*-===//
//
// The ISA pages (pto-isa docs/isa) list their rules per target. A module
// selects one with `pto.target_arch = "a2a3" | "a5"` (PTOAS's "a2" and "a3"
// read as "a2a3"). A module without it is checked for the target the tools
// assume (`--pto-target` of pto-opt and pto-translate), and without that
// too, verifiers accept what either target accepts.
//
#ifndef PTO_PTOTARGET_H
#define PTO_PTOTARGET_H

#include "mlir/IR/Diagnostics.h"
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
/// The spelling `--export-ptoas` writes: "a3" or "a5".
llvm::StringRef getPtoasTargetArchName(TargetArch arch);
/// The printed spelling: "a2a3" or "a5".
llvm::StringRef stringifyTargetArch(TargetArch arch);

/// The target assumed for modules that declare none: set once by a tool's
/// `--pto-target` before it reads any input (std::nullopt by default, and
/// always in the Python package).
void setAssumedTargetArch(std::optional<TargetArch> arch);
std::optional<TargetArch> getAssumedTargetArch();
/// Adds `--pto-target=a2a3|a5` to the command line of a tool (pto-opt,
/// pto-translate); parsing it sets the assumed target. Call before the
/// tool parses its command line.
void registerPtoTargetOption();

/// The target ptoas reads PTOAS text for (`ptoas --pto-arch`): ptoas's
/// parser gives every `left` tile the target's block layout, whatever the
/// text writes (PTOAS a56b18c3 lib/PTO/IR/PTOTypeDefs.cpp:164-179:
/// row_major for a3, col_major for a5). Set once by a tool's `--pto-arch`
/// before it reads any input, or by the Python package around one parse
/// (the dialect's cache of parsed types keys them by it too); std::nullopt
/// by default, and then a left tile's block layout is read as written.
void setPtoasParserArch(std::optional<TargetArch> arch);
std::optional<TargetArch> getPtoasParserArch();
/// Adds `--pto-arch=a3|a5` (ptoas's flag) to the command line of a tool.
void registerPtoasParserArchOption();

/// The target of the closest enclosing op carrying `pto.target_arch`, else
/// the assumed one; std::nullopt when there is neither (then both targets'
/// rules are admitted).
std::optional<TargetArch> lookupTargetArch(Operation *op);

/// Attaches a note saying which target was assumed to `diag`, an error of
/// `op` whose answer depends on the target, when `op`'s module declares none
/// and a tool assumed one.
void noteAssumedTarget(InFlightDiagnostic &diag, Operation *op);

} // namespace mlir::pto

#endif // PTO_PTOTARGET_H
