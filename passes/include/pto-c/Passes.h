//===- Passes.h - C API of the pto passes -------------------------*- C -*-===//
//
// The passes layer: pto-ssa-to-dps, pto-plan-memory, the host lowering
// passes and the named pipelines (pto-to-dps, pto-to-llvm).
//
//===----------------------------------------------------------------------===//
#ifndef PTO_C_PASSES_H
#define PTO_C_PASSES_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers the pto passes and pipelines in the global registry.
MLIR_CAPI_EXPORTED void mlirPtoRegisterPasses(void);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_PASSES_H
