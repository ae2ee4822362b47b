//===- HostTypeConverter.cpp - what a tile buffer becomes on the host -----===//
#include "TileLowering.h"

using namespace mlir;
using namespace mlir::pto;

SmallVector<LoweredTileArg, 3> mlir::pto::getLoweredTileArgs(TileBufType type) {
  SmallVector<LoweredTileArg, 3> args{
      {LoweredTileArgKind::Bytes, getBytesType(type)}};
  IndexType indexType = IndexType::get(type.getContext());
  ArrayRef<int64_t> valid = type.getValidShape();
  if (ShapedType::isDynamic(valid[0]))
    args.push_back({LoweredTileArgKind::ValidRows, indexType});
  if (ShapedType::isDynamic(valid[1]))
    args.push_back({LoweredTileArgKind::ValidCols, indexType});
  return args;
}

SmallVector<Type, 2> mlir::pto::getLoweredPointerTypes(PtrType type) {
  MLIRContext *context = type.getContext();
  return {MemRefType::get({1}, getStorageElementType(type.getElementType())),
          IndexType::get(context)};
}

SmallVector<Type> mlir::pto::getLoweredViewTypes(Type elementType,
                                                 int64_t rank) {
  auto pointer = getLoweredPointerTypes(
      PtrType::get(elementType.getContext(), elementType));
  SmallVector<Type> types(pointer.begin(), pointer.end());
  types.append(1 + 2 * rank, IndexType::get(elementType.getContext()));
  return types;
}

HostTypeConverter::HostTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](PtrType type, SmallVectorImpl<Type> &results) {
    llvm::append_range(results, getLoweredPointerTypes(type));
    return success();
  });
  addConversion([](TensorViewType type, SmallVectorImpl<Type> &results) {
    llvm::append_range(
        results, getLoweredViewTypes(type.getElementType(), type.getRank()));
    return success();
  });
  addConversion(
      [](PartitionTensorViewType type, SmallVectorImpl<Type> &results) {
        llvm::append_range(results, getLoweredViewTypes(type.getElementType(),
                                                        type.getRank()));
        return success();
      });
  addConversion([](TileBufType type, SmallVectorImpl<Type> &results) {
    for (const LoweredTileArg &arg : getLoweredTileArgs(type))
      results.push_back(arg.type);
    return success();
  });
}
