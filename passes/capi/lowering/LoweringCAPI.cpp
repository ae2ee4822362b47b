//===- LoweringCAPI.cpp - C API of the host lowering ----------------------===//
#include "mlir/CAPI/IR.h"
#include "pto-c/Lowering.h"
#include "pto/PtoLowering.h"

using namespace mlir;
using namespace mlir::pto;

static LoweredTileArg loweredArg(MlirType type, intptr_t pos) {
  return getLoweredTileArgs(cast<TileBufType>(unwrap(type)))[pos];
}

intptr_t mlirPtoTileBufTypeGetNumLoweredArgs(MlirType type) {
  return getLoweredTileArgs(cast<TileBufType>(unwrap(type))).size();
}

MlirPtoLoweredTileArgKind mlirPtoTileBufTypeGetLoweredArgKind(MlirType type,
                                                              intptr_t pos) {
  switch (loweredArg(type, pos).kind) {
  case LoweredTileArgKind::Bytes:
    return MlirPtoLoweredTileBytes;
  case LoweredTileArgKind::ValidRows:
    return MlirPtoLoweredTileValidRows;
  case LoweredTileArgKind::ValidCols:
    return MlirPtoLoweredTileValidCols;
  }
  llvm_unreachable("unknown lowered tile argument kind");
}

MlirType mlirPtoTileBufTypeGetLoweredArgType(MlirType type, intptr_t pos) {
  return wrap(loweredArg(type, pos).type);
}
