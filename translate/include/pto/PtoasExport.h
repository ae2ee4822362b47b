//===- PtoasExport.h - a placed Level 2 module as PTOAS text ----*- C++ -*-===//
//
// PTOAS (github.com/hw-native-sys/PTOAS) is the other MLIR `pto` dialect; its
// `ptoas` generates the C++ the Ascend toolchain compiles. The exporter
// writes a placed Level 2 module (pto-to-dps output) in the text PTOAS's
// parser reads (docs/ptoas.md). pto-translate (`--export-ptoas`), the C API
// and pto_mlir.ptoas call it.
//
#ifndef PTO_PTOASEXPORT_H
#define PTO_PTOASEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "pto/PtoTarget.h"
#include <optional>

namespace mlir::pto {

/// ptoas's build levels (its `--pto-level`): at level2 ptoas places the
/// buffers itself and refuses an `alloc_tile addr`; at level3 every
/// `alloc_tile` must carry its address.
enum class PtoasLevel { Level2, Level3 };

/// The level `--export-ptoas` writes for unless told: ptoas's own default,
/// so that `pto-translate --export-ptoas | ptoas` needs no option.
inline constexpr PtoasLevel kDefaultPtoasLevel = PtoasLevel::Level2;

/// The target written for a module without `pto.target_arch` (ptoas would
/// otherwise assume a3 and refuse a5-only forms): A5, since without a target
/// our verifiers accept what either target accepts and memories take the
/// larger (A5) sizes.
inline constexpr TargetArch kPtoasDefaultTarget = TargetArch::A5;

/// ptoas's spelling of `level`: "level2" / "level3".
StringRef stringifyPtoasLevel(PtoasLevel level);
/// The level spelled `name`, or none.
std::optional<PtoasLevel> parsePtoasLevel(StringRef name);

/// Writes `module` as PTOAS text for ptoas at `level`: unplaced buffers at
/// level2 (our placements are not written), placed ones at level3. Fails,
/// with an error at the op, on what PTOAS cannot express; nothing is
/// written then.
LogicalResult exportPtoas(ModuleOp module, raw_ostream &os,
                          PtoasLevel level = kDefaultPtoasLevel);

/// Registers `--export-ptoas` with mlir-translate's registry.
void registerPtoasTranslations();

} // namespace mlir::pto

#endif // PTO_PTOASEXPORT_H
