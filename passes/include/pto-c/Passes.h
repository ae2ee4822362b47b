//===- Passes.h - C API of the pto passes -------------------------*- C -*-===//
//
// The passes layer: pto-ssa-to-dps, pto-plan-memory, the host lowering
// passes and the named pipelines (pto-to-dps, pto-to-llvm).
//
//===----------------------------------------------------------------------===//
#ifndef PTO_C_PASSES_H
#define PTO_C_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers the pto passes and pipelines in the global registry.
MLIR_CAPI_EXPORTED void mlirPtoRegisterPasses(void);

/// `text` (named `sourceName` in locations) parsed in `ctx` without the
/// verifier, for pto-memref-to-tiles to run on before anything verifies it
/// (PTOAS's memref form, docs/ptoas.md); a null module when it does not
/// parse, its diagnostics dropped (parsing it again gives them).
MLIR_CAPI_EXPORTED MlirModule mlirPtoParseModuleUnverified(
    MlirContext ctx, MlirStringRef text, MlirStringRef sourceName);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_PASSES_H
