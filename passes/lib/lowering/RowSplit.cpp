//===- RowSplit.cpp - which ops may run their rows in parts ---------------===//
#include "RowSplit.h"

#include "pto/PtoDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pto;

/// TSORT32's time per byte against a copy of its tiles: 14-16x memcpy of
/// its source at 64x1024 (CHANGELOG.md, "Performance history"; bench/run.py
/// --only tsort32). The other ops stream their tiles about as a copy does.
static constexpr int64_t kSortCostPerByte = 16;

RowSplit mlir::pto::getRowSplit(Operation *op) {
  auto tileOp = dyn_cast<TileOpInterface>(op);
  if (!tileOp || llvm::any_of(tileOp.getIns(), [&](Value in) {
        return llvm::is_contained(tileOp.getOuts(), in);
      }))
    return {};
  return llvm::TypeSwitch<Operation *, RowSplit>(op)
      // Row r of the destination(s) from row r of the sources (the
      // elementwise families, the row reductions, arg reductions and
      // expands); a column (arg) reduction's one row reads every row of src:
      // not split.
      .Case([](FamilyOpInterface op) {
        if (op.getFamily() == OpFamily::ColReduce ||
            op.getFamily() == OpFamily::ColArgReduce)
          return RowSplit{};
        return RowSplit{cast<TileOpInterface>(op.getOperation()).getOuts()[0]};
      })
      .Case([](TInterleaveOp op) { return RowSplit{op.getDst0()}; })
      .Case([](TDeinterleaveOp op) { return RowSplit{op.getDst0()}; })
      // Whole rows: the page form over src's rows, the hardware form (one
      // record row per source row) over dst's.
      .Case([](TSort32Op op) {
        return RowSplit{op.isPageForm() ? op.getSrc() : op.getDst(),
                        kSortCostPerByte};
      })
      // The window's rows: row r of the region tile is row index_row + r of
      // the windowed one (src for tinsert, dst for textract), so parts of
      // the region's rows write disjoint destination rows.
      .Case([](TInsertOp op) { return RowSplit{op.getSrc()}; })
      .Case([](TExtractOp op) { return RowSplit{op.getDst()}; })
      // treshape copies bytes, not rows; alloc_tile's check has no rows.
      .Default([](Operation *) { return RowSplit{}; });
}
