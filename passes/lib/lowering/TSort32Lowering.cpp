//===- TSort32Lowering.cpp - host lowering of tsort32 ---------------------===//
//
// docs/semantics.md, TSORT32: each row is sorted in blocks of 32 columns (the last
// block may be shorter), values descending, stably, ties by idx ascending.
// Element i of a block goes to output position rank(i) = the number of
// elements of the block that come before it. Counting is branch-free and
// has no data-dependent stores, and with at most 32 elements the quadratic
// count costs no more than a sort would.
//
// "Comes before" is a strict total order, so the ranks are a permutation:
// larger value first, -0.0 ties +0.0, NaN after every number (the
// interpreter's np.lexsort order), then smaller idx, then earlier column.
//
#include "TileLowering.h"
#include "pto/TileStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

constexpr int64_t kBlock = 32;

/// True if (value a, id ia, column ca) sorts before (b, ib, cb).
Value comesBefore(OpBuilder &b, Location loc, Value a, Value ia, Value ca,
                  Value bv, Value ib, Value cb) {
  using P = arith::CmpFPredicate;
  Value aNan = arith::CmpFOp::create(b, loc, P::UNO, a, a);
  Value bNan = arith::CmpFOp::create(b, loc, P::UNO, bv, bv);
  Value greater = arith::OrIOp::create(
      b, loc, arith::CmpFOp::create(b, loc, P::OGT, a, bv),
      arith::AndIOp::create(
          b, loc, bNan,
          arith::XOrIOp::create(b, loc, aNan,
                                arith::ConstantIntOp::create(b, loc, 1, 1))));
  Value equal = arith::OrIOp::create(
      b, loc, arith::CmpFOp::create(b, loc, P::OEQ, a, bv),
      arith::AndIOp::create(b, loc, aNan, bNan));
  using I = arith::CmpIPredicate;
  Value idFirst = arith::CmpIOp::create(b, loc, I::ult, ia, ib);
  Value sameId = arith::CmpIOp::create(b, loc, I::eq, ia, ib);
  Value columnFirst = arith::CmpIOp::create(b, loc, I::ult, ca, cb);
  Value tieBreak = arith::OrIOp::create(
      b, loc, idFirst, arith::AndIOp::create(b, loc, sameId, columnFirst));
  return arith::OrIOp::create(b, loc, greater,
                              arith::AndIOp::create(b, loc, equal, tieBreak));
}

/// Emits, for each row < rows and each block of the `cols` columns,
/// `place(r, column, rank, value, id)` for every element, where `id(r, c)`
/// gives the idx of column c.
void emitBlockRanks(TileLowering &lowering, Location loc, const LoweredTile &src,
                    Value rows, Value cols,
                    function_ref<Value(Value r, Value c)> id,
                    function_ref<void(Value r, Value blockStart, Value rank,
                                      Value value, Value id)> place) {
  OpBuilder &b = lowering.getBuilder();
  Value zero = lowering.index(0), one = lowering.index(1);
  Value block = lowering.index(kBlock);
  buildRegionLoops(lowering, loc, rows, cols, [&](Value r, Value c) {
    // Column c lies in the block starting at c - c % 32.
    Value start = arith::SubIOp::create(
        b, loc, c, arith::RemUIOp::create(b, loc, c, block));
    Value end = arith::MinUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, start, block), cols);
    Value value = src.load(b, loc, r, c);
    Value ownId = id(r, c);
    auto count = scf::ForOp::create(
        b, loc, start, end, one, ValueRange{zero},
        [&](OpBuilder &nb, Location l, Value m, ValueRange acc) {
          Value other = src.load(nb, l, r, m);
          Value before = comesBefore(nb, l, other, id(r, m), m, value, ownId, c);
          Value step = arith::IndexCastUIOp::create(nb, l, nb.getIndexType(), before);
          scf::YieldOp::create(nb, l, ValueRange{
              arith::AddIOp::create(nb, l, acc[0], step).getResult()});
        });
    place(r, start, count.getResult(0), value, ownId);
  });
}

/// Page form: dst[r, start + rank] = value, idx[r, start + rank] = column.
LogicalResult lowerPageForm(Operation *op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src = at.source(0);
  const LoweredTile &dst = at.out(0), &idx = at.out(1);
  lowering.guardedSameValidShapes(op, {"src", "dst", "idx"}, {&src, &dst, &idx}, [&] {
    emitBlockRanks(
        lowering, loc, src, src.validRows, src.validCols,
        [&](Value, Value c) -> Value {
          return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), c);
        },
        [&](Value r, Value start, Value rank, Value value, Value id) {
          Value to = arith::AddIOp::create(b, loc, start, rank);
          dst.store(b, loc, value, r, to);
          idx.store(b, loc, id, r, to);
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
  Value slotsValue = lowering.index(getTSort32RecordSlots(width));

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
    auto bitsOf = [&](Value bits) {
      return arith::BitcastOp::create(b, loc, valueType, bits);
    };
    emitBlockRanks(
        lowering, loc, src, dst.validRows, src.validCols,
        [&](Value r, Value c) -> Value {
          return idx.load(b, loc, r, c);
        },
        [&](Value r, Value start, Value rank, Value value, Value id) {
          Value at = arith::MulIOp::create(
              b, loc, arith::AddIOp::create(b, loc, start, rank), slotsValue);
          auto column = [&](int64_t k) -> Value {
            return arith::AddIOp::create(b, loc, at, lowering.index(k));
          };
          dst.store(b, loc, value, r, at);
          if (width == 32) {
            dst.store(b, loc, bitsOf(id), r, column(1));
            return;
          }
          Type half = b.getIntegerType(16);
          Value low = arith::TruncIOp::create(b, loc, half, id);
          Value high = arith::TruncIOp::create(
              b, loc, half,
              arith::ShRUIOp::create(
                  b, loc, id, arith::ConstantIntOp::create(b, loc, 16, 32)));
          Value pad = arith::ConstantIntOp::create(b, loc, 0, 16);
          dst.store(b, loc, bitsOf(pad), r, column(1));
          dst.store(b, loc, bitsOf(low), r, column(2));
          dst.store(b, loc, bitsOf(high), r, column(3));
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
