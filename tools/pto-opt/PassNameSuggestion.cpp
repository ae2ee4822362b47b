//===- PassNameSuggestion.cpp - the nearest pass to a mistyped flag -------===//
#include "PassNameSuggestion.h"

#include "mlir/Debug/Counter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include <algorithm>

using namespace mlir;

/// At most this many edits from a pass name (a swap of two letters is two),
/// and at most one for every three letters of the flag: `-o` is no typo
/// of `cse`.
static constexpr unsigned kMaxEdits = 3;
static constexpr unsigned kLettersPerEdit = 3;

/// The pass and pipeline names: the option map's keys that are not the
/// argument of the option they select (the literal values of MLIR's pass
/// list are registered as flags of their own).
static SmallVector<StringRef> passNames() {
  SmallVector<StringRef> names;
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    StringRef key = entry.first;
    if (entry.second->ArgStr != key)
      names.push_back(key);
  }
  return names;
}

std::optional<std::string>
mlir::pto::suggestPassName(int argc, char **argv, DialectRegistry &registry) {
  // The options registerAndParseCLIOptions registers, but its input and
  // output file (positional, and `-o`, too short to be near a pass name).
  MlirOptMainConfig::registerCLOptions(registry);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  tracing::DebugCounter::registerCLOptions();
  const auto &options = llvm::cl::getRegisteredOptions();
  SmallVector<StringRef> names = passNames();
  for (int i = 1; i < argc; ++i) {
    StringRef arg = argv[i];
    if (arg == "--")
      return std::nullopt; // what follows are not flags
    if (!arg.starts_with("-") || arg == "-")
      continue;
    StringRef name = arg.drop_while([](char c) { return c == '-'; });
    name = name.split('=').first;
    if (name.empty() || options.contains(name))
      continue;
    StringRef best;
    unsigned bestEdits =
        std::min<unsigned>(kMaxEdits, name.size() / kLettersPerEdit) + 1;
    for (StringRef candidate : names) {
      unsigned edits = candidate.edit_distance(name, /*AllowReplacements=*/true,
                                               /*MaxEditDistance=*/kMaxEdits);
      if (edits < bestEdits) {
        best = candidate;
        bestEdits = edits;
      }
    }
    if (!best.empty())
      return (llvm::sys::path::filename(argv[0]) +
              ": unknown pass or pipeline '--" + name + "'; did you mean '--" +
              best + "'?")
          .str();
  }
  return std::nullopt;
}
