//===- TSort32Lowering.cpp - host lowering of tsort32 ---------------------===//
//
// docs/semantics.md, TSORT32: each row is sorted in blocks of 32 columns
// (the last block may be shorter), values descending, stably, ties by idx
// ascending. Element i of a block goes to output position rank(i) = the
// number of elements of the block that come before it. The block sits in one vector of 32 lanes and the ranks of all
// lanes are counted together: for each j, one vector compare of lane j's key
// against every lane adds 1 to the ranks of the lanes j comes before. The
// elements then go to their places with one scatter per output.
//
// "Comes before" is a strict total order, so the ranks are a permutation:
// larger value first, -0.0 ties +0.0, NaN after every number (the
// interpreter's order), then smaller idx, then earlier column. Values are
// compared as integer keys that order the same way (see sortKeys).
//
#include "TileLowering.h"
#include "pto/TileStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

constexpr int64_t kBlock = 32;

/// A splat constant of `type` (a vector of kBlock lanes).
Value splat(OpBuilder &b, Location loc, VectorType type, Attribute element) {
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, element));
}

Value splatInt(OpBuilder &b, Location loc, VectorType type, const APInt &value) {
  return splat(b, loc, type, b.getIntegerAttr(type.getElementType(), value));
}

/// The i32 vector [0, 1, ..., kBlock - 1].
Value laneNumbers(OpBuilder &b, Location loc) {
  auto type = VectorType::get({kBlock}, b.getI32Type());
  SmallVector<int32_t> lanes(kBlock);
  for (int32_t i = 0; i < kBlock; ++i)
    lanes[i] = i;
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, ArrayRef(lanes)));
}

/// The lanes of a block: lane i is column start + i of row r, lanes at or
/// past `count` are `pad`. Rows of ND tiles are contiguous (one masked
/// vector load); a boxed tile is read element by element.
Value loadLanes(OpBuilder &b, Location loc, const LoweredTile &tile, Value r,
                Value start, Value mask, Value count, Value pad) {
  if (!tile.box)
    return vector::MaskedLoadOp::create(b, loc, cast<VectorType>(pad.getType()),
                                        tile.view, ValueRange{r, start}, mask,
                                        pad);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, count, one, ValueRange{pad},
      [&](OpBuilder &nb, Location l, Value lane, ValueRange lanes) {
        Value c = arith::AddIOp::create(nb, l, start, lane);
        Value element = tile.load(nb, l, r, c);
        scf::YieldOp::create(
            nb, l, ValueRange{vector::InsertOp::create(nb, l, element, lanes[0],
                                                       OpFoldResult(lane))
                                  .getResult()});
      });
  return loop.getResult(0);
}

/// Stores lane i of `values` (i < count) at column base + columns[i] of row
/// r: a scatter into an ND row, element by element into a boxed tile.
void storeLanes(OpBuilder &b, Location loc, const LoweredTile &tile, Value r,
                Value base, Value columns, Value mask, Value count,
                Value values) {
  if (!tile.box) {
    vector::ScatterOp::create(b, loc, Type(), tile.view, ValueRange{r, base},
                              columns, mask, values);
    return;
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(
      b, loc, zero, count, one, ValueRange{},
      [&](OpBuilder &nb, Location l, Value lane, ValueRange) {
        Value offset = arith::IndexCastOp::create(
            nb, l, nb.getIndexType(),
            vector::ExtractOp::create(nb, l, columns, OpFoldResult(lane)));
        Value c = arith::AddIOp::create(nb, l, base, offset);
        tile.store(nb, l, vector::ExtractOp::create(nb, l, values, OpFoldResult(lane)),
                   r, c);
        scf::YieldOp::create(nb, l);
      });
}

/// Signed integer keys of float lanes that order as the sort does: a
/// larger key is a larger value, -0.0 and +0.0 have the same key (0) and
/// every NaN the key min + 1, below every number. Key min is left free so
/// that blockRanks can subtract 1 from any key. Integer arithmetic only:
/// the key is the magnitude bits, negated for a negative value.
Value sortKeys(OpBuilder &b, Location loc, Value values) {
  auto type = cast<VectorType>(values.getType());
  unsigned width = type.getElementTypeBitWidth();
  auto keyType = VectorType::get(type.getShape(), b.getIntegerType(width));
  auto constant = [&](const APInt &v) { return splatInt(b, loc, keyType, v); };
  Value bits = arith::BitcastOp::create(b, loc, keyType, values);
  Value magnitude = arith::AndIOp::create(
      b, loc, bits, constant(APInt::getSignedMaxValue(width)));
  using I = arith::CmpIPredicate;
  Value negative = arith::CmpIOp::create(b, loc, I::slt, bits,
                                         constant(APInt(width, 0)));
  Value keys = arith::SelectOp::create(
      b, loc, negative,
      arith::SubIOp::create(b, loc, constant(APInt(width, 0)), magnitude),
      magnitude);
  auto floatType = cast<FloatType>(type.getElementType());
  APInt infinity =
      APFloat::getInf(floatType.getFloatSemantics()).bitcastToAPInt();
  Value isNan = arith::CmpIOp::create(b, loc, I::sgt, magnitude,
                                      constant(infinity));
  return arith::SelectOp::create(
      b, loc, isNan, constant(APInt::getSignedMinValue(width) + 1), keys);
}

/// The rank of each lane: how many lanes come before it, where lane j
/// comes before lane i if keys[j] > keys[i], or keys[j] == keys[i] and
/// j < i. For i > j that is keys[j] > keys[i] - 1 (no key is the minimum),
/// so each j costs one signed compare of its broadcast key against a blend
/// of keys and keys - 1 (a constant lane mask).
Value blockRanks(OpBuilder &b, Location loc, Value keys) {
  auto keyType = cast<VectorType>(keys.getType());
  unsigned width = keyType.getElementTypeBitWidth();
  Value lessOne = arith::SubIOp::create(b, loc, keys,
                                        splatInt(b, loc, keyType, APInt(width, 1)));
  Value rank = splatInt(b, loc, keyType, APInt(width, 0));
  auto maskType = VectorType::get({kBlock}, b.getI1Type());
  // Unrolled: each j compares a constant lane, which LLVM broadcasts.
  for (int64_t j = 0; j < kBlock; ++j) {
    SmallVector<bool> after(kBlock);
    for (int64_t i = 0; i < kBlock; ++i)
      after[i] = i > j;
    Value threshold = arith::SelectOp::create(
        b, loc,
        arith::ConstantOp::create(b, loc, maskType,
                                  DenseElementsAttr::get(maskType, ArrayRef(after))),
        lessOne, keys);
    Value key = vector::BroadcastOp::create(
        b, loc, keyType, vector::ExtractOp::create(b, loc, keys, j));
    Value before = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, key,
                                         threshold);
    // A true i1 sign-extends to -1.
    rank = arith::SubIOp::create(b, loc, rank,
                                 arith::ExtSIOp::create(b, loc, keyType, before));
  }
  return rank;
}

/// Hardware-form keys: the value's key, then the idx ascending, as one
/// i64 (value key in the high half, the complemented idx in the low half).
Value recordKeys(OpBuilder &b, Location loc, Value values, Value ids) {
  auto wideType = VectorType::get({kBlock}, b.getI64Type());
  Value high = arith::ShLIOp::create(
      b, loc, arith::ExtSIOp::create(b, loc, wideType, sortKeys(b, loc, values)),
      splatInt(b, loc, wideType, APInt(64, 32)));
  auto idType = cast<VectorType>(ids.getType());
  Value low = arith::ExtUIOp::create(
      b, loc, wideType,
      arith::XOrIOp::create(b, loc, ids,
                            splatInt(b, loc, idType, APInt::getMaxValue(32))));
  return arith::OrIOp::create(b, loc, high, low);
}

/// One sorted block, as `place` receives it.
struct Block {
  Value row, start, count, mask; // lanes [0, count) are columns start + i
  Value values, ranks;           // the lanes and their output positions
  Value ids;                     // hardware form: the idx lanes
};

/// Calls `place` for each block of the first `rows` rows of src's `cols`
/// columns; `idx` (hardware form) is the idx tile, null for the page form.
void forEachSortedBlock(TileLowering &lowering, Location loc,
                        const LoweredTile &src, const LoweredTile *idx,
                        Value rows, Value cols,
                        function_ref<void(const Block &)> place) {
  OpBuilder &b = lowering.getBuilder();
  OpBuilder::InsertionGuard guard(b);
  Value zero = lowering.index(0), one = lowering.index(1);
  Value blockSize = lowering.index(kBlock);
  auto [rowBegin, rowEnd] = lowering.rowBounds(loc, rows);
  auto rowLoop = scf::ForOp::create(b, loc, rowBegin, rowEnd, one);
  b.setInsertionPoint(rowLoop.getBody()->getTerminator());
  auto blockLoop = scf::ForOp::create(b, loc, zero, cols, blockSize);
  b.setInsertionPoint(blockLoop.getBody()->getTerminator());

  Block block;
  block.row = rowLoop.getInductionVar();
  block.start = blockLoop.getInductionVar();
  block.count = arith::MinUIOp::create(
      b, loc, blockSize, arith::SubIOp::create(b, loc, cols, block.start));
  block.mask = vector::CreateMaskOp::create(
      b, loc, VectorType::get({kBlock}, b.getI1Type()), ValueRange{block.count});
  // Padding lanes are NaN with the largest idx: they come after every
  // element (their column is larger too), so they do not change its rank.
  auto valueType = VectorType::get(
      {kBlock}, getStorageElementType(src.type.getElementType()));
  auto floatType = cast<FloatType>(valueType.getElementType());
  Value nan = splat(b, loc, valueType,
                    b.getFloatAttr(floatType,
                                   APFloat::getNaN(floatType.getFloatSemantics())));
  block.values = loadLanes(b, loc, src, block.row, block.start, block.mask,
                           block.count, nan);
  if (idx) {
    auto idType = VectorType::get({kBlock}, b.getI32Type());
    block.ids = loadLanes(b, loc, *idx, block.row, block.start, block.mask,
                          block.count,
                          splatInt(b, loc, idType, APInt::getMaxValue(32)));
  }
  Value keys = idx ? recordKeys(b, loc, block.values, block.ids)
                   : sortKeys(b, loc, block.values);
  // Ranks are counted at the key width; the scatters take them as i32.
  Value ranks = blockRanks(b, loc, keys);
  auto rankType = VectorType::get({kBlock}, b.getI32Type());
  unsigned keyWidth = cast<VectorType>(keys.getType()).getElementTypeBitWidth();
  if (keyWidth < 32)
    ranks = arith::ExtSIOp::create(b, loc, rankType, ranks);
  else if (keyWidth > 32)
    ranks = arith::TruncIOp::create(b, loc, rankType, ranks);
  block.ranks = ranks;
  place(block);
}

/// Page form: dst[r, start + rank] = value, idx[r, start + rank] = column.
LogicalResult lowerPageForm(Operation *op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src = at.source(0);
  const LoweredTile &dst = at.out(0), &idx = at.out(1);
  lowering.guardedSameValidShapes(op, {"src", "dst", "idx"}, {&src, &dst, &idx}, [&] {
    forEachSortedBlock(
        lowering, loc, src, nullptr, src.validRows, src.validCols,
        [&](const Block &block) {
          auto idType = VectorType::get({kBlock}, b.getI32Type());
          Value columns = arith::AddIOp::create(
              b, loc, laneNumbers(b, loc),
              vector::BroadcastOp::create(
                  b, loc, idType,
                  arith::IndexCastUIOp::create(b, loc, b.getI32Type(),
                                               block.start)));
          for (auto [tile, lanes] :
               {std::pair{&dst, block.values}, std::pair{&idx, columns}})
            storeLanes(b, loc, *tile, block.row, block.start, block.ranks,
                       block.mask, block.count, lanes);
        });
  });
  return success();
}

/// Hardware form: record k of the block starting at column j is written at
/// dst column j*slots + k*slots: the value, then (16-bit) a zero column,
/// then the idx's 32 bits in the following column(s), little-endian.
LogicalResult lowerHardwareForm(Operation *op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src = at.source(0), idx = at.source(1);
  const LoweredTile &dst = at.out(0);
  Type valueType = getStorageElementType(dst.type.getElementType());
  unsigned width = valueType.getIntOrFloatBitWidth();
  int64_t slots = getTSort32RecordSlots(width);
  Value slotsValue = lowering.index(slots);

  // Folded to constants where the extents are static (the verifier checked
  // those); allOf drops them. The interpreter's order: idx's shape, dst's
  // rows, dst's columns.
  Value needed = b.createOrFold<arith::MulIOp>(loc, src.validCols, slotsValue);
  Value dstCols = lowering.index(dst.type.getCols());
  Value recordsFit = lowering.allOf(
      loc, {b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::ule,
                                          needed, dstCols)});
  Value rowsWithin = lowering.allOf(
      loc, {b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::ule,
                                          dst.validRows, src.validRows)});
  auto writeRecords = [&] {
    auto laneType = VectorType::get({kBlock}, valueType);
    auto bitsType = VectorType::get({kBlock}, b.getIntegerType(width));
    auto asValues = [&](Value bits) -> Value {
      return arith::BitcastOp::create(b, loc, laneType, bits);
    };
    forEachSortedBlock(
        lowering, loc, src, &idx, dst.validRows, src.validCols,
        [&](const Block &block) {
          auto rankType = cast<VectorType>(block.ranks.getType());
          Value recordStart = arith::MulIOp::create(
              b, loc, block.ranks, splatInt(b, loc, rankType, APInt(32, slots)));
          Value base = arith::MulIOp::create(b, loc, block.start, slotsValue);
          // The columns of a record, in order.
          SmallVector<Value, 4> record{block.values};
          if (width == 32) {
            record.push_back(asValues(block.ids));
          } else {
            Value high = arith::ShRUIOp::create(
                b, loc, block.ids, splatInt(b, loc, rankType, APInt(32, 16)));
            record.push_back(asValues(splatInt(b, loc, bitsType, APInt(16, 0))));
            record.push_back(
                asValues(arith::TruncIOp::create(b, loc, bitsType, block.ids)));
            record.push_back(
                asValues(arith::TruncIOp::create(b, loc, bitsType, high)));
          }
          for (auto [k, lanes] : llvm::enumerate(record)) {
            Value columns = arith::AddIOp::create(
                b, loc, recordStart, splatInt(b, loc, rankType, APInt(32, k)));
            storeLanes(b, loc, dst, block.row, base, columns, block.mask,
                       block.count, lanes);
          }
        });
  };
  lowering.guardedSameValidShapes(op, {"src", "idx"}, {&src, &idx}, [&] {
    lowering.guarded(op, rowsWithin,
                     Failure{RunTimeFailure::ValidRowsExceed, {"dst", "src"},
                             {dst.validRows, src.validRows}},
                     [&] {
                       lowering.guarded(
                           op, recordsFit,
                           Failure{RunTimeFailure::RecordsExceedCols, {"dst"},
                                   {dstCols, src.validCols, slotsValue, needed}},
                           writeRecords);
                     });
  });
  return success();
}

} // namespace

LogicalResult mlir::pto::lowerTSort32(Operation *op, TileLowering &lowering) {
  if (cast<TileOpInterface>(op).getIns().size() == 1)
    return lowerPageForm(op, lowering);
  return lowerHardwareForm(op, lowering);
}
