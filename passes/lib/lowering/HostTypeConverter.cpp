//===- HostTypeConverter.cpp - what a tile buffer becomes on the host -----===//
#include "TileLowering.h"

using namespace mlir;
using namespace mlir::pto;

SmallVector<LoweredTileArg, 3> mlir::pto::getLoweredTileArgs(TileBufType type) {
  SmallVector<LoweredTileArg, 3> args{{LoweredTileArgKind::Bytes, getBytesType(type)}};
  IndexType indexType = IndexType::get(type.getContext());
  ArrayRef<int64_t> valid = type.getValidShape();
  if (ShapedType::isDynamic(valid[0]))
    args.push_back({LoweredTileArgKind::ValidRows, indexType});
  if (ShapedType::isDynamic(valid[1]))
    args.push_back({LoweredTileArgKind::ValidCols, indexType});
  return args;
}

HostTypeConverter::HostTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](TileBufType type, SmallVectorImpl<Type> &results) {
    for (const LoweredTileArg &arg : getLoweredTileArgs(type))
      results.push_back(arg.type);
    return success();
  });
}
