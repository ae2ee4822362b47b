//===- Lowering.h - C API of the host lowering --------------------*- C -*-===//
//
// The host lowering layer (pto-to-std): the calling convention of a lowered
// kernel, which the JIT's call path follows.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_C_LOWERING_H
#define PTO_C_LOWERING_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What a `!pto.tile_buf` becomes in a lowered kernel's argument list (the
/// host lowering's type converter, docs/lowering.md): argument 0 is its
/// bytes, a `memref<N x i8>`, then one `index` per dynamic valid extent.
typedef enum {
  MlirPtoLoweredTileBytes,
  MlirPtoLoweredTileValidRows,
  MlirPtoLoweredTileValidCols,
} MlirPtoLoweredTileArgKind;

MLIR_CAPI_EXPORTED intptr_t mlirPtoTileBufTypeGetNumLoweredArgs(MlirType type);
MLIR_CAPI_EXPORTED MlirPtoLoweredTileArgKind
mlirPtoTileBufTypeGetLoweredArgKind(MlirType type, intptr_t pos);
MLIR_CAPI_EXPORTED MlirType mlirPtoTileBufTypeGetLoweredArgType(MlirType type,
                                                                intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_LOWERING_H
