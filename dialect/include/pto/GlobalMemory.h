//===- GlobalMemory.h - facts about global tensors and windows --*- C++ -*-===//
//
// What the verifiers, the lowering and the Python package share about
// global memory (GlobalMemoryOps.td): the resource tload reads and tstore
// writes, and how a window's dimensions map onto a tile's rows and columns.
//
#ifndef PTO_GLOBALMEMORY_H
#define PTO_GLOBALMEMORY_H

#include "mlir/IR/Value.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <utility>

namespace mlir::pto {

enum class GlobalLayout : uint32_t;
class TileLikeType;

/// Global memory: tload reads it and tstore writes it, so neither moves
/// across the other, and a Level 1 tload is not pure.
struct GlobalMemoryResource
    : public SideEffects::Resource::Base<GlobalMemoryResource> {
  StringRef getName() override { return "pto.global_memory"; }
};

/// Moves PTOAS's `layout` attribute of each pto.make_tensor_view under
/// `root` into the tensor's type and the types of the windows
/// pto.partition_view cuts from it (ViewLayouts.cpp); fails, with an error
/// at the tensor, where such a view flows into an op that would have to
/// change its types too (a branch, a yield, a call).
LogicalResult moveViewLayoutsIntoTypes(Operation *root);

/// The layout a view type (!pto.tensor_view, !pto.partition_tensor_view)
/// names, std::nullopt when it names none.
std::optional<GlobalLayout> getViewLayout(Type view);

/// The layout a tile reads and writes windows in when the tensor names none:
/// ND for a row-major tile, DN for a column-major one.
GlobalLayout getTileWindowLayout(TileLikeType tile);

/// The layout a tload or tstore between `window` and `tile` uses: the
/// window type's when it names one, else the tile's.
GlobalLayout getWindowLayout(Value window, TileLikeType tile);

/// pto-isa's GlobalTensor rank (include/pto/common/pto_tile.hpp:31,
/// `Shape<N1, ..., N5>`): the largest rank of a view (view_c1), and the
/// rank a window is padded to in front, with extents 1, when it maps onto a
/// tile.
inline constexpr unsigned kGlobalRank = 5;

/// The window-to-tile mapping, pto-isa's MapTileIndicesToGlobalOffset
/// (include/pto/cpu/tile_offsets.hpp:169) for a window padded to
/// kGlobalRank: the dimensions whose extents multiply into a tile's rows,
/// and those that multiply into its columns, outermost first (a row or
/// column index walks the last listed fastest). ND: rows 0, 1, 2, 3 and
/// columns 4; DN: rows 3 and columns 0, 1, 2, 4. The one home of this
/// mapping: the verifiers, valid-shape inference, the lowering and (through
/// the C API) the interpreter use it.
struct WindowTileDims {
  ArrayRef<unsigned> rows, cols;
};
WindowTileDims getWindowTileDims(GlobalLayout layout);

/// The (rows, cols) a window of `shape` covers in a tile (getWindowTileDims,
/// the missing leading extents 1). ShapedType::kDynamic where an extent it
/// needs is; std::nullopt when a product of extents overflows int64.
std::optional<std::pair<int64_t, int64_t>>
getWindowTileShape(ArrayRef<int64_t> shape, GlobalLayout layout);

} // namespace mlir::pto

#endif // PTO_GLOBALMEMORY_H
