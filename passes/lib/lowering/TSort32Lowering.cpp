//===- TSort32Lowering.cpp - host lowering of tsort32 ---------------------===//
//
// docs/semantics.md, TSORT32: each row is sorted in blocks of 32 columns
// (the last block may be shorter), values descending, stably, ties by idx
// ascending. A block sits in one vector of 32 lanes. Each lane gets an
// integer key that orders as the sort does and holds the lane number, so
// all keys differ and ties go by column (KeyLayout); a bitonic network
// (shuffles and vector max/min: sortDescending, compareExchange) sorts the
// keys descending, and one contiguous vector store writes the block's
// values and columns or records: no scatter.
//
// "Comes before" is a strict total order: larger value first, -0.0 ties
// +0.0, NaN after every number (the interpreter's order), then smaller idx,
// then earlier column. Key sizes: f16 page form 16 + 5 + 11 bits (i32 keys,
// values decoded from the keys); f32 page form 32 + 5 + 24 (i64 keys sorted
// as doubles, values decoded). The hardware form's value key, idx and lane
// (53 or 69 bits) are more than a fast key holds: its key keeps the idx's
// high bits where the block's ids differ (11 for f16 in i32 keys, 24 for
// f32 in i64 keys), which orders exactly unless lower bits were dropped and
// two elements tie on the rest; such a block is sorted again, exactly, by
// two sorts (sortRecords). Values and ids follow the sorted lanes by
// register-wise permutations (permuteLanes).
//
#include "TileLowering.h"
#include "pto/TileStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

constexpr int64_t kBlock = 32;
constexpr unsigned kLaneBits = 5; // log2(kBlock)
/// The vector registers the code is shaped for (AVX2).
constexpr int64_t kRegisterBits = 256;

/// A splat constant of `type` (a vector of kBlock lanes).
Value splat(OpBuilder &b, Location loc, VectorType type, Attribute element) {
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, element));
}

Value splatInt(OpBuilder &b, Location loc, VectorType type, const APInt &value) {
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
Value constantLanes(OpBuilder &b, Location loc, VectorType type,
                    ArrayRef<T> lanes) {
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, lanes));
}

/// The i32 vector [0, 1, ..., kBlock - 1].
Value laneNumbers(OpBuilder &b, Location loc) {
  SmallVector<int32_t> lanes(kBlock);
  for (int32_t i = 0; i < kBlock; ++i)
    lanes[i] = i;
  return constantLanes(b, loc, VectorType::get({kBlock}, b.getI32Type()),
                       ArrayRef(lanes));
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

/// Stores lane i of `values` (i < count) at column start + i of row r: one
/// masked vector store into an ND row, element by element into a boxed tile.
void storeLanes(OpBuilder &b, Location loc, const LoweredTile &tile, Value r,
                Value start, Value count, Value values) {
  if (!tile.box) {
    auto maskType = VectorType::get(
        cast<VectorType>(values.getType()).getShape(), b.getI1Type());
    Value mask = vector::CreateMaskOp::create(b, loc, maskType, ValueRange{count});
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

/// `lanes` zero-extended to `type`'s element width (kept if it has it).
Value widen(OpBuilder &b, Location loc, VectorType type, Value lanes) {
  if (cast<VectorType>(lanes.getType()) == type)
    return lanes;
  return arith::ExtUIOp::create(b, loc, type, lanes);
}

/// `lanes` truncated to `type`'s element width (kept if it has it).
Value narrow(OpBuilder &b, Location loc, VectorType type, Value lanes) {
  if (cast<VectorType>(lanes.getType()) == type)
    return lanes;
  return arith::TruncIOp::create(b, loc, type, lanes);
}

/// The complemented lane numbers kBlock - 1 - i (i32): a larger one for an
/// earlier lane, so that equal keys above them tie by column.
Value complementedLanes(OpBuilder &b, Location loc) {
  auto type = VectorType::get({kBlock}, b.getI32Type());
  return arith::XOrIOp::create(b, loc, laneNumbers(b, loc),
                               splatInt(b, loc, type, kBlock - 1));
}

/// The lane number held at bit `shift` of sorted keys (as complementedLanes
/// put it there), as i32.
Value laneAt(OpBuilder &b, Location loc, Value keys, unsigned shift) {
  auto keyType = cast<VectorType>(keys.getType());
  auto type = VectorType::get({kBlock}, b.getI32Type());
  Value bits = narrow(
      b, loc, type,
      arith::ShRUIOp::create(b, loc, keys, splatInt(b, loc, keyType, shift)));
  return arith::XOrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, bits, splatInt(b, loc, type, kBlock - 1)),
      splatInt(b, loc, type, kBlock - 1));
}

/// The layout of a block's keys (signed integers, most significant first):
/// the value key (sortKeys), idBits bits of the idx (hardware form, see
/// recordIdBits), the complemented lane, then (page form) the value's sign
/// and mantissa where they fit. The lane makes every key distinct and ties
/// go by column; the bits below it order nothing but, with the value key,
/// give back the value's bits (NaN payloads and the sign of zero included),
/// so the page form's values need no permutation.
struct KeyLayout {
  unsigned width;   // of the value
  unsigned low;     // sign and mantissa bits, 0 if they do not fit
  unsigned idBits;  // of the idx, 0 in the page form
  VectorType type;  // i32 or i64 vector
  unsigned laneShift() const { return low; }
  unsigned idShift() const { return low + kLaneBits; }
  unsigned valueShift() const { return low + kLaneBits + idBits; }
  unsigned bits() const { return valueShift() + width; }
};

/// The widest key: signed, within +-2^60, which sortKeysUnordered can
/// bias into positive doubles.
constexpr unsigned kMaxKeyBits = 61;

/// Page form: value key, lane and the value's low bits (f16: 32 bits, i32
/// keys; f32: 61 bits, i64 keys). Hardware form: value key, idx bits and
/// lane in i32 keys for 16-bit values (11 idx bits) and in 61-bit i64 keys
/// for 32-bit ones (24 idx bits): the narrow key sorts twice as fast, and
/// recordIdBits makes up for the idx bits that do not fit.
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
  layout.type = VectorType::get(
      {kBlock}, layout.bits() <= 32 ? b.getI32Type() : b.getI64Type());
  return layout;
}

/// i64 keys from their low and high 32-bit words, in the lane order
/// `vpunpckldq`/`vpunpckhdq` give them within each 256-bit register (lanes
/// 0, 1, 4, 5, then 2, 3, 6, 7): the sort does not depend on its input's
/// order, and AVX2 builds the keys this way with one instruction per
/// register where widening each part to 64-bit lanes takes several.
Value joinWords(OpBuilder &b, Location loc, Value low, Value high) {
  constexpr int64_t perRegister = kRegisterBits / 32;
  SmallVector<int64_t> words;
  for (int64_t r = 0; r < kBlock; r += perRegister)
    for (int64_t q : {0, 1, 4, 5, 2, 3, 6, 7})
      words.append({r + q, kBlock + r + q});
  Value joined = vector::ShuffleOp::create(b, loc, low, high, words);
  return vector::BitCastOp::create(
      b, loc, VectorType::get({kBlock}, b.getI64Type()), joined);
}

/// The keys of a block of `values` and (hardware form, else null) `idBits`:
/// i32 lanes below 2^layout.idBits, the larger for the idx that comes first.
/// The keys' lanes are in an order of their own (joinWords), which the
/// sort does not depend on: the lane number is in the key.
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
        arith::ShLIOp::create(b, loc,
                              arith::ExtSIOp::create(b, loc, wordType, valueKey),
                              word(layout.valueShift())),
        below);
  // 64-bit keys hold 32-bit value keys (f32) above bit 29: the low word is
  // the value key's low bits and the parts below, the high word the value
  // key shifted down (sign-extended).
  assert(layout.width == 32 && layout.valueShift() < 32 && "f32 keys only");
  Value low = arith::OrIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, valueKey, word(layout.valueShift())),
      below);
  Value high = arith::ShRSIOp::create(b, loc, valueKey,
                                      word(32 - layout.valueShift()));
  return joinWords(b, loc, low, high);
}

/// The values of sorted keys: the magnitude from the value key (the
/// infinity's for NaN), or-ed with the mantissa and sign kept below.
Value decodeValues(OpBuilder &b, Location loc, const KeyLayout &layout,
                   Value keys, VectorType valueType) {
  unsigned width = layout.width;
  auto floatType = cast<FloatType>(valueType.getElementType());
  auto bitsType = VectorType::get({kBlock}, b.getIntegerType(width));
  auto constant = [&](const APInt &v) { return splatInt(b, loc, bitsType, v); };
  Value valueKey = narrow(
      b, loc, bitsType,
      arith::ShRSIOp::create(b, loc, keys,
                             splatInt(b, loc, layout.type, layout.valueShift())));
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
      arith::ShRUIOp::create(b, loc, extra, constant(APInt(width, layout.low - 1))),
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
/// register: docs/performance.md.)
/// `perRegister` lanes of `chunkLanes` per 128 bits make a register.
Value compareExchange(OpBuilder &b, Location loc, Value keys,
                      ArrayRef<int64_t> partnerLane, ArrayRef<bool> keepLarger,
                      int64_t perRegister, int64_t chunkLanes) {
  if (!isa<FloatType>(getElementTypeOrSelf(keys.getType()))) {
    Value other = vector::ShuffleOp::create(b, loc, keys, keys, partnerLane);
    Value greater = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                          keys, other);
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
        for (int64_t q = chunk * chunkLanes; q < (chunk + 1) * chunkLanes; ++q) {
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
  Value greater = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, y);
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
Value sortDescending(OpBuilder &b, Location loc, Value keys,
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

/// Sorts `keys` (i32, or i64 of at most kMaxKeyBits bits) descending,
/// returned in sortDescending's layout with its `order`. An i64 key is
/// sorted as a double: plus 2^60 + 2^52 it is the bits of a positive normal
/// double, and those order as the integers do (AVX2 has vector max and min
/// of doubles, not of i64). With `keepBias`, i64 keys come back with the
/// bias added: their bits below 52 are the key's, and two keys shifted
/// right by fewer than 52 bits are equal when the keys' are (the bias is a
/// multiple of 2^52), which is all the hardware form reads of them.
Value sortKeysUnordered(OpBuilder &b, Location loc, Value keys,
                        SmallVectorImpl<int64_t> &order, bool keepBias) {
  auto type = cast<VectorType>(keys.getType());
  if (type.getElementTypeBitWidth() != 64)
    return sortDescending(b, loc, keys, order);
  auto doubles = VectorType::get({kBlock}, b.getF64Type());
  Value bias = splatInt(b, loc, type, (uint64_t(1) << 60) + (uint64_t(1) << 52));
  Value sorted = arith::BitcastOp::create(
      b, loc, type,
      sortDescending(b, loc,
                     arith::BitcastOp::create(
                         b, loc, doubles, arith::AddIOp::create(b, loc, keys, bias)),
                     order));
  return keepBias ? sorted : arith::SubIOp::create(b, loc, sorted, bias).getResult();
}

/// `lanes` shuffled by `order`.
Value inOrder(OpBuilder &b, Location loc, Value lanes, ArrayRef<int64_t> order) {
  return vector::ShuffleOp::create(b, loc, lanes, lanes, order);
}

/// The low 32 bits of i64 keys in sortDescending's layout, shuffled by
/// `order`: in that layout register j holds elements j, j + 8, j + 16,
/// j + 24, so this is an 8x4 transpose, done with in-lane two-register
/// shuffles and 128-bit moves (12 instructions on AVX2: `vshufps`,
/// `vperm2f128`): LLVM lowers a truncation and shuffle of 32 lanes at once
/// to lane-crossing `vpermps`, which took a fifth of the f32 record form's
/// time on Zen 2 (docs/performance.md). Falls back to the plain shuffle
/// for any other layout (each step's lanes are tracked and checked
/// against `order`).
Value lowWordsInOrder(OpBuilder &b, Location loc, Value keys,
                      ArrayRef<int64_t> order) {
  auto wordType = VectorType::get({kBlock}, b.getI32Type());
  auto plain = [&] { return inOrder(b, loc, narrow(b, loc, wordType, keys), order); };
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
                vector::ExtractStridedSliceOp::create(b, loc, keys, {r * perRegister},
                                                      {perRegister}, {1})),
            {}};
    for (int64_t q = 0; q < perRegister; ++q)
      w.from.append({r * perRegister + q, -1});
    regs.push_back(std::move(w));
  }
  const int64_t even[] = {0, 2, 8, 10, 4, 6, 12, 14}; // vshufps 0x88
  const int64_t odd[] = {1, 3, 9, 11, 5, 7, 13, 15};  // vshufps 0xdd
  const int64_t low[] = {0, 1, 2, 3, 8, 9, 10, 11};   // vperm2f128 0x20
  const int64_t high[] = {4, 5, 6, 7, 12, 13, 14, 15}; // vperm2f128 0x31
  SmallVector<Words> pairs;
  for (int64_t m = 0; m < 4; ++m)
    pairs.push_back(shuffle(regs[2 * m], regs[2 * m + 1], even));
  Words qa = shuffle(pairs[0], pairs[1], even), qb = shuffle(pairs[0], pairs[1], odd);
  Words qc = shuffle(pairs[2], pairs[3], even), qd = shuffle(pairs[2], pairs[3], odd);
  Words parts[] = {shuffle(qa, qc, low), shuffle(qb, qd, low),
                   shuffle(qa, qc, high), shuffle(qb, qd, high)};
  Value result = zeros(b, loc, wordType);
  for (int64_t r = 0; r < 4; ++r) {
    for (int64_t i = 0; i < 8; ++i)
      if (parts[r].from[i] != order[8 * r + i])
        return plain();
    result = vector::InsertStridedSliceOp::create(b, loc, parts[r].value, result,
                                                  ArrayRef<int64_t>{8 * r},
                                                  ArrayRef<int64_t>{1});
  }
  return result;
}

/// `keys` sorted descending (sortKeysUnordered, in lane order).
Value sortKeysDescending(OpBuilder &b, Location loc, Value keys) {
  SmallVector<int64_t> order;
  Value sorted = sortKeysUnordered(b, loc, keys, order, /*keepBias=*/false);
  return inOrder(b, loc, sorted, order);
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
  Value bits = type == bitsType
                   ? lanes
                   : arith::BitcastOp::create(b, loc, bitsType, lanes).getResult();
  Value words = widen(b, loc, wordType, bits);

  constexpr int64_t perRegister = kRegisterBits / 32;
  auto registerType = VectorType::get({perRegister}, b.getI32Type());
  auto slice = [&](Value vector, int64_t r) -> Value {
    return vector::ExtractStridedSliceOp::create(b, loc, vector, {r * perRegister},
                                                 {perRegister}, {1});
  };
  SmallVector<Value> sources;
  for (int64_t r = 0; r < kBlock / perRegister; ++r)
    sources.push_back(slice(words, r));
  Value result = zeros(b, loc, wordType);
  for (int64_t r = 0; r < kBlock / perRegister; ++r) {
    Value index = slice(indices, r);
    Value within = arith::AndIOp::create(b, loc, index,
                                         splatInt(b, loc, registerType, perRegister - 1));
    SmallVector<Value> candidates;
    for (Value source : sources) {
      SmallVector<Value> elements;
      for (int64_t k = 0; k < perRegister; ++k) {
        Value at = arith::IndexCastOp::create(
            b, loc, b.getIndexType(),
            vector::ExtractOp::create(b, loc, within, ArrayRef<int64_t>{k}));
        elements.push_back(vector::ExtractOp::create(b, loc, source, OpFoldResult(at)));
      }
      candidates.push_back(
          vector::FromElementsOp::create(b, loc, registerType, elements));
    }
    // Halve the candidates by each bit above the low ones, lowest first.
    for (int64_t bit = perRegister; bit < kBlock; bit *= 2) {
      Value set = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne,
          arith::AndIOp::create(b, loc, index, splatInt(b, loc, registerType, bit)),
          zeros(b, loc, registerType));
      SmallVector<Value> chosen;
      for (size_t i = 0; i < candidates.size(); i += 2)
        chosen.push_back(arith::SelectOp::create(b, loc, set, candidates[i + 1],
                                                 candidates[i]));
      candidates = std::move(chosen);
    }
    result = vector::InsertStridedSliceOp::create(b, loc, candidates[0], result,
                                                  ArrayRef<int64_t>{r * perRegister},
                                                  ArrayRef<int64_t>{1});
  }
  Value permuted = narrow(b, loc, bitsType, result);
  return type == bitsType
             ? permuted
             : arith::BitcastOp::create(b, loc, type, permuted).getResult();
}

/// A block in sorted order: output lane k is source lane lanes[k] (i32,
/// page form only), its value and (hardware form) its idx.
struct SortedBlock {
  Value lanes, values, ids;
};

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
          b, loc, widen(b, loc, i64Type, arith::XOrIOp::create(b, loc, ids, allOnes)),
          splatInt(b, loc, i64Type, kLaneBits)),
      widen(b, loc, i64Type, complementedLanes(b, loc)));
  Value sortedById = sortKeysDescending(b, loc, byId);
  Value idsById = arith::XOrIOp::create(
      b, loc,
      narrow(b, loc, i32Type,
             arith::ShRUIOp::create(b, loc, sortedById,
                                    splatInt(b, loc, i64Type, kLaneBits))),
      allOnes);
  Value valuesById = permuteLanes(b, loc, values, laneAt(b, loc, sortedById, 0));
  KeyLayout byValue = keyLayout(b, valueType, /*withIds=*/false);
  Value sorted =
      sortKeysDescending(b, loc, blockKeys(b, loc, byValue, valuesById, Value()));
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
    parts.push_back(vector::ExtractStridedSliceOp::create(
        b, loc, lanes, {r}, {perRegister}, {1}));
  while (parts.size() > 1) {
    SmallVector<Value> smaller;
    for (size_t i = 0; i < parts.size(); i += 2) {
      if (width == 32) {
        smaller.push_back(arith::MinUIOp::create(b, loc, parts[i], parts[i + 1]));
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
    Value limit = splat(b, loc, registerType,
                        b.getFloatAttr(element, APFloat(APFloat::IEEEdouble(), bound)));
    below = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, parts[0], limit);
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
      arith::XOrIOp::create(b, loc, ids,
                            vector::BroadcastOp::create(b, loc, i32Type, first)),
      zeros(b, loc, i32Type));
  Value spread = vector::ReductionOp::create(b, loc, vector::CombiningKind::OR,
                                             differing);
  Value used = arith::SubIOp::create(
      b, loc, scalar(32), math::CountLeadingZerosOp::create(b, loc, spread));
  Value shift = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, used, scalar(layout.idBits)),
      scalar(0));
  // Smaller idx first: the key holds the complemented bits.
  Value idMask = splatInt(b, loc, i32Type, APInt::getLowBitsSet(32, layout.idBits));
  Value idBits = arith::XOrIOp::create(
      b, loc,
      arith::AndIOp::create(
          b, loc,
          arith::ShRUIOp::create(b, loc, ids,
                                 vector::BroadcastOp::create(b, loc, i32Type, shift)),
          idMask),
      idMask);

  // Lanes past the count are NaN with the largest idx: their idx bits are
  // 0, so they sort after every element (NaNs of the block by lane).
  SmallVector<int64_t> order;
  Value sorted = sortKeysUnordered(
      b, loc, blockKeys(b, loc, layout, values, idBits), order, /*keepBias=*/true);

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
  Value tied = anyBelow(b, loc, arith::XOrIOp::create(b, loc, sorted, neighbours),
                        layout.idShift());
  Value inexact = arith::AndIOp::create(
      b, loc, tied,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, shift, scalar(0)));

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

/// One sorted block, as `place` receives it.
struct Block {
  Value row, start, count, mask; // lanes [0, count) are columns start + i
  SortedBlock sorted;            // values and ids (hardware form) set
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
  // element (their lane is larger too), so they sort to the end (the
  // hardware form's single sort gives them keys of their own).
  auto valueType = VectorType::get(
      {kBlock}, getStorageElementType(src.type.getElementType()));
  auto floatType = cast<FloatType>(valueType.getElementType());
  Value nan = splat(b, loc, valueType,
                    b.getFloatAttr(floatType,
                                   APFloat::getNaN(floatType.getFloatSemantics())));
  Value values = loadLanes(b, loc, src, block.row, block.start, block.mask,
                           block.count, nan);
  Value ids;
  if (idx) {
    auto idType = VectorType::get({kBlock}, b.getI32Type());
    ids = loadLanes(b, loc, *idx, block.row, block.start, block.mask,
                    block.count, splatInt(b, loc, idType, APInt::getMaxValue(32)));
  }
  block.sorted = idx ? sortRecords(b, loc, values, ids, block.mask)
                     : sortPage(b, loc, values);
  place(block);
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

/// Page form: dst[r, start + k] = the value of output lane k,
/// idx[r, start + k] = its column.
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
              b, loc, block.sorted.lanes,
              vector::BroadcastOp::create(
                  b, loc, idType,
                  arith::IndexCastUIOp::create(b, loc, b.getI32Type(),
                                               block.start)));
          storeLanes(b, loc, dst, block.row, block.start, block.count,
                     block.sorted.values);
          storeLanes(b, loc, idx, block.row, block.start, block.count, columns);
        });
  });
  return success();
}

/// Hardware form: record k of the block starting at column j is written at
/// dst column j*slots + k*slots: the value, then (16-bit) a zero column,
/// then the idx's 32 bits in the following column(s), little-endian. The
/// records of a block are built in one vector and stored at once.
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
  // tsort32_c10 where src's valid cols are dynamic: without tmp only whole
  // blocks are sorted on the NPU, so a tail is a failure, not a result.
  Value tail, wholeBlocks;
  if (at.op.getIns().size() == 2) {
    tail = b.createOrFold<arith::RemUIOp>(loc, src.validCols,
                                          lowering.index(kBlock));
    wholeBlocks = lowering.equal(loc, tail, lowering.index(0));
  }
  auto writeRecords = [&] {
    auto laneType = VectorType::get({kBlock}, valueType);
    forEachSortedBlock(
        lowering, loc, src, &idx, dst.validRows, src.validCols,
        [&](const Block &block) {
          Value values = block.sorted.values;
          // The idx as value-typed columns: one for 32-bit values, its low
          // and high halves for 16-bit ones.
          auto idColumnsType =
              VectorType::get({kBlock * 32 / width}, valueType);
          Value idColumns =
              vector::BitCastOp::create(b, loc, idColumnsType, block.sorted.ids);
          Value records;
          if (width == 32) {
            records = interleave(b, loc, values, idColumns, 1);
          } else {
            Value valueAndZero = interleave(
                b, loc, values, zeros(b, loc, laneType), 1);
            records = interleave(b, loc, valueAndZero, idColumns, 2);
          }
          storeLanes(b, loc, dst, block.row,
                     arith::MulIOp::create(b, loc, block.start, slotsValue),
                     arith::MulIOp::create(b, loc, block.count, slotsValue),
                     records);
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
                           [&] {
                             lowering.guarded(
                                 op, wholeBlocks,
                                 Failure{RunTimeFailure::PartialSortBlock,
                                         {"src"}, {src.validCols, tail}},
                                 writeRecords);
                           });
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
