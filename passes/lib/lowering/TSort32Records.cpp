//===- TSort32Records.cpp - tsort32's hardware form on the host -----------===//
//
// The hardware (record) form of pto.tsort32: each block's values and ids
// sorted together (TSort32Sort.h), written as [value, idx] records. The
// value key, idx and lane (53 or 69 bits) are more than a fast key holds:
// the key keeps the idx's high bits where the block's ids differ (11 for
// f16 in i32 keys, 24 for f32 in i64 keys), which orders exactly unless
// lower bits were dropped and two elements tie on the rest; such a block
// is sorted again, exactly, by two sorts (sortRecords). Values and ids
// follow the sorted lanes by register-wise permutations (permuteLanes).
//
#include "TSort32Sort.h"
#include "pto/TileStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::pto;
using namespace mlir::pto::tsort32;

namespace {

/// The low 32 bits of i64 keys in sortDescending's layout, shuffled by
/// `order`: in that layout register j holds elements j, j + 8, j + 16,
/// j + 24, so this is an 8x4 transpose, done with in-lane two-register
/// shuffles and 128-bit moves (12 instructions on AVX2: `vshufps`,
/// `vperm2f128`): LLVM lowers a truncation and shuffle of 32 lanes at once
/// to lane-crossing `vpermps`, which took a fifth of the f32 record form's
/// time on Zen 2 (CHANGELOG.md, "Performance history"). Falls back to the plain
/// shuffle for any other layout (each step's lanes are tracked and checked
/// against `order`).
Value lowWordsInOrder(OpBuilder &b, Location loc, Value keys,
                      ArrayRef<int64_t> order) {
  auto wordType = VectorType::get({kBlock}, b.getI32Type());
  auto plain = [&] {
    return inOrder(b, loc, narrow(b, loc, wordType, keys), order);
  };
  auto keyType = cast<VectorType>(keys.getType());
  constexpr int64_t perRegister = kRegisterBits / 64;
  constexpr int64_t registers = kBlock / perRegister;
  if (keyType.getElementTypeBitWidth() != 64 || registers != 8)
    return plain();
  // A vector of 8 words with, for each, the lane of `keys` it is the low
  // half of (-1: a high half).
  struct Words {
    Value value;
    SmallVector<int64_t> from;
  };
  auto wordsType = VectorType::get({8}, b.getI32Type());
  auto shuffle = [&](const Words &x, const Words &y, ArrayRef<int64_t> mask) {
    Words out{vector::ShuffleOp::create(b, loc, x.value, y.value, mask), {}};
    for (int64_t m : mask)
      out.from.push_back(m < 8 ? x.from[m] : y.from[m - 8]);
    return out;
  };
  SmallVector<Words> regs;
  for (int64_t r = 0; r < registers; ++r) {
    Words w{vector::BitCastOp::create(
                b, loc, wordsType,
                vector::ExtractStridedSliceOp::create(
                    b, loc, keys, {r * perRegister}, {perRegister}, {1})),
            {}};
    for (int64_t q = 0; q < perRegister; ++q)
      w.from.append({r * perRegister + q, -1});
    regs.push_back(std::move(w));
  }
  const int64_t even[] = {0, 2, 8, 10, 4, 6, 12, 14};  // vshufps 0x88
  const int64_t odd[] = {1, 3, 9, 11, 5, 7, 13, 15};   // vshufps 0xdd
  const int64_t low[] = {0, 1, 2, 3, 8, 9, 10, 11};    // vperm2f128 0x20
  const int64_t high[] = {4, 5, 6, 7, 12, 13, 14, 15}; // vperm2f128 0x31
  SmallVector<Words> pairs;
  for (int64_t m = 0; m < 4; ++m)
    pairs.push_back(shuffle(regs[2 * m], regs[2 * m + 1], even));
  Words qa = shuffle(pairs[0], pairs[1], even),
        qb = shuffle(pairs[0], pairs[1], odd);
  Words qc = shuffle(pairs[2], pairs[3], even),
        qd = shuffle(pairs[2], pairs[3], odd);
  Words parts[] = {shuffle(qa, qc, low), shuffle(qb, qd, low),
                   shuffle(qa, qc, high), shuffle(qb, qd, high)};
  Value result = zeros(b, loc, wordType);
  for (int64_t r = 0; r < 4; ++r) {
    for (int64_t i = 0; i < 8; ++i)
      if (parts[r].from[i] != order[8 * r + i])
        return plain();
    result = vector::InsertStridedSliceOp::create(
        b, loc, parts[r].value, result, ArrayRef<int64_t>{8 * r},
        ArrayRef<int64_t>{1});
  }
  return result;
}

/// Lane k of the result is lane indices[k] (i32, below kBlock) of `lanes`
/// (16- or 32-bit elements), register by register: AVX2 permutes only
/// within one 256-bit register of 8 i32 lanes. Each output register is
/// each source register permuted by the indices' low 3 bits (element
/// extracts at those positions, which LLVM matches to one `vpermd`), then
/// the one the higher bits name chosen by selects: 16 permutations and 12
/// blends instead of 32 scalar loads from the stack.
Value permuteLanes(OpBuilder &b, Location loc, Value lanes, Value indices) {
  auto type = cast<VectorType>(lanes.getType());
  auto bitsType = VectorType::get(
      {kBlock}, b.getIntegerType(type.getElementTypeBitWidth()));
  auto wordType = VectorType::get({kBlock}, b.getI32Type());
  Value bits =
      type == bitsType
          ? lanes
          : arith::BitcastOp::create(b, loc, bitsType, lanes).getResult();
  Value words = widen(b, loc, wordType, bits);

  constexpr int64_t perRegister = kRegisterBits / 32;
  auto registerType = VectorType::get({perRegister}, b.getI32Type());
  auto slice = [&](Value vector, int64_t r) -> Value {
    return vector::ExtractStridedSliceOp::create(
        b, loc, vector, {r * perRegister}, {perRegister}, {1});
  };
  SmallVector<Value> sources;
  for (int64_t r = 0; r < kBlock / perRegister; ++r)
    sources.push_back(slice(words, r));
  Value result = zeros(b, loc, wordType);
  for (int64_t r = 0; r < kBlock / perRegister; ++r) {
    Value index = slice(indices, r);
    Value within = arith::AndIOp::create(
        b, loc, index, splatInt(b, loc, registerType, perRegister - 1));
    SmallVector<Value> candidates;
    for (Value source : sources) {
      SmallVector<Value> elements;
      for (int64_t k = 0; k < perRegister; ++k) {
        Value at = arith::IndexCastOp::create(
            b, loc, b.getIndexType(),
            vector::ExtractOp::create(b, loc, within, ArrayRef<int64_t>{k}));
        elements.push_back(
            vector::ExtractOp::create(b, loc, source, OpFoldResult(at)));
      }
      candidates.push_back(
          vector::FromElementsOp::create(b, loc, registerType, elements));
    }
    // Halve the candidates by each bit above the low ones, lowest first.
    for (int64_t bit = perRegister; bit < kBlock; bit *= 2) {
      Value set = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne,
          arith::AndIOp::create(b, loc, index,
                                splatInt(b, loc, registerType, bit)),
          zeros(b, loc, registerType));
      SmallVector<Value> chosen;
      for (size_t i = 0; i < candidates.size(); i += 2)
        chosen.push_back(arith::SelectOp::create(b, loc, set, candidates[i + 1],
                                                 candidates[i]));
      candidates = std::move(chosen);
    }
    result = vector::InsertStridedSliceOp::create(
        b, loc, candidates[0], result, ArrayRef<int64_t>{r * perRegister},
        ArrayRef<int64_t>{1});
  }
  Value permuted = narrow(b, loc, bitsType, result);
  return type == bitsType
             ? permuted
             : arith::BitcastOp::create(b, loc, type, permuted).getResult();
}

/// Hardware form, exactly in every case, by two sorts: first by (idx,
/// lane), 37 bits; then the values in that order by (value key, position in
/// the first order), the page form's keys, which give the values back; the
/// ids follow the second order through the first. Lanes past the block's
/// count must hold NaN and the largest idx (they sort last).
SortedBlock sortRecordsExactly(OpBuilder &b, Location loc, Value values,
                               Value ids) {
  auto valueType = cast<VectorType>(values.getType());
  auto i32Type = VectorType::get({kBlock}, b.getI32Type());
  auto i64Type = VectorType::get({kBlock}, b.getI64Type());
  Value allOnes = splatInt(b, loc, i32Type, APInt::getMaxValue(32));
  Value byId = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(
          b, loc,
          widen(b, loc, i64Type, arith::XOrIOp::create(b, loc, ids, allOnes)),
          splatInt(b, loc, i64Type, kLaneBits)),
      widen(b, loc, i64Type, complementedLanes(b, loc)));
  Value sortedById = sortKeysDescending(b, loc, byId);
  Value idsById = arith::XOrIOp::create(
      b, loc,
      narrow(b, loc, i32Type,
             arith::ShRUIOp::create(b, loc, sortedById,
                                    splatInt(b, loc, i64Type, kLaneBits))),
      allOnes);
  Value valuesById =
      permuteLanes(b, loc, values, laneAt(b, loc, sortedById, 0));
  KeyLayout byValue = keyLayout(b, valueType, /*withIds=*/false);
  Value sorted = sortKeysDescending(
      b, loc, blockKeys(b, loc, byValue, valuesById, Value()));
  Value positions = laneAt(b, loc, sorted, byValue.laneShift());
  return {Value(), decodeValues(b, loc, byValue, sorted, valueType),
          permuteLanes(b, loc, idsById, positions)};
}

/// Whether a lane of `lanes` (i32, or i64 below 2^62) is below 2^bits
/// (unsigned): their minimum over the 256-bit registers, compared once. A
/// tree of vector minimums (`vpminud`; for i64, which AVX2 has no minimum
/// of, `vminpd`: non-negative i64 below 2^62 order as the doubles of their
/// bits, which are finite) instead of a reduction of 32 compares, which
/// LLVM lowers to a chain of packs.
Value anyBelow(OpBuilder &b, Location loc, Value lanes, unsigned bits) {
  auto type = cast<VectorType>(lanes.getType());
  unsigned width = type.getElementTypeBitWidth();
  int64_t perRegister = kRegisterBits / width;
  Type element = width == 64 ? Type(b.getF64Type()) : b.getI32Type();
  auto registerType = VectorType::get({perRegister}, element);
  auto elementsType = VectorType::get({kBlock}, element);
  if (width == 64)
    lanes = arith::BitcastOp::create(b, loc, elementsType, lanes);
  SmallVector<Value> parts;
  for (int64_t r = 0; r < kBlock; r += perRegister)
    parts.push_back(vector::ExtractStridedSliceOp::create(b, loc, lanes, {r},
                                                          {perRegister}, {1}));
  while (parts.size() > 1) {
    SmallVector<Value> smaller;
    for (size_t i = 0; i < parts.size(); i += 2) {
      if (width == 32) {
        smaller.push_back(
            arith::MinUIOp::create(b, loc, parts[i], parts[i + 1]));
        continue;
      }
      Value less = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                         parts[i], parts[i + 1]);
      smaller.push_back(
          arith::SelectOp::create(b, loc, less, parts[i], parts[i + 1]));
    }
    parts = std::move(smaller);
  }
  APInt bound(width, uint64_t(1) << bits);
  Value below;
  if (width == 64) {
    Value limit =
        splat(b, loc, registerType,
              b.getFloatAttr(element, APFloat(APFloat::IEEEdouble(), bound)));
    below = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, parts[0],
                                  limit);
  } else {
    below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, parts[0],
                                  splatInt(b, loc, registerType, bound));
  }
  return vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, below);
}

/// Hardware form: the value key, the idx and the lane do not fit in one
/// key (32 + 32 + 5 bits for f32), but the idx only orders equal values.
/// One sort on keys holding layout.idBits bits of the idx, from the highest
/// bit in which the block's ids differ down: the bits above are the same
/// in every lane, so when the ids differ only in those bits (ids below
/// 2^24 for f32, 2^11 for f16, or any ids that close together) the key
/// orders exactly as the full idx would. Otherwise the order is exact
/// unless two sorted neighbours have equal value keys and equal idx bits
/// (their lower idx bits might be in the wrong order); such a block is
/// sorted again by sortRecordsExactly. Values and ids follow the sorted
/// lanes by permuteLanes. `mask`: the block's lanes.
SortedBlock sortRecords(OpBuilder &b, Location loc, Value values, Value ids,
                        Value mask) {
  auto valueType = cast<VectorType>(values.getType());
  auto i32Type = VectorType::get({kBlock}, b.getI32Type());
  KeyLayout layout = keyLayout(b, valueType, /*withIds=*/true);
  Type i32 = b.getI32Type();
  auto scalar = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(i32, v));
  };

  // The bits in which the block's ids differ, and the shift that puts the
  // highest of them at bit idBits - 1 (0 if they fit).
  Value first = vector::ExtractOp::create(b, loc, ids, ArrayRef<int64_t>{0});
  Value differing = arith::SelectOp::create(
      b, loc, mask,
      arith::XOrIOp::create(
          b, loc, ids, vector::BroadcastOp::create(b, loc, i32Type, first)),
      zeros(b, loc, i32Type));
  Value spread =
      vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, differing);
  Value used = arith::SubIOp::create(
      b, loc, scalar(32), math::CountLeadingZerosOp::create(b, loc, spread));
  Value shift = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, used, scalar(layout.idBits)),
      scalar(0));
  // Smaller idx first: the key holds the complemented bits.
  Value idMask =
      splatInt(b, loc, i32Type, APInt::getLowBitsSet(32, layout.idBits));
  Value idBits = arith::XOrIOp::create(
      b, loc,
      arith::AndIOp::create(
          b, loc,
          arith::ShRUIOp::create(
              b, loc, ids, vector::BroadcastOp::create(b, loc, i32Type, shift)),
          idMask),
      idMask);

  // Lanes past the count are NaN with the largest idx: their idx bits are
  // 0, so they sort after every element (NaNs of the block by lane).
  SmallVector<int64_t> order;
  Value sorted =
      sortKeysUnordered(b, loc, blockKeys(b, loc, layout, values, idBits),
                        order, /*keepBias=*/true);

  // Sorted neighbours with equal value keys and idx bits (keys equal but
  // for the lane: their xor is below it): each key against the next one in
  // sorted order (the last against the one before it again), in the
  // network's layout, where most neighbours sit in the same lane of
  // adjacent registers.
  SmallVector<int64_t> rank(kBlock), next(kBlock);
  for (int64_t k = 0; k < kBlock; ++k)
    rank[order[k]] = k;
  for (int64_t p = 0; p < kBlock; ++p)
    next[p] = order[rank[p] + 1 < kBlock ? rank[p] + 1 : rank[p] - 1];
  Value neighbours = vector::ShuffleOp::create(b, loc, sorted, sorted, next);
  Value tied =
      anyBelow(b, loc, arith::XOrIOp::create(b, loc, sorted, neighbours),
               layout.idShift());
  Value inexact = arith::AndIOp::create(
      b, loc, tied,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, shift,
                            scalar(0)));

  auto ifOp = scf::IfOp::create(
      b, loc, inexact,
      [&](OpBuilder &nb, Location l) {
        SortedBlock exact = sortRecordsExactly(nb, l, values, ids);
        scf::YieldOp::create(nb, l, ValueRange{exact.values, exact.ids});
      },
      [&](OpBuilder &nb, Location l) {
        Value lanes = laneAt(nb, l, lowWordsInOrder(nb, l, sorted, order),
                             layout.laneShift());
        scf::YieldOp::create(nb, l,
                             ValueRange{permuteLanes(nb, l, values, lanes),
                                        permuteLanes(nb, l, ids, lanes)});
      });
  return {Value(), ifOp.getResult(0), ifOp.getResult(1)};
}

/// The lanes of a and b alternating in runs of `run`: a[0, run),
/// b[0, run), a[run, 2 run), ...
Value interleave(OpBuilder &b, Location loc, Value first, Value second,
                 int64_t run) {
  int64_t n = cast<VectorType>(first.getType()).getNumElements();
  SmallVector<int64_t> lanes;
  for (int64_t i = 0; i < n; i += run)
    for (int64_t from : {i, n + i})
      for (int64_t k = 0; k < run; ++k)
        lanes.push_back(from + k);
  return vector::ShuffleOp::create(b, loc, first, second, lanes);
}

} // namespace

/// Hardware form: record k of the block starting at column j is written at
/// dst column j*slots + k*slots: the value, then (16-bit) a zero column,
/// then the idx's 32 bits in the following column(s), little-endian. The
/// records of a block are built in one vector and stored at once.
LogicalResult tsort32::lowerRecordForm(TSort32Op op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src = at.source(op.getSrc()), idx = at.source(op.getIdx());
  const LoweredTile &dst = at.tile(op.getDst());
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
  // tsort32_c10 where src's valid cols are dynamic: without tmp only whole
  // blocks are sorted on the NPU, so a tail is a failure, not a result.
  Value tail, wholeBlocks;
  if (!op.getTmp()) {
    tail = b.createOrFold<arith::RemUIOp>(loc, src.validCols,
                                          lowering.index(kBlock));
    wholeBlocks = lowering.equal(loc, tail, lowering.index(0));
  }
  auto writeRecords = [&] {
    auto laneType = VectorType::get({kBlock}, valueType);
    forEachSortedBlock(
        lowering, loc, src, &idx, dst.validRows, src.validCols, sortRecords,
        [&](const TileBlock &block) {
          Value values = block.sorted.values;
          // The idx as value-typed columns: one for 32-bit values, its low
          // and high halves for 16-bit ones.
          auto idColumnsType =
              VectorType::get({kBlock * 32 / width}, valueType);
          Value idColumns = vector::BitCastOp::create(b, loc, idColumnsType,
                                                      block.sorted.ids);
          Value records;
          if (width == 32) {
            records = interleave(b, loc, values, idColumns, 1);
          } else {
            Value valueAndZero =
                interleave(b, loc, values, zeros(b, loc, laneType), 1);
            records = interleave(b, loc, valueAndZero, idColumns, 2);
          }
          storeLanes(b, loc, dst, block.row,
                     arith::MulIOp::create(b, loc, block.start, slotsValue),
                     arith::MulIOp::create(b, loc, block.count, slotsValue),
                     records);
        });
  };
  // tsort32_c6: idx has src's valid shape or is one row of its columns.
  Value sameRows = lowering.equal(loc, idx.validRows, src.validRows);
  Value oneRow = lowering.equal(loc, idx.validRows, lowering.index(1));
  Value idxRowsFit = sameRows && oneRow
                         ? b.createOrFold<arith::OrIOp>(loc, sameRows, oneRow)
                         : Value();
  Value idxShape = lowering.allOf(
      loc, {lowering.equal(loc, idx.validCols, src.validCols), idxRowsFit});
  Failure idxShapeFailure{
      RunTimeFailure::SortIndexShape,
      {"idx", "src"},
      {idx.validRows, idx.validCols, src.validRows, src.validCols}};
  lowering.guarded(op, idxShape, idxShapeFailure, [&] {
    lowering.guarded(
        op, rowsWithin,
        Failure{RunTimeFailure::ValidRowsExceed,
                {"dst", "src"},
                {dst.validRows, src.validRows}},
        [&] {
          lowering.guarded(
              op, recordsFit,
              Failure{RunTimeFailure::RecordsExceedCols,
                      {"dst"},
                      {dstCols, src.validCols, slotsValue, needed}},
              [&] {
                lowering.guarded(op, wholeBlocks,
                                 Failure{RunTimeFailure::PartialSortBlock,
                                         {"src"},
                                         {src.validCols, tail}},
                                 writeRecords);
              });
        });
  });
  return success();
}
