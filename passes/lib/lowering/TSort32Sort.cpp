//===- TSort32Sort.cpp - one block of tsort32's host lowering ------------===//
//
// TSort32Sort.h: a block's lanes, keys, sorting network and stores, and
// the loop over a tile's blocks, which both forms share.
//
#include "TSort32Sort.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::pto::tsort32 {

Value splat(OpBuilder &b, Location loc, VectorType type, Attribute element) {
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, element));
}

Value splatInt(OpBuilder &b, Location loc, VectorType type,
               const APInt &value) {
  return splat(b, loc, type, b.getIntegerAttr(type.getElementType(), value));
}

Value splatInt(OpBuilder &b, Location loc, VectorType type, uint64_t value) {
  return splatInt(b, loc, type, APInt(type.getElementTypeBitWidth(), value));
}

Value zeros(OpBuilder &b, Location loc, VectorType type) {
  return arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
}

/// The constant vector of `type` with lane i equal to lanes[i].
template <typename T>
static Value constantLanes(OpBuilder &b, Location loc, VectorType type,
                           ArrayRef<T> lanes) {
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, lanes));
}

/// The i32 vector [0, 1, ..., kBlock - 1].
static Value laneNumbers(OpBuilder &b, Location loc) {
  SmallVector<int32_t> lanes(kBlock);
  for (int32_t i = 0; i < kBlock; ++i)
    lanes[i] = i;
  return constantLanes(b, loc, VectorType::get({kBlock}, b.getI32Type()),
                       ArrayRef(lanes));
}

/// The lanes of a block: lane i is column start + i of row r, lanes at or
/// past `count` are `pad`. Rows of ND tiles are contiguous (one masked
/// vector load); a boxed tile is read element by element.
static Value loadLanes(OpBuilder &b, Location loc, const LoweredTile &tile,
                       Value r, Value start, Value mask, Value count,
                       Value pad) {
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
            nb, l,
            ValueRange{vector::InsertOp::create(nb, l, element, lanes[0],
                                                OpFoldResult(lane))
                           .getResult()});
      });
  return loop.getResult(0);
}

void storeLanes(OpBuilder &b, Location loc, const LoweredTile &tile, Value r,
                Value start, Value count, Value values) {
  if (!tile.box) {
    auto maskType = VectorType::get(
        cast<VectorType>(values.getType()).getShape(), b.getI1Type());
    Value mask =
        vector::CreateMaskOp::create(b, loc, maskType, ValueRange{count});
    vector::MaskedStoreOp::create(b, loc, tile.view, ValueRange{r, start}, mask,
                                  values);
    return;
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(
      b, loc, zero, count, one, ValueRange{},
      [&](OpBuilder &nb, Location l, Value lane, ValueRange) {
        tile.store(nb, l,
                   vector::ExtractOp::create(nb, l, values, OpFoldResult(lane)),
                   r, arith::AddIOp::create(nb, l, start, lane));
        scf::YieldOp::create(nb, l);
      });
}

/// Signed integer keys of float lanes that order as the sort does: a
/// larger key is a larger value, -0.0 and +0.0 have the same key (0) and
/// every NaN the key min + 1, below every number (decodeValues reads it
/// back as NaN). Integer arithmetic only: the key is the magnitude bits,
/// negated for a negative value.
static Value sortKeys(OpBuilder &b, Location loc, Value values) {
  auto type = cast<VectorType>(values.getType());
  unsigned width = type.getElementTypeBitWidth();
  auto keyType = VectorType::get(type.getShape(), b.getIntegerType(width));
  auto constant = [&](const APInt &v) { return splatInt(b, loc, keyType, v); };
  Value bits = arith::BitcastOp::create(b, loc, keyType, values);
  Value magnitude = arith::AndIOp::create(
      b, loc, bits, constant(APInt::getSignedMaxValue(width)));
  using I = arith::CmpIPredicate;
  Value negative =
      arith::CmpIOp::create(b, loc, I::slt, bits, constant(APInt(width, 0)));
  Value keys = arith::SelectOp::create(
      b, loc, negative,
      arith::SubIOp::create(b, loc, constant(APInt(width, 0)), magnitude),
      magnitude);
  auto floatType = cast<FloatType>(type.getElementType());
  APInt infinity =
      APFloat::getInf(floatType.getFloatSemantics()).bitcastToAPInt();
  Value isNan =
      arith::CmpIOp::create(b, loc, I::sgt, magnitude, constant(infinity));
  return arith::SelectOp::create(
      b, loc, isNan, constant(APInt::getSignedMinValue(width) + 1), keys);
}

Value widen(OpBuilder &b, Location loc, VectorType type, Value lanes) {
  if (cast<VectorType>(lanes.getType()) == type)
    return lanes;
  return arith::ExtUIOp::create(b, loc, type, lanes);
}

Value narrow(OpBuilder &b, Location loc, VectorType type, Value lanes) {
  if (cast<VectorType>(lanes.getType()) == type)
    return lanes;
  return arith::TruncIOp::create(b, loc, type, lanes);
}

Value complementedLanes(OpBuilder &b, Location loc) {
  auto type = VectorType::get({kBlock}, b.getI32Type());
  return arith::XOrIOp::create(b, loc, laneNumbers(b, loc),
                               splatInt(b, loc, type, kBlock - 1));
}

Value laneAt(OpBuilder &b, Location loc, Value keys, unsigned shift) {
  auto keyType = cast<VectorType>(keys.getType());
  auto type = VectorType::get({kBlock}, b.getI32Type());
  Value bits = narrow(
      b, loc, type,
      arith::ShRUIOp::create(b, loc, keys, splatInt(b, loc, keyType, shift)));
  return arith::XOrIOp::create(
      b, loc,
      arith::AndIOp::create(b, loc, bits, splatInt(b, loc, type, kBlock - 1)),
      splatInt(b, loc, type, kBlock - 1));
}

/// The widest key: signed, within +-2^60, which sortKeysUnordered can
/// bias into positive doubles.
static constexpr unsigned kMaxKeyBits = 61;

KeyLayout keyLayout(OpBuilder &b, VectorType valueType, bool withIds) {
  KeyLayout layout;
  layout.width = valueType.getElementTypeBitWidth();
  if (withIds) {
    layout.low = 0;
    unsigned keyBits = layout.width <= 16 ? 32 : kMaxKeyBits;
    layout.idBits = keyBits - layout.width - kLaneBits;
  } else {
    // The precision counts the implicit bit: the mantissa bits plus the sign.
    layout.low = APFloat::semanticsPrecision(
        cast<FloatType>(valueType.getElementType()).getFloatSemantics());
    layout.idBits = 0;
    if (layout.bits() > kMaxKeyBits)
      layout.low = 0;
  }
  layout.type = VectorType::get({kBlock}, layout.bits() <= 32 ? b.getI32Type()
                                                              : b.getI64Type());
  return layout;
}

/// i64 keys from their low and high 32-bit words, in the lane order
/// `vpunpckldq`/`vpunpckhdq` give them within each 256-bit register (lanes
/// 0, 1, 4, 5, then 2, 3, 6, 7): the sort does not depend on its input's
/// order, and AVX2 builds the keys this way with one instruction per
/// register where widening each part to 64-bit lanes takes several.
static Value joinWords(OpBuilder &b, Location loc, Value low, Value high) {
  constexpr int64_t perRegister = kRegisterBits / 32;
  SmallVector<int64_t> words;
  for (int64_t r = 0; r < kBlock; r += perRegister)
    for (int64_t q : {0, 1, 4, 5, 2, 3, 6, 7})
      words.append({r + q, kBlock + r + q});
  Value joined = vector::ShuffleOp::create(b, loc, low, high, words);
  return vector::BitCastOp::create(
      b, loc, VectorType::get({kBlock}, b.getI64Type()), joined);
}

Value blockKeys(OpBuilder &b, Location loc, const KeyLayout &layout,
                Value values, Value idBits) {
  auto bitsType = VectorType::get({kBlock}, b.getIntegerType(layout.width));
  auto wordType = VectorType::get({kBlock}, b.getI32Type());
  auto word = [&](uint64_t v) { return splatInt(b, loc, wordType, v); };
  // Every part but the value key lies below bit 32.
  Value below = arith::ShLIOp::create(b, loc, complementedLanes(b, loc),
                                      word(layout.laneShift()));
  if (idBits)
    below = arith::OrIOp::create(
        b, loc, below,
        arith::ShLIOp::create(b, loc, idBits, word(layout.idShift())));
  if (layout.low) {
    Value bits = arith::BitcastOp::create(b, loc, bitsType, values);
    Value sign = arith::ShLIOp::create(
        b, loc,
        arith::ShRUIOp::create(b, loc, bits,
                               splatInt(b, loc, bitsType, layout.width - 1)),
        splatInt(b, loc, bitsType, layout.low - 1));
    Value mantissa = arith::AndIOp::create(
        b, loc, bits,
        splatInt(b, loc, bitsType,
                 APInt::getLowBitsSet(layout.width, layout.low - 1)));
    below = arith::OrIOp::create(
        b, loc, below,
        widen(b, loc, wordType, arith::OrIOp::create(b, loc, sign, mantissa)));
  }
  Value valueKey = sortKeys(b, loc, values);
  if (layout.type.getElementTypeBitWidth() == 32)
    return arith::OrIOp::create(
        b, loc,
        arith::ShLIOp::create(
            b, loc, arith::ExtSIOp::create(b, loc, wordType, valueKey),
            word(layout.valueShift())),
        below);
  // 64-bit keys hold 32-bit value keys (f32) above bit 29: the low word is
  // the value key's low bits and the parts below, the high word the value
  // key shifted down (sign-extended).
  assert(layout.width == 32 && layout.valueShift() < 32 && "f32 keys only");
  Value low = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(b, loc, valueKey, word(layout.valueShift())),
      below);
  Value high =
      arith::ShRSIOp::create(b, loc, valueKey, word(32 - layout.valueShift()));
  return joinWords(b, loc, low, high);
}

Value decodeValues(OpBuilder &b, Location loc, const KeyLayout &layout,
                   Value keys, VectorType valueType) {
  unsigned width = layout.width;
  auto floatType = cast<FloatType>(valueType.getElementType());
  auto bitsType = VectorType::get({kBlock}, b.getIntegerType(width));
  auto constant = [&](const APInt &v) { return splatInt(b, loc, bitsType, v); };
  Value valueKey = narrow(
      b, loc, bitsType,
      arith::ShRSIOp::create(
          b, loc, keys, splatInt(b, loc, layout.type, layout.valueShift())));
  Value extra =
      arith::AndIOp::create(b, loc, narrow(b, loc, bitsType, keys),
                            constant(APInt::getLowBitsSet(width, layout.low)));
  using I = arith::CmpIPredicate;
  Value zero = constant(APInt(width, 0));
  Value magnitude = arith::SelectOp::create(
      b, loc, arith::CmpIOp::create(b, loc, I::slt, valueKey, zero),
      arith::SubIOp::create(b, loc, zero, valueKey), valueKey);
  APInt infinity =
      APFloat::getInf(floatType.getFloatSemantics()).bitcastToAPInt();
  magnitude = arith::SelectOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, I::eq, valueKey,
                            constant(APInt::getSignedMinValue(width) + 1)),
      constant(infinity), magnitude);
  Value mantissa = arith::AndIOp::create(
      b, loc, extra, constant(APInt::getLowBitsSet(width, layout.low - 1)));
  Value sign = arith::ShLIOp::create(
      b, loc,
      arith::ShRUIOp::create(b, loc, extra,
                             constant(APInt(width, layout.low - 1))),
      constant(APInt(width, width - 1)));
  Value bits = arith::OrIOp::create(
      b, loc, magnitude, arith::OrIOp::create(b, loc, mantissa, sign));
  return arith::BitcastOp::create(b, loc, valueType, bits);
}

/// One compare-exchange stage: each lane's pair is `partnerLane`, and
/// `keepLarger` says which of the two keeps the larger key.
///
/// Integer (i32) keys: the partners shuffled into place, vector max and min
/// (compare and selects, which LLVM matches to `vpmaxsd`/`vpminsd`), and a
/// blend with a constant mask (`vpblendd`, which runs on more ports than
/// the shuffles).
///
/// Double keys, in register pairs: the one of each pair that keeps the
/// larger key goes to lane t of X and its partner to lane t of Y; max and
/// min of X and Y (half the block each) go back to the pairs' lanes. The
/// registers are paired with the one holding their elements' partners (or,
/// when those are in the same register, with another such register), and X
/// takes from each pair, 128-bit chunk by chunk, the first register's
/// keepLarger lanes, then the second's: the gathers and the way back are
/// then the two-register in-lane shuffles AVX2 has (`vunpcklpd`,
/// `vperm2f128`, ...), and a stage whose partners sit in other registers
/// needs no shuffle. (The blend form, on doubles, became compares and
/// variable blends, `vcmpltpd`/`vblendvpd`, where partners share a
/// register: CHANGELOG.md, "Performance history".)
/// `perRegister` lanes of `chunkLanes` per 128 bits make a register.
static Value compareExchange(OpBuilder &b, Location loc, Value keys,
                             ArrayRef<int64_t> partnerLane,
                             ArrayRef<bool> keepLarger, int64_t perRegister,
                             int64_t chunkLanes) {
  if (!isa<FloatType>(getElementTypeOrSelf(keys.getType()))) {
    Value other = vector::ShuffleOp::create(b, loc, keys, keys, partnerLane);
    Value greater =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, keys, other);
    Value larger = arith::SelectOp::create(b, loc, greater, keys, other);
    Value smaller = arith::SelectOp::create(b, loc, greater, other, keys);
    auto maskType = VectorType::get({kBlock}, b.getI1Type());
    return arith::SelectOp::create(
        b, loc, constantLanes(b, loc, maskType, keepLarger), larger, smaller);
  }
  int64_t registers = kBlock / perRegister;
  // The register holding the partners of register r's lanes.
  SmallVector<int64_t> partnerRegister(registers);
  for (int64_t r = 0; r < registers; ++r)
    partnerRegister[r] = partnerLane[r * perRegister] / perRegister;
  SmallVector<int64_t> xLanes, yLanes;
  SmallVector<bool> paired(registers, false);
  for (int64_t first = 0; first < registers; ++first) {
    if (paired[first])
      continue;
    int64_t second = partnerRegister[first];
    if (second == first) { // partners within the register: another such one
      do
        ++second;
      while (second < registers &&
             (paired[second] || partnerRegister[second] != second));
      assert(second < registers && "in-register stages on an even count");
    }
    paired[first] = paired[second] = true;
    for (int64_t chunk = 0; chunk < perRegister / chunkLanes; ++chunk)
      for (int64_t r : {first, second})
        for (int64_t q = chunk * chunkLanes; q < (chunk + 1) * chunkLanes;
             ++q) {
          int64_t p = r * perRegister + q;
          if (keepLarger[p]) {
            xLanes.push_back(p);
            yLanes.push_back(partnerLane[p]);
          }
        }
  }
  int64_t half = kBlock / 2;
  assert(int64_t(xLanes.size()) == half && "each pair once");
  SmallVector<int64_t> back(kBlock);
  for (int64_t t = 0; t < half; ++t) {
    back[xLanes[t]] = t;
    back[yLanes[t]] = half + t;
  }
  Value x = vector::ShuffleOp::create(b, loc, keys, keys, xLanes);
  Value y = vector::ShuffleOp::create(b, loc, keys, keys, yLanes);
  // Compare and select, which LLVM matches to `vmaxpd`/`vminpd`.
  Value greater =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, y);
  Value larger = arith::SelectOp::create(b, loc, greater, x, y);
  Value smaller = arith::SelectOp::create(b, loc, greater, y, x);
  return vector::ShuffleOp::create(b, loc, larger, smaller, back);
}

/// Sorts the (distinct) lanes of `keys` descending with a bitonic network
/// whose compare-exchanges all point the same way: merging runs of k
/// elements, the first stage pairs element i with i ^ (k - 1) (the mirror
/// one in the run), the next ones with i ^ j for j = k/4, ..., 1, and the
/// lower element of each pair keeps the larger key (compareExchange).
///
/// The network runs on a transposed layout: lane p of the vector holds
/// element (p / perRegister) + registers * (p % perRegister), with the
/// vector cut into 256-bit registers (AVX2) of perRegister lanes. The low
/// bits of an element's number are then its register, so the stages with
/// small j (the most frequent) pair lanes of different registers at the
/// same position, which needs no shuffle instruction. The input's order
/// does not matter. The keys come back in that layout: `order[i]` is the
/// lane of the i-th largest (a shuffle by `order` sorts them), so that a
/// caller can shuffle narrower vectors computed from them instead.
static Value sortDescending(OpBuilder &b, Location loc, Value keys,
                            SmallVectorImpl<int64_t> &order) {
  auto type = cast<VectorType>(keys.getType());
  unsigned elementBits = type.getElementTypeBitWidth();
  int64_t perRegister = std::min<int64_t>(kBlock, kRegisterBits / elementBits);
  int64_t chunkLanes = std::min<int64_t>(perRegister, 128 / elementBits);
  int64_t registers = kBlock / perRegister;
  SmallVector<int64_t> element(kBlock), lane(kBlock);
  for (int64_t p = 0; p < kBlock; ++p) {
    element[p] = p / perRegister + registers * (p % perRegister);
    lane[element[p]] = p;
  }
  for (int64_t k = 2; k <= kBlock; k *= 2) {
    for (int64_t j = k / 2; j > 0; j /= 2) {
      SmallVector<int64_t> partner(kBlock);
      SmallVector<bool> keepLarger(kBlock);
      for (int64_t p = 0; p < kBlock; ++p) {
        int64_t i = element[p];
        partner[p] = lane[j == k / 2 ? i ^ (k - 1) : i ^ j];
        keepLarger[p] = (i & j) == 0;
      }
      keys = compareExchange(b, loc, keys, partner, keepLarger, perRegister,
                             chunkLanes);
    }
  }
  order.assign(lane.begin(), lane.end());
  return keys;
}

Value sortKeysUnordered(OpBuilder &b, Location loc, Value keys,
                        SmallVectorImpl<int64_t> &order, bool keepBias) {
  auto type = cast<VectorType>(keys.getType());
  if (type.getElementTypeBitWidth() != 64)
    return sortDescending(b, loc, keys, order);
  auto doubles = VectorType::get({kBlock}, b.getF64Type());
  Value bias =
      splatInt(b, loc, type, (uint64_t(1) << 60) + (uint64_t(1) << 52));
  Value sorted = arith::BitcastOp::create(
      b, loc, type,
      sortDescending(
          b, loc,
          arith::BitcastOp::create(b, loc, doubles,
                                   arith::AddIOp::create(b, loc, keys, bias)),
          order));
  return keepBias ? sorted
                  : arith::SubIOp::create(b, loc, sorted, bias).getResult();
}

Value inOrder(OpBuilder &b, Location loc, Value lanes,
              ArrayRef<int64_t> order) {
  return vector::ShuffleOp::create(b, loc, lanes, lanes, order);
}

Value sortKeysDescending(OpBuilder &b, Location loc, Value keys) {
  SmallVector<int64_t> order;
  Value sorted = sortKeysUnordered(b, loc, keys, order, /*keepBias=*/false);
  return inOrder(b, loc, sorted, order);
}

void forEachSortedBlock(TileLowering &lowering, Location loc,
                        const LoweredTile &src, const LoweredTile *idx,
                        Value rows, Value cols, SortBlock sort,
                        function_ref<void(const TileBlock &)> place) {
  OpBuilder &b = lowering.getBuilder();
  OpBuilder::InsertionGuard guard(b);
  Value zero = lowering.index(0), one = lowering.index(1);
  Value blockSize = lowering.index(kBlock);
  // The 1 x C idx: row 0 for every row (a2a3/TSort32.hpp:173, stride 0).
  Value idxBroadcast =
      idx ? arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                  idx->validRows, one)
          : Value();
  auto [rowBegin, rowEnd] = lowering.rowBounds(loc, rows);
  auto rowLoop = scf::ForOp::create(b, loc, rowBegin, rowEnd, one);
  b.setInsertionPoint(rowLoop.getBody()->getTerminator());
  auto blockLoop = scf::ForOp::create(b, loc, zero, cols, blockSize);
  b.setInsertionPoint(blockLoop.getBody()->getTerminator());

  TileBlock block;
  block.row = rowLoop.getInductionVar();
  block.start = blockLoop.getInductionVar();
  block.count = arith::MinUIOp::create(
      b, loc, blockSize, arith::SubIOp::create(b, loc, cols, block.start));
  block.mask = vector::CreateMaskOp::create(
      b, loc, VectorType::get({kBlock}, b.getI1Type()),
      ValueRange{block.count});
  // Padding lanes are NaN with the largest idx: they come after every
  // element (their lane is larger too), so they sort to the end (the
  // hardware form's single sort gives them keys of their own).
  auto valueType = VectorType::get(
      {kBlock}, getStorageElementType(src.type.getElementType()));
  auto floatType = cast<FloatType>(valueType.getElementType());
  Value nan =
      splat(b, loc, valueType,
            b.getFloatAttr(floatType,
                           APFloat::getNaN(floatType.getFloatSemantics())));
  Value values = loadLanes(b, loc, src, block.row, block.start, block.mask,
                           block.count, nan);
  Value ids;
  if (idx) {
    auto idType = VectorType::get({kBlock}, b.getI32Type());
    Value idxRow =
        arith::SelectOp::create(b, loc, idxBroadcast, zero, block.row);
    ids = loadLanes(b, loc, *idx, idxRow, block.start, block.mask, block.count,
                    splatInt(b, loc, idType, APInt::getMaxValue(32)));
  }
  block.sorted = sort(b, loc, values, ids, block.mask);
  place(block);
}

} // namespace mlir::pto::tsort32
