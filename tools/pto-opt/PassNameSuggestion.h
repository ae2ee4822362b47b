//===- PassNameSuggestion.h - the pass a mistyped flag means ----*- C++ -*-===//
//
// `pto-opt --pto-to-dsp` would get LLVM's answer "Did you mean '-p'?": its
// nearest-option search skips the names of passes and pipelines, which are
// values of the one option `-p` (MLIR's pass list), so it suggests that
// option's own name. This looks for a flag that names no option but is a few
// edits from a registered pass or pipeline, and names those instead.
//
#ifndef PTO_OPT_PASSNAMESUGGESTION_H
#define PTO_OPT_PASSNAMESUGGESTION_H

#include "mlir/IR/DialectRegistry.h"
#include <optional>
#include <string>

namespace mlir::pto {

/// The message for the first flag of `argv` that names no option and is near
/// a registered pass or pipeline (nothing when there is none). Registers
/// MlirOptMain's options first (registering them again is a no-op), so that
/// the names of the passes and pipelines are options to compare with.
std::optional<std::string> suggestPassName(int argc, char **argv,
                                           DialectRegistry &registry);

} // namespace mlir::pto

#endif // PTO_OPT_PASSNAMESUGGESTION_H
