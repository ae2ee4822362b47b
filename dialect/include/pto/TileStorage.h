//===- TileStorage.h - where a tile's elements sit in its bytes --*- C++
//-*-===//
//
// The facts about a tile's storage that every layer reads from here: the host
// lowering (passes/lib/lowering), and the Python runtime through the C API
// (pto-c/Dialect.h). They follow the PTO library's tile offsets
// (GetTileElementOffset in hw-native-sys/pto-isa
// include/pto/common/pto_tile.hpp and include/pto/cpu/tile_offsets.hpp):
// - no box (slayout none_box): ND (blayout row_major) is row-major, DN
//   (col_major) column-major;
// - boxed: the tile is cut into fractal boxes; blayout orders the boxes,
//   slayout orders the elements inside a box. NZ (col_major boxes, row_major
//   inside) is the common one, Zn and Zz the others; col_major boxes of
//   col_major elements have no order.
//
#ifndef PTO_TILESTORAGE_H
#define PTO_TILESTORAGE_H

#include "pto/PtoDialect.h"
#include <string>

namespace mlir::pto {

/// Where element (r, c) sits, in elements: with `br = r / boxRows`,
/// `ir = r % boxRows`, `bc = c / boxCols`, `ic = c % boxCols`,
/// `br * boxRowStride + bc * boxColStride + ir * inRowStride + ic *
/// inColStride`. ND and DN are boxes of one element (1x1, inner strides 0).
struct StorageOrder {
  int64_t boxRows, boxCols;
  int64_t boxRowStride, boxColStride, inRowStride, inColStride;

  bool isBoxed() const { return boxRows != 1 || boxCols != 1; }
};

/// The fractal size of MX scaling tiles (16x2 boxes).
constexpr int64_t kMxFractal = 32;

/// Rows x cols of one box of a boxed layout (slayout != none_box): 16x16 for
/// 1024-byte (acc) fractals, 16x2 for 32-byte (MX scaling) ones, else one
/// 32-byte block by 16 (a box row of row_major boxes, a box column of
/// col_major ones).
std::pair<int64_t, int64_t> getBoxShape(SLayout sLayout, int64_t fractal,
                                        int64_t elementBits);

/// Why a tile of these parameters has no storage order (col_major boxes of
/// col_major elements; a boxed tile that is not whole boxes, whose partial
/// box would land past the storage), or "" when it has one.
std::string getStorageProblem(int64_t rows, int64_t cols, BLayout bLayout,
                              SLayout sLayout, int64_t fractal,
                              int64_t elementBits);
std::string getStorageProblem(TileLikeType type);

/// The storage order; only for parameters without a storage problem.
StorageOrder getStorageOrder(int64_t rows, int64_t cols, BLayout bLayout,
                             SLayout sLayout, int64_t fractal,
                             int64_t elementBits);
StorageOrder getStorageOrder(TileLikeType type);

/// TINSERT/TEXTRACT coordinates (index_row, index_col) are the library's
/// uint16: 0..kTileIndexLimit.
constexpr int64_t kTileIndexLimit = 0xFFFF;

/// TSORT32 sorts each row in blocks of this many elements (the last block
/// of a row may be shorter).
constexpr int64_t kTSort32Block = 32;
/// TSORT32's hardware form stores each element as an 8-byte record in dst:
/// the value at byte 0 (a 16-bit value then 2 zero bytes), its 32-bit idx at
/// byte kTSort32RecordIndexOffset, little-endian.
constexpr int64_t kTSort32RecordBytes = 8;
constexpr int64_t kTSort32RecordIndexOffset = 4;
/// Columns of dst (of `elementBits`) one record takes.
int64_t getTSort32RecordSlots(int64_t elementBits);

/// TMRGSORT (pto-isa 3186c381, include/pto/npu/a2a3/TMrgSort.hpp:21-30): it
/// merges up to 4 lists; the single-list form's blockLen is a multiple of
/// kTMrgSortBlockUnit columns and src holds 1 to kTMrgSortMaxRepeats groups
/// of 4 blocks.
constexpr int64_t kTMrgSortLists = 4;
constexpr int64_t kTMrgSortBlockUnit = 64;
constexpr int64_t kTMrgSortMaxRepeats = 255;

} // namespace mlir::pto

#endif // PTO_TILESTORAGE_H
