//===- Pto.h - C API of the pto dialect ---------------------------*- C -*-===//
#ifndef PTO_C_PTO_H
#define PTO_C_PTO_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Pto, pto);

/// Registers the pto passes and pipelines in the global registry.
MLIR_CAPI_EXPORTED void mlirPtoRegisterPasses(void);

MLIR_CAPI_EXPORTED bool mlirPtoTypeIsATileType(MlirType type);
MLIR_CAPI_EXPORTED bool mlirPtoTypeIsATileBufType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoTileTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoTileBufTypeGetTypeID(void);

/// Parameters of a tile type; enum fields are their textual spellings
/// ("vec", "row_major", "none_box", "null", ...); valid extents use
/// mlirShapedTypeGetDynamicSize() for `?`.
typedef struct {
  MlirStringRef location;
  intptr_t rank;
  const int64_t *shape;
  MlirType elementType;
  intptr_t validRank;
  const int64_t *validShape;
  MlirStringRef bLayout;
  MlirStringRef sLayout;
  int64_t fractal;
  MlirStringRef pad;
} MlirPtoTileParams;

/// Builds `!pto.tile` (isBuffer false) or `!pto.tile_buf`. On invalid
/// parameters returns a null type and passes the reason to `onError`.
MLIR_CAPI_EXPORTED MlirType mlirPtoTileLikeTypeGet(
    MlirContext ctx, bool isBuffer, MlirPtoTileParams params,
    MlirStringCallback onError, void *userData);

/// Accessors of either tile type.
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileLikeTypeGetLocation(MlirType type);
MLIR_CAPI_EXPORTED intptr_t mlirPtoTileLikeTypeGetRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t mlirPtoTileLikeTypeGetDim(MlirType type, intptr_t i);
MLIR_CAPI_EXPORTED int64_t mlirPtoTileLikeTypeGetValidDim(MlirType type,
                                                          intptr_t i);
MLIR_CAPI_EXPORTED MlirType mlirPtoTileLikeTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileLikeTypeGetBLayout(MlirType type);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileLikeTypeGetSLayout(MlirType type);
MLIR_CAPI_EXPORTED int64_t mlirPtoTileLikeTypeGetFractal(MlirType type);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileLikeTypeGetPad(MlirType type);

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

/// The on-chip memory a tile location lives in ("ub", "l1", "l0a", "l0b",
/// "l0c"; several locations share one), and its size in bytes on `target`
/// ("a2a3", "a5", or empty for either target). An unknown name gives an empty
/// string / -1.
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoLocationMemorySpace(MlirStringRef location);
MLIR_CAPI_EXPORTED int64_t mlirPtoLocationCapacity(MlirStringRef target,
                                                   MlirStringRef location);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_PTO_H
