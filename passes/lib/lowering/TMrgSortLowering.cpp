//===- TMrgSortLowering.cpp - host lowering of tmrgsort -------------------===//
//
// pto.tmrgsort on the host, as pto-isa's simulator merges
// (include/pto/cpu/TMrgSort.hpp, docs/semantics.md "TMRGSORT"): one
// scf.while per merge, whose step takes the head record of the first list
// whose head value is greater (`cmpf ogt`, the C++ `>`) than every earlier
// list's. The heads are carried by the loop and chosen with selects, so the
// step has no branch but the loop's.
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

/// `value`'s bits as an integer. The merge selects and carries the records
/// as integers: x86 selects integers without a branch (cmov), floats with
/// one, which a merge's picks would mispredict half the time.
Value asBits(OpBuilder &b, Location loc, Value value) {
  Type bits = b.getIntegerType(value.getType().getIntOrFloatBitWidth());
  return arith::BitcastOp::create(b, loc, bits, value);
}

/// The head record of `list` at record `at`, or at record 0 (which the
/// tile holds) when `at` is past its end: such a head is never picked.
SmallVector<Value> loadHead(TileLowering &lowering, Location loc,
                            const MergeList &list, Value at, int64_t slots) {
  OpBuilder &b = lowering.getBuilder();
  Value inside = ult(b, loc, at, list.count);
  Value record = arith::SelectOp::create(b, loc, inside, at, lowering.index(0));
  Value column = addIndex(b, loc, list.base,
                          mulIndex(b, loc, record, lowering.index(slots)));
  SmallVector<Value> head;
  for (int64_t s = 0; s < slots; ++s)
    head.push_back(
        asBits(b, loc,
               list.tile->load(b, loc, lowering.index(0),
                               addIndex(b, loc, column, lowering.index(s)))));
  return head;
}

/// Merges `lists` into `out` (TMrgsort of cpu/TMrgSort.hpp:118-173 for the
/// lists form, :197-223 for a group of the single-list form): stops when
/// `out` is full or every list is used up and, with `exhausted`, after the
/// record that uses one up. The loop carries each list's position and head
/// record, and loads each list's next record before the pick, so a step
/// waits only on the compares of the heads it carries.
void emitMerge(TileLowering &lowering, Location loc, ArrayRef<MergeList> lists,
               MergeOutput out, int64_t slots, bool exhausted) {
  OpBuilder &b = lowering.getBuilder();
  unsigned n = lists.size();
  Type valueType = out.tile->type.getElementType();
  Value zero = lowering.index(0), one = lowering.index(1);
  Value yes = arith::ConstantIntOp::create(b, loc, 1, 1);
  // State: the positions, the records written, go on, the heads' columns.
  SmallVector<Value> inits(n, zero);
  inits.push_back(zero);
  inits.push_back(yes);
  for (const MergeList &list : lists)
    llvm::append_range(inits, loadHead(lowering, loc, list, zero, slots));
  SmallVector<Type> types(ValueRange(inits).getTypes());
  auto positions = [&](ValueRange state) { return state.take_front(n); };
  auto head = [&](ValueRange state, unsigned k) {
    return state.drop_front(n + 2 + k * slots).take_front(slots);
  };
  scf::WhileOp::create(
      b, loc, types, inits,
      [&](OpBuilder &, Location, ValueRange state) {
        Value any;
        for (auto [k, list] : llvm::enumerate(lists)) {
          Value ok = ult(b, loc, positions(state)[k], list.count);
          any = any ? arith::OrIOp::create(b, loc, any, ok) : ok;
        }
        Value more = ult(b, loc, state[n], out.count);
        Value go = arith::AndIOp::create(
            b, loc, arith::AndIOp::create(b, loc, more, any), state[n + 1]);
        scf::ConditionOp::create(b, loc, go, state);
      },
      [&](OpBuilder &, Location, ValueRange state) {
        ValueRange at = positions(state);
        SmallVector<Value> ok, next;
        for (auto [k, list] : llvm::enumerate(lists)) {
          ok.push_back(ult(b, loc, at[k], list.count));
          llvm::append_range(next,
                             loadHead(lowering, loc, list,
                                      addIndex(b, loc, at[k], one), slots));
        }
        // The pick, one flag per list (cpu/TMrgSort.hpp:109: list k
        // replaces the pick so far when `pick < 0 || v[0] > vPick[0]`).
        SmallVector<Value> values;
        for (unsigned k = 0; k < n; ++k)
          values.push_back(
              arith::BitcastOp::create(b, loc, valueType, head(state, k)[0]));
        SmallVector<Value> picked{ok[0]};
        Value has = ok[0];
        for (unsigned k = 1; k < n; ++k) {
          Value greater;
          for (unsigned i = 0; i < k; ++i) {
            Value gt = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                             values[k], values[i]);
            Value over = arith::AndIOp::create(b, loc, picked[i], gt);
            greater =
                greater ? arith::OrIOp::create(b, loc, greater, over) : over;
          }
          Value none = arith::XOrIOp::create(b, loc, has, yes);
          Value take = arith::AndIOp::create(
              b, loc, ok[k], arith::OrIOp::create(b, loc, none, greater));
          Value keep = arith::XOrIOp::create(b, loc, take, yes);
          for (Value &flag : picked)
            flag = arith::AndIOp::create(b, loc, flag, keep);
          picked.push_back(take);
          has = arith::OrIOp::create(b, loc, has, ok[k]);
        }
        Value column =
            addIndex(b, loc, out.base,
                     mulIndex(b, loc, state[n], lowering.index(slots)));
        for (int64_t s = 0; s < slots; ++s) {
          Value value = head(state, 0)[s];
          for (unsigned k = 1; k < n; ++k)
            value = arith::SelectOp::create(b, loc, picked[k],
                                            head(state, k)[s], value);
          value = arith::BitcastOp::create(b, loc, valueType, value);
          out.tile->store(b, loc, value, lowering.index(0),
                          addIndex(b, loc, column, lowering.index(s)));
        }
        SmallVector<Value> yielded;
        Value usedUp;
        for (auto [k, list] : llvm::enumerate(lists)) {
          Value step = arith::IndexCastUIOp::create(
              b, loc, b.getIndexType(),
              arith::ExtUIOp::create(b, loc, b.getI64Type(), picked[k]));
          Value position = addIndex(b, loc, at[k], step);
          yielded.push_back(position);
          Value done = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                             position, list.count);
          usedUp = usedUp ? arith::OrIOp::create(b, loc, usedUp, done) : done;
        }
        yielded.push_back(addIndex(b, loc, state[n], one));
        // cpu/TMrgSort.hpp:166-170: with exhausted, stop after the record
        // that uses a list up.
        yielded.push_back(
            exhausted ? Value(arith::XOrIOp::create(b, loc, usedUp, yes))
                      : yes);
        for (unsigned k = 0; k < n; ++k)
          for (int64_t s = 0; s < slots; ++s)
            yielded.push_back(arith::SelectOp::create(
                b, loc, picked[k], next[k * slots + s], head(state, k)[s]));
        scf::YieldOp::create(b, loc, yielded);
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
  // The lists are read from copies: dst may share bytes with a list (a
  // view, a placement), and the NPU merges into tmp before it writes dst
  // (a2a3/TMrgSort.hpp:123-127; docs/semantics.md, TMRGSORT), as the
  // interpreter reads every list first.
  SmallVector<LoweredTile, 4> lists;
  for (Value list : op.getLists())
    lists.push_back(at.snapshot(list));
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
