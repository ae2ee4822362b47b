//===- PtoTarget.cpp - target profiles ------------------------------------===//
#include "pto/PtoTarget.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "pto/PtoDialect.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
/// A spelling of `pto.target_arch`, the target it names, and whether
/// `--export-ptoas` writes it for that target.
struct TargetArchName {
  StringRef name;
  TargetArch arch;
  bool writtenForPtoas;
};
} // namespace

/// Every accepted spelling. Ours first (the printed and documented ones);
/// then PTOAS's (github.com/hw-native-sys/PTOAS, `"pto.target_arch" = "a3"`),
/// which names the A2 and A3 chips apart although the ISA pages give both one
/// rule set; for our a2a3 we write "a3".
static const TargetArchName kTargetArchNames[] = {
    {"a2a3", TargetArch::A2A3, false},
    {"a5", TargetArch::A5, true},
    {"a2", TargetArch::A2A3, false},
    {"a3", TargetArch::A2A3, true},
};

ArrayRef<StringRef> mlir::pto::getTargetArchNames() {
  static const SmallVector<StringRef> names = llvm::map_to_vector(
      kTargetArchNames, [](const TargetArchName &n) { return n.name; });
  return names;
}

std::optional<TargetArch> mlir::pto::parseTargetArch(StringRef name) {
  for (const TargetArchName &entry : kTargetArchNames)
    if (entry.name == name)
      return entry.arch;
  return std::nullopt;
}

StringRef mlir::pto::getPtoasTargetArchName(TargetArch arch) {
  for (const TargetArchName &entry : kTargetArchNames)
    if (entry.arch == arch && entry.writtenForPtoas)
      return entry.name;
  llvm_unreachable("every target has a PTOAS spelling");
}

StringRef mlir::pto::stringifyTargetArch(TargetArch arch) {
  return arch == TargetArch::A2A3 ? "a2a3" : "a5";
}

/// Written once by a tool's command line, before any input is read.
static std::optional<TargetArch> assumedTargetArch;

void mlir::pto::setAssumedTargetArch(std::optional<TargetArch> arch) {
  assumedTargetArch = arch;
}

std::optional<TargetArch> mlir::pto::getAssumedTargetArch() {
  return assumedTargetArch;
}

/// Written by a tool's command line before any input is read, or by the
/// Python package around one parse.
static std::optional<TargetArch> ptoasParserArch;

void mlir::pto::setPtoasParserArch(std::optional<TargetArch> arch) {
  ptoasParserArch = arch;
}

std::optional<TargetArch> mlir::pto::getPtoasParserArch() {
  return ptoasParserArch;
}

void mlir::pto::registerPtoasParserArchOption() {
  static llvm::cl::opt<TargetArch> option(
      "pto-arch",
      llvm::cl::desc("Read PTOAS text as ptoas --pto-arch does: every left "
                     "tile gets the target's block layout (default: as "
                     "written)"),
      llvm::cl::values(clEnumValN(TargetArch::A2A3, "a3", "Ascend A2/A3"),
                       clEnumValN(TargetArch::A5, "a5", "Ascend A5")),
      llvm::cl::cb<void, TargetArch>(
          [](TargetArch arch) { setPtoasParserArch(arch); }));
}

void mlir::pto::registerPtoTargetOption() {
  // Built on the first call only: the Python package never adds it.
  static llvm::cl::opt<TargetArch> option(
      "pto-target",
      llvm::cl::desc("Target of the modules that declare no pto.target_arch "
                     "(default: the rules of every target)"),
      llvm::cl::values(clEnumValN(TargetArch::A2A3, "a2a3", "Ascend A2/A3"),
                       clEnumValN(TargetArch::A5, "a5", "Ascend A5")),
      llvm::cl::cb<void, TargetArch>(
          [](TargetArch arch) { setAssumedTargetArch(arch); }));
}

/// The target `op` or an enclosing op declares.
static std::optional<TargetArch> lookupDeclaredTargetArch(Operation *op) {
  // A dialect attribute is never inherent: asking the discardable ones
  // skips each op's search of its inherent attributes by name (every tile
  // op's verifier asks, for the op, its function and its module).
  for (; op; op = op->getParentOp())
    if (auto name = dyn_cast_or_null<StringAttr>(
            op->getDiscardableAttr(PtoDialect::kTargetArchAttrName)))
      return parseTargetArch(name.getValue());
  return std::nullopt;
}

std::optional<TargetArch> mlir::pto::lookupTargetArch(Operation *op) {
  if (std::optional<TargetArch> declared = lookupDeclaredTargetArch(op))
    return declared;
  return assumedTargetArch;
}

void mlir::pto::noteAssumedTarget(InFlightDiagnostic &diag, Operation *op) {
  if (assumedTargetArch && !lookupDeclaredTargetArch(op))
    diag.attachNote() << "checked for "
                      << stringifyTargetArch(*assumedTargetArch)
                      << ", assumed by --pto-target: the module declares no '"
                      << PtoDialect::kTargetArchAttrName << "'";
}
