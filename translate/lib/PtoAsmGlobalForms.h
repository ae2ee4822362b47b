//===- PtoAsmGlobalForms.h - global memory in PTO-AS -------------*- C++
//-*-===//
//
// The pages' window form of TLOAD and TSTORE, which the importer and the
// exporter share (docs/pto-as.md, "Global memory"):
//
//   %t = tload %tensor[%row, %col] : !pto.tensor_view<RxCxT> -> TILE
//   tload %t, %tensor[%row, %col] : !pto.tensor_view<RxCxT> -> TILE
//   tstore %t, %tensor[%row, %col] : TILE -> !pto.tensor_view<RxCxT>
//
// The tensor register is a global tensor of static extents, C-ordered: the
// kernel takes it as a `!pto.ptr<T>` argument and views it with
// `pto.make_tensor_view` (row-major strides, no layout). `[%row, %col]` is
// the window's first element; its extents are the tile's valid shape
// (TLOAD.md, TSTORE.md: "The implementation uses dst.GetValidRow() /
// dst.GetValidCol() as the transfer size"), one `pto.partition_view`.
//
#ifndef PTO_TRANSLATE_PTOASGLOBALFORMS_H
#define PTO_TRANSLATE_PTOASGLOBALFORMS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace mlir::pto::assembly {

/// The ops written in the window form.
bool isTLoad(StringRef opName);
bool isTStore(StringRef opName);

/// Why `type` cannot be the tensor of a window form (empty when it can): it
/// must be a `!pto.tensor_view` of rank 2 with static extents.
std::string tensorTypeProblem(Type type);

/// Why `tile` (a tile or tile buffer type) cannot load or store a window of
/// the window form (empty when it can): its valid shape gives the window's
/// extents, so it must be static.
std::string tileTypeProblem(Type tile);

/// Row-major strides, in elements, of a tensor of static `shape`.
SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape);

/// A window the exporter writes as `%tensor[%row, %col]`: the pointer
/// argument the tensor views, and the window's offsets.
struct WindowForm {
  BlockArgument pointer;
  Value row, col;
};

/// The window form of `window` (a tload's source or a tstore's destination)
/// for a tile of type `tile`, or std::nullopt with `why` saying which part
/// of it PTO-AS cannot write.
std::optional<WindowForm> matchWindowForm(Value window, Type tile,
                                          std::string &why);

/// Whether `op` (a pto.make_tensor_view or pto.partition_view) is part of
/// the window forms of the ops that use it, which write it: every use of
/// its result is then written in a window form. `why` says otherwise.
bool isWrittenByWindowForms(Operation *op, std::string &why);

} // namespace mlir::pto::assembly

#endif // PTO_TRANSLATE_PTOASGLOBALFORMS_H
