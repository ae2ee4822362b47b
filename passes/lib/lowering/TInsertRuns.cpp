//===- TInsertRuns.cpp - tinsert/textract run-column by run-column --------===//
#include "TInsertRuns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

/// The runs of one tile in one run column: the run of region row r is in
/// tile row firstRow + r and starts at base + r * stride when the tile has
/// a constant run row stride (computed once per run column), else where
/// runStart says (ND: the column in its 2-D view; other boxes: per row).
class RunColumn {
public:
  RunColumn(TileLowering &lowering, Location loc, const LoweredTile &tile,
            Value firstRow, Value col)
      : tile(tile), firstRow(firstRow), col(col) {
    if (int64_t rowStride = tile.runRowStride()) {
      stride = lowering.index(rowStride);
      base = tile.runStart(lowering.getBuilder(), loc, firstRow, col);
    }
  }

  /// The tile row of region row r and where its run starts.
  std::pair<Value, Value> at(OpBuilder &b, Location loc, Value r) const {
    Value row = arith::AddIOp::create(b, loc, firstRow, r);
    if (!stride)
      return {row, tile.runStart(b, loc, row, col)};
    Value offset = arith::MulIOp::create(b, loc, r, stride);
    return {row, arith::AddIOp::create(b, loc, base, offset)};
  }

private:
  const LoweredTile &tile;
  Value firstRow, col;
  Value stride, base; // null without a constant run row stride
};

/// `for r in rowBounds(rows)`, the body (built at the loop's insertion
/// point) given the source and destination runs' (row, start).
void forEachRow(
    TileLowering &lowering, Location loc, Value rows, const RunColumn &src,
    const RunColumn &dst,
    function_ref<void(std::pair<Value, Value>, std::pair<Value, Value>)> body) {
  OpBuilder &b = lowering.getBuilder();
  OpBuilder::InsertionGuard guard(b);
  auto [rowBegin, rowEnd] = lowering.rowBounds(loc, rows);
  auto rowLoop =
      scf::ForOp::create(b, loc, rowBegin, rowEnd, lowering.index(1));
  b.setInsertionPoint(rowLoop.getBody()->getTerminator());
  Value r = rowLoop.getInductionVar();
  std::pair<Value, Value> from = src.at(b, loc, r);
  body(from, dst.at(b, loc, r));
}

} // namespace

void mlir::pto::copyByRunColumns(TileLowering &lowering, Location loc,
                                 const RegionCopy &copy,
                                 const ElementConversion &conversion,
                                 int64_t run) {
  OpBuilder &b = lowering.getBuilder();
  OpBuilder::InsertionGuard guard(b);
  Value zero = lowering.index(0), one = lowering.index(1);
  Value runValue = lowering.index(run);
  auto columnLoop = scf::ForOp::create(b, loc, zero, copy.cols, runValue);
  b.setInsertionPoint(columnLoop.getBody()->getTerminator());
  Value c = columnLoop.getInductionVar();
  Value count = arith::MinUIOp::create(
      b, loc, runValue, arith::SubIOp::create(b, loc, copy.cols, c));
  Value srcCol = arith::AddIOp::create(b, loc, copy.srcCol, c);
  Value dstCol = arith::AddIOp::create(b, loc, copy.dstCol, c);
  RunColumn src(lowering, loc, copy.src, copy.srcRow, srcCol);
  RunColumn dst(lowering, loc, copy.dst, copy.dstRow, dstCol);

  // A whole run is converted as one vector (LLVM does not vectorize the
  // element loop of a conversion); the last, shorter one element by element.
  Value whole =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count, runValue);
  auto ifOp = scf::IfOp::create(b, loc, whole, /*withElseRegion=*/true);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  auto laneType = VectorType::get(
      {run}, getStorageElementType(copy.src.type.getElementType()));
  Value words = conversion.columnWords(b, loc, srcCol, run);
  forEachRow(lowering, loc, copy.rows, src, dst,
             [&](std::pair<Value, Value> from, std::pair<Value, Value> to) {
               Value values = copy.src.loadRunVector(b, loc, laneType,
                                                     from.first, from.second);
               copy.dst.storeRunVector(b, loc,
                                       conversion.apply(b, loc, values, words),
                                       to.first, to.second);
             });

  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  forEachRow(
      lowering, loc, copy.rows, src, dst,
      [&](std::pair<Value, Value> from, std::pair<Value, Value> to) {
        scf::ForOp::create(
            b, loc, zero, count, one, ValueRange{},
            [&](OpBuilder &nb, Location l, Value i, ValueRange) {
              Value value = copy.src.loadRun(nb, l, from.first, from.second, i);
              Value column = arith::AddIOp::create(nb, l, srcCol, i);
              Value word = conversion.columnWords(nb, l, column, 0);
              copy.dst.storeRun(nb, l, conversion.apply(nb, l, value, word),
                                to.first, to.second, i);
              scf::YieldOp::create(nb, l);
            });
      });
}
