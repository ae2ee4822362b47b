//===- PtoAsmGlobalForms.cpp - global memory in PTO-AS
//---------------------===//
#include "PtoAsmGlobalForms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "pto/PtoDialect.h"
#include "pto/PtoTileOpSupport.h"

using namespace mlir;
using namespace mlir::pto;
using namespace mlir::pto::assembly;

bool mlir::pto::assembly::isTLoad(StringRef opName) {
  return ("pto." + opName).str() == TLoadOp::getOperationName();
}

bool mlir::pto::assembly::isTStore(StringRef opName) {
  return ("pto." + opName).str() == TStoreOp::getOperationName();
}

std::string mlir::pto::assembly::tensorTypeProblem(Type type) {
  auto tensor = dyn_cast<TensorViewType>(type);
  if (!tensor)
    return "is a !pto.tensor_view<RxCxT>, got " + typeToString(type);
  if (tensor.getRank() != 2)
    return "has rank 2 (the window [%row, %col] indexes its rows and "
           "columns), got " +
           typeToString(type);
  if (ShapedType::isDynamicShape(tensor.getShape()))
    return "has static extents (the kernel's array is the C-ordered tensor of "
           "that shape), got " +
           typeToString(type);
  return "";
}

std::string mlir::pto::assembly::tileTypeProblem(Type tile) {
  auto tileLike = dyn_cast<TileLikeType>(tile);
  if (!tileLike)
    return "is a tile, got " + typeToString(tile);
  if (!tileLike.hasStaticValidShape())
    return "has a static valid shape (the window's extents), got " +
           typeToString(tile);
  // The window's extents are positive (view_c2), so the valid ones are too.
  if (llvm::is_contained(tileLike.getValidShape(), 0))
    return "has positive valid extents (the window's extents), got " +
           typeToString(tile);
  return "";
}

SmallVector<int64_t>
mlir::pto::assembly::rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i > 1; --i)
    strides[i - 2] = strides[i - 1] * shape[i - 1];
  return strides;
}

/// Whether `values` are the constants `expected`.
static bool areConstants(ValueRange values, ArrayRef<int64_t> expected) {
  if (values.size() != expected.size())
    return false;
  for (auto [value, want] : llvm::zip_equal(values, expected)) {
    APInt constant;
    if (!matchPattern(value, m_ConstantInt(&constant)) ||
        constant.getSExtValue() != want)
      return false;
  }
  return true;
}

/// Why the tensor `op` makes is not the window form's (empty when it is).
static std::string tensorProblem(MakeTensorViewOp op) {
  auto pointer = dyn_cast<BlockArgument>(op.getPtr());
  if (!pointer)
    return "its pointer is not an argument of the kernel";
  if (!pointer.hasOneUse())
    return "its pointer, argument #" + std::to_string(pointer.getArgNumber()) +
           ", is used by another op too (the window form views each pointer "
           "once)";
  std::string problem = tensorTypeProblem(op.getType());
  if (!problem.empty())
    return "its tensor " + problem;
  ArrayRef<int64_t> shape = op.getType().getShape();
  if (!areConstants(op.getShape(), shape) ||
      !areConstants(op.getStrides(), rowMajorStrides(shape)) ||
      op.getViewLayout())
    return "its tensor is not the C-ordered tensor of its type (constant "
           "extents, row-major strides, no layout)";
  return "";
}

std::optional<WindowForm>
mlir::pto::assembly::matchWindowForm(Value window, Type tile,
                                     std::string &why) {
  auto partition = window.getDefiningOp<PartitionViewOp>();
  if (!partition) {
    why = "its window is not made by pto.partition_view";
    return std::nullopt;
  }
  auto tensor = partition.getSource().getDefiningOp<MakeTensorViewOp>();
  if (!tensor) {
    why = "its window's tensor is not made by pto.make_tensor_view";
    return std::nullopt;
  }
  why = tensorProblem(tensor);
  if (!why.empty())
    return std::nullopt;
  // The window's sizes are then the tile's valid shape: a 2-D window covers
  // it exactly (tload_c6, tstore_c5), as the importer makes it.
  why = tileTypeProblem(tile);
  if (!why.empty()) {
    why = "its tile " + why;
    return std::nullopt;
  }
  return WindowForm{cast<BlockArgument>(tensor.getPtr()),
                    partition.getOffsets()[0], partition.getOffsets()[1]};
}

bool mlir::pto::assembly::isWrittenByWindowForms(Operation *op,
                                                 std::string &why) {
  if (op->use_empty()) {
    why = "no tload or tstore uses its result";
    return false;
  }
  for (OpOperand &use : op->getUses()) {
    Operation *user = use.getOwner();
    bool written = isa<MakeTensorViewOp>(op)
                       ? isa<PartitionViewOp>(user)
                       : (isa<TLoadOp>(user) &&
                          use.get() == cast<TLoadOp>(user).getSrc()) ||
                             (isa<TStoreOp>(user) &&
                              use.get() == cast<TStoreOp>(user).getDst());
    if (!written) {
      why = "its result is used by '" + user->getName().getStringRef().str() +
            "', which is not a window form (tload %tensor[%row, %col], "
            "tstore %src, %tensor[%row, %col])";
      return false;
    }
  }
  return true;
}
