//===- TMrgSortLowering.cpp - host lowering of tmrgsort -------------------===//
//
// pto.tmrgsort on the host, as pto-isa's simulator merges
// (include/pto/cpu/TMrgSort.hpp, docs/semantics.md "TMRGSORT"): one
// scf.while per merge, whose step takes the head record of the first list
// whose head value is greater (`cmpf ogt`, the C++ `>`) than every earlier
// list's. The heads are loaded from every list and chosen with selects, so
// the step has no branch but the loop's.
//
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

/// One sorted list: `count` records of `slots` columns of row 0 of `tile`,
/// from column `base`.
struct MergeList {
  const LoweredTile *tile;
  Value base;
  Value count;
};

/// Where the merge writes: `count` records from column `base` of `tile`.
struct MergeOutput {
  const LoweredTile *tile;
  Value base;
  Value count;
};

Value addIndex(OpBuilder &b, Location loc, Value x, Value y) {
  return b.createOrFold<arith::AddIOp>(loc, x, y);
}
Value mulIndex(OpBuilder &b, Location loc, Value x, Value y) {
  return b.createOrFold<arith::MulIOp>(loc, x, y);
}
Value ult(OpBuilder &b, Location loc, Value x, Value y) {
  return b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, x, y);
}

/// Merges `lists` into `out` (TMrgsort of cpu/TMrgSort.hpp:118-173 for the
/// lists form, :197-223 for a group of the single-list form): stops when
/// `out` is full or every list is used up and, with `exhausted`, after the
/// record that uses one up.
void emitMerge(TileLowering &lowering, Location loc, ArrayRef<MergeList> lists,
               MergeOutput out, int64_t slots, bool exhausted) {
  OpBuilder &b = lowering.getBuilder();
  Value zero = lowering.index(0), one = lowering.index(1);
  Value row = zero;
  SmallVector<Value> inits(lists.size(), zero);
  inits.push_back(zero);                                       // records out
  inits.push_back(arith::ConstantIntOp::create(b, loc, 1, 1)); // go on
  SmallVector<Type> types(ValueRange(inits).getTypes());
  auto avail = [&](ValueRange heads, unsigned k) {
    return ult(b, loc, heads[k], lists[k].count);
  };
  scf::WhileOp::create(
      b, loc, types, inits,
      [&](OpBuilder &, Location, ValueRange state) {
        ValueRange heads = state.take_front(lists.size());
        Value any = avail(heads, 0);
        for (unsigned k = 1; k < lists.size(); ++k)
          any = arith::OrIOp::create(b, loc, any, avail(heads, k));
        Value more = ult(b, loc, state[lists.size()], out.count);
        Value go = arith::AndIOp::create(
            b, loc, arith::AndIOp::create(b, loc, more, any),
            state[lists.size() + 1]);
        scf::ConditionOp::create(b, loc, go, state);
      },
      [&](OpBuilder &, Location, ValueRange state) {
        ValueRange heads = state.take_front(lists.size());
        Value written = state[lists.size()];
        // The pick: `has` once a list is available, `pick` its number,
        // `record` its head's columns.
        Value has, pick;
        SmallVector<Value> record;
        for (auto [k, list] : llvm::enumerate(lists)) {
          Value ok = avail(heads, k);
          // An unavailable list's head is read at its first record, which
          // the tile holds, and never picked.
          Value at = arith::SelectOp::create(b, loc, ok, heads[k], zero);
          Value column = addIndex(b, loc, list.base,
                                  mulIndex(b, loc, at, lowering.index(slots)));
          SmallVector<Value> head;
          for (int64_t s = 0; s < slots; ++s)
            head.push_back(list.tile->load(
                b, loc, row, addIndex(b, loc, column, lowering.index(s))));
          if (k == 0) {
            has = ok;
            pick = zero;
            record = head;
            continue;
          }
          // cpu/TMrgSort.hpp:109: `pick < 0 || v[0] > vPick[0]`.
          Value greater = arith::CmpFOp::create(
              b, loc, arith::CmpFPredicate::OGT, head[0], record[0]);
          Value notHas = arith::XOrIOp::create(
              b, loc, has, arith::ConstantIntOp::create(b, loc, 1, 1));
          Value take = arith::AndIOp::create(
              b, loc, ok, arith::OrIOp::create(b, loc, notHas, greater));
          for (int64_t s = 0; s < slots; ++s)
            record[s] =
                arith::SelectOp::create(b, loc, take, head[s], record[s]);
          pick = arith::SelectOp::create(b, loc, take, lowering.index(k), pick);
          has = arith::OrIOp::create(b, loc, has, ok);
        }
        Value column = addIndex(
            b, loc, out.base, mulIndex(b, loc, written, lowering.index(slots)));
        for (int64_t s = 0; s < slots; ++s)
          out.tile->store(b, loc, record[s], row,
                          addIndex(b, loc, column, lowering.index(s)));
        SmallVector<Value> next;
        Value usedUp;
        for (auto [k, list] : llvm::enumerate(lists)) {
          Value picked = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                               pick, lowering.index(k));
          Value head = arith::SelectOp::create(
              b, loc, picked, addIndex(b, loc, heads[k], one), heads[k]);
          next.push_back(head);
          Value done = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                             head, list.count);
          usedUp = usedUp ? arith::OrIOp::create(b, loc, usedUp, done) : done;
        }
        next.push_back(addIndex(b, loc, written, one));
        // cpu/TMrgSort.hpp:166-170: with exhausted, stop after the record
        // that uses a list up.
        Value yes = arith::ConstantIntOp::create(b, loc, 1, 1);
        next.push_back(exhausted
                           ? Value(arith::XOrIOp::create(b, loc, usedUp, yes))
                           : yes);
        scf::YieldOp::create(b, loc, next);
      });
}

/// `value % k == 0`; null when `value` is a constant (the verifier checked).
Value isMultiple(TileLowering &lowering, Location loc, Value value, int64_t k) {
  if (getConstantIntValue(value))
    return Value();
  OpBuilder &b = lowering.getBuilder();
  Value rem = b.createOrFold<arith::RemUIOp>(loc, value, lowering.index(k));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rem,
                               lowering.index(0));
}

/// Runs `body` if every tile of `tiles` holds whole records (tmrgsort_c11,
/// `partial_record`), checked in order.
void guardedWholeRecords(
    TileLowering &lowering, Operation *op,
    ArrayRef<std::pair<StringRef, const LoweredTile *>> tiles, int64_t slots,
    function_ref<void()> body) {
  if (tiles.empty())
    return body();
  auto [name, tile] = tiles.front();
  lowering.guarded(
      op, isMultiple(lowering, op->getLoc(), tile->validCols, slots),
      Failure{RunTimeFailure::PartialRecord,
              {name.str()},
              {tile->validCols, lowering.index(slots)}},
      [&] {
        guardedWholeRecords(lowering, op, tiles.drop_front(), slots, body);
      });
}

/// The single-list form: each group of 4 blocks of blockLen columns of src
/// merged into the same columns of dst (cpu/TMrgSort.hpp:178-225).
void lowerSingleList(TMrgSortOp op, TileLowering &lowering,
                     const LoweredTile &src, const LoweredTile &dst,
                     int64_t slots) {
  OpBuilder &b = lowering.getBuilder();
  Location loc = op.getLoc();
  Value blockLen = arith::IndexCastOp::create(
      b, loc, b.getIndexType(), lowering.signlessScalar(loc, op.getBlockLen()));
  Value zero = lowering.index(0);
  Value positive =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, blockLen, zero);
  // tmrgsort_c7, tmrgsort_c8 at run time (a non-positive blockLen divides
  // nothing: the group is 1 then, and the check fails on `positive`).
  Value group = arith::SelectOp::create(
      b, loc, positive,
      mulIndex(b, loc, blockLen, lowering.index(kTMrgSortLists)),
      lowering.index(1));
  Value groups = b.createOrFold<arith::DivUIOp>(loc, src.validCols, group);
  Value remUnit = b.createOrFold<arith::RemUIOp>(
      loc, blockLen, lowering.index(kTMrgSortBlockUnit));
  Value remGroup = b.createOrFold<arith::RemUIOp>(loc, src.validCols, group);
  Value ok = lowering.allOf(
      loc,
      {positive,
       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, remUnit, zero),
       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, remGroup, zero),
       ult(b, loc, zero, groups),
       ult(b, loc, groups, lowering.index(kTMrgSortMaxRepeats + 1))});
  lowering.guarded(
      op, ok,
      Failure{
          RunTimeFailure::MrgSortBlockLen, {"src"}, {blockLen, src.validCols}},
      [&] {
        Value records = b.createOrFold<arith::DivUIOp>(loc, blockLen,
                                                       lowering.index(slots));
        Value total = mulIndex(b, loc, records, lowering.index(kTMrgSortLists));
        auto loop = scf::ForOp::create(b, loc, zero, groups, lowering.index(1));
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(loop.getBody()->getTerminator());
        Value base = mulIndex(b, loc, loop.getInductionVar(), group);
        SmallVector<MergeList> lists;
        for (int64_t k = 0; k < kTMrgSortLists; ++k)
          lists.push_back(
              {&src,
               addIndex(b, loc, base,
                        mulIndex(b, loc, blockLen, lowering.index(k))),
               records});
        emitMerge(lowering, loc, lists, {&dst, base, total}, slots,
                  /*exhausted=*/false);
      });
}

} // namespace

LogicalResult mlir::pto::lowerTMrgSort(TMrgSortOp op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(op.getDst());
  int64_t slots = getTSort32RecordSlots(
      cast<TileBufType>(op.getDst().getType()).getElementBitWidth());
  SmallVector<LoweredTile, 4> lists;
  for (Value list : op.getLists())
    lists.push_back(at.source(list));
  bool single = op.isSingleList();
  SmallVector<std::string, 4> names;
  for (unsigned k = 0; k < lists.size(); ++k)
    names.push_back(single ? "src" : "src" + std::to_string(k));
  // The interpreter's order: whole records of dst and each list, then the
  // form's own checks.
  SmallVector<std::pair<StringRef, const LoweredTile *>> tiles{{"dst", &dst}};
  for (auto [name, list] : llvm::zip(names, lists))
    tiles.push_back({name, &list});
  guardedWholeRecords(lowering, op, tiles, slots, [&] {
    if (single) {
      lowering.guardedSameValidShapes(
          op, {"src", "dst"}, {&lists[0], &dst},
          [&] { lowerSingleList(op, lowering, lists[0], dst, slots); });
      return;
    }
    SmallVector<MergeList> merged;
    Value total = lowering.index(0);
    for (const LoweredTile &list : lists) {
      total = addIndex(b, loc, total, list.validCols);
      merged.push_back({&list, lowering.index(0),
                        b.createOrFold<arith::DivUIOp>(loc, list.validCols,
                                                       lowering.index(slots))});
    }
    // tmrgsort_c12 at run time.
    Value fits =
        getConstantIntValue(dst.validCols) && getConstantIntValue(total)
            ? Value()
            : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                    dst.validCols, total);
    lowering.guarded(
        op, fits,
        Failure{
            RunTimeFailure::MergeExceedsLists, {"dst"}, {dst.validCols, total}},
        [&] {
          Value count = b.createOrFold<arith::DivUIOp>(loc, dst.validCols,
                                                       lowering.index(slots));
          emitMerge(lowering, loc, merged, {&dst, lowering.index(0), count},
                    slots, op.stopsWhenExhausted());
        });
  });
  return success();
}
