//===- TileStorage.cpp - where a tile's elements sit in its bytes ---------===//
#include "pto/TileStorage.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
constexpr int64_t kBoxEdge = 16;      // the fixed edge of a box
constexpr int64_t kBlockBits = 256;   // a box row (NZ) or column (Zn): 32 bytes
constexpr int64_t kAccFractal = 1024; // acc tiles: 16x16 boxes
} // namespace

std::pair<int64_t, int64_t>
mlir::pto::getBoxShape(SLayout sLayout, int64_t fractal, int64_t elementBits) {
  if (fractal == kAccFractal)
    return {kBoxEdge, kBoxEdge};
  if (fractal == kMxFractal)
    return {kBoxEdge, 2};
  int64_t perBlock = kBlockBits / elementBits;
  if (sLayout == SLayout::RowMajor)
    return {kBoxEdge, perBlock};
  return {perBlock, kBoxEdge};
}

std::string mlir::pto::getStorageProblem(int64_t rows, int64_t cols,
                                         BLayout bLayout, SLayout sLayout,
                                         int64_t fractal, int64_t elementBits) {
  if (sLayout == SLayout::NoneBox)
    return "";
  if (bLayout == BLayout::ColMajor && sLayout == SLayout::ColMajor)
    return "layout blayout=col_major, slayout=col_major has no storage order";
  auto [boxRows, boxCols] = getBoxShape(sLayout, fractal, elementBits);
  if (rows % boxRows || cols % boxCols)
    return "a boxed " + std::to_string(rows) + "x" + std::to_string(cols) +
           " tile is not whole " + std::to_string(boxRows) + "x" +
           std::to_string(boxCols) + " boxes";
  return "";
}

std::string mlir::pto::getStorageProblem(TileLikeType type) {
  return getStorageProblem(type.getRows(), type.getCols(), type.getBLayout(),
                           type.getSLayout(), type.getFractal(),
                           type.getElementBitWidth());
}

StorageOrder mlir::pto::getStorageOrder(int64_t rows, int64_t cols,
                                        BLayout bLayout, SLayout sLayout,
                                        int64_t fractal, int64_t elementBits) {
  if (sLayout == SLayout::NoneBox)
    return bLayout == BLayout::RowMajor ? StorageOrder{1, 1, cols, 1, 0, 0}
                                        : StorageOrder{1, 1, 1, rows, 0, 0};
  auto [boxRows, boxCols] = getBoxShape(sLayout, fractal, elementBits);
  int64_t boxSize = boxRows * boxCols;
  bool rowMajorInside = sLayout == SLayout::RowMajor;
  int64_t inRow = rowMajorInside ? boxCols : 1;
  int64_t inCol = rowMajorInside ? 1 : boxRows;
  if (bLayout == BLayout::ColMajor) // NZ: columns of boxes
    return {boxRows, boxCols, boxSize, rows * boxCols, inRow, inCol};
  // Zn, Zz: rows of boxes
  return {boxRows, boxCols, cols * boxRows, boxSize, inRow, inCol};
}

StorageOrder mlir::pto::getStorageOrder(TileLikeType type) {
  return getStorageOrder(type.getRows(), type.getCols(), type.getBLayout(),
                         type.getSLayout(), type.getFractal(),
                         type.getElementBitWidth());
}

int64_t mlir::pto::getTSort32RecordSlots(int64_t elementBits) {
  return kTSort32RecordBytes * 8 / elementBits;
}
