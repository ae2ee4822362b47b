//===- TSort32Lowering.cpp - host lowering of tsort32 ---------------------===//
//
// pto.tsort32 on the host: the page form here, the hardware (record) form
// in TSort32Records.cpp, the block's keys and sort they share in
// TSort32Sort.h. The page form's key is the value key, the complemented
// lane and the value's sign and mantissa bits (f16: 16 + 5 + 11 bits, i32
// keys; f32: 32 + 5 + 24, i64 keys sorted as doubles), so the sorted keys
// give back the values and columns: one sort, no permutation.
//
#include "TSort32Sort.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::pto;
using namespace mlir::pto::tsort32;

namespace {

/// Page form: one sort of the value key and lane; the sorted keys give the
/// values back.
SortedBlock sortPage(OpBuilder &b, Location loc, Value values) {
  auto valueType = cast<VectorType>(values.getType());
  KeyLayout layout = keyLayout(b, valueType, /*withIds=*/false);
  Value sorted =
      sortKeysDescending(b, loc, blockKeys(b, loc, layout, values, Value()));
  return {laneAt(b, loc, sorted, layout.laneShift()),
          decodeValues(b, loc, layout, sorted, valueType), Value()};
}

/// Page form: dst[r, start + k] = the value of output lane k,
/// idx[r, start + k] = its column.
LogicalResult lowerPageForm(TSort32Op op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src = at.source(op.getSrc());
  const LoweredTile &dst = at.tile(op.getDst()), &idx = at.tile(op.getDstIdx());
  lowering.guardedSameValidShapes(
      op, {"src", "dst", "idx"}, {&src, &dst, &idx}, [&] {
        forEachSortedBlock(
            lowering, loc, src, nullptr, src.validRows, src.validCols,
            [](OpBuilder &nb, Location l, Value values, Value, Value) {
              return sortPage(nb, l, values);
            },
            [&](const TileBlock &block) {
              auto idType = VectorType::get({kBlock}, b.getI32Type());
              Value columns = arith::AddIOp::create(
                  b, loc, block.sorted.lanes,
                  vector::BroadcastOp::create(
                      b, loc, idType,
                      arith::IndexCastUIOp::create(b, loc, b.getI32Type(),
                                                   block.start)));
              storeLanes(b, loc, dst, block.row, block.start, block.count,
                         block.sorted.values);
              storeLanes(b, loc, idx, block.row, block.start, block.count,
                         columns);
            });
      });
  return success();
}

} // namespace

LogicalResult mlir::pto::lowerTSort32(TSort32Op op, TileLowering &lowering) {
  if (op.isPageForm())
    return lowerPageForm(op, lowering);
  return lowerRecordForm(op, lowering);
}
