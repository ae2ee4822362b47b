//===- TInsertConversion.cpp - element conversions of tinsert/textract ----===//
//
// Mirrors runtime/ops/tinsert_conversion.py step by step (the interpreter is
// the oracle): relu in the source type then the plain cast; or the quant word's
// fields, the pair's formula in f32, relu last, then the cast to the
// destination (NaN -> 0 for integers). No fast-math flags: numpy rounds
// every step, so must we (no FMA contraction).
//
#include "TInsertConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

constexpr uint64_t kScalarScaleMask = 0xFFFFFFFFull;
// Vector words hold a (1,8,10) float: the low 13 mantissa bits are dropped.
constexpr uint64_t kVectorScaleMask = 0xFFFFE000ull;
constexpr float kF16Max = 65504.0f;

/// `type`, or a vector of it shaped like `like` when that is a vector: the
/// conversion works on one element or on a vector of them alike.
Type shapedLike(Type type, Value like) {
  if (auto vector = dyn_cast<VectorType>(like.getType()))
    return VectorType::get(vector.getShape(), type);
  return type;
}

/// The constant `value`, shaped like `like`.
Value constantLike(OpBuilder &b, Location loc, TypedAttr value, Value like) {
  if (auto vector = dyn_cast<VectorType>(shapedLike(value.getType(), like)))
    return arith::ConstantOp::create(b, loc, vector,
                                     DenseElementsAttr::get(vector, value));
  return arith::ConstantOp::create(b, loc, value);
}

Value f32Constant(OpBuilder &b, Location loc, float value, Value like) {
  return constantLike(b, loc, b.getF32FloatAttr(value), like);
}

Value i64Constant(OpBuilder &b, Location loc, uint64_t value, Value like) {
  return constantLike(b, loc, b.getI64IntegerAttr(static_cast<int64_t>(value)),
                      like);
}

/// numpy's clip: NaN passes through (both compares are false for it).
/// Compares and selects, not maximumf/minimumf, which LLVM does not
/// vectorize on x86; they differ only in the sign of a zero result when a
/// bound is zero, which the integer conversion that follows drops.
Value clip(OpBuilder &b, Location loc, Value v, Value low, Value high) {
  using P = arith::CmpFPredicate;
  Value atLeast = arith::SelectOp::create(
      b, loc, arith::CmpFOp::create(b, loc, P::OLT, v, low), low, v);
  return arith::SelectOp::create(
      b, loc, arith::CmpFOp::create(b, loc, P::OGT, atLeast, high), high,
      atLeast);
}

Value isNaN(OpBuilder &b, Location loc, Value v) {
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
}

/// `(word >> shift) & mask` as an i64.
Value field(OpBuilder &b, Location loc, Value word, int64_t shift,
            uint64_t mask) {
  Value shifted =
      arith::ShRUIOp::create(b, loc, word, i64Constant(b, loc, shift, word));
  return arith::AndIOp::create(b, loc, shifted,
                               i64Constant(b, loc, mask, word));
}

/// float -> integer as the simulator's x86 code does: NaN -> 0, then the
/// value (already clamped to the 8-bit range) truncated to the width.
Value floatToInteger(OpBuilder &b, Location loc, Value v, Type dstType) {
  Value zero = f32Constant(b, loc, 0.0f, v);
  Value finite = arith::SelectOp::create(b, loc, isNaN(b, loc, v), zero, v);
  Value wide =
      arith::FPToSIOp::create(b, loc, shapedLike(b.getI32Type(), v), finite);
  return arith::TruncIOp::create(b, loc, shapedLike(dstType, v), wide);
}

/// The NaN numpy (f16) and ml_dtypes (bf16) make of the f32 NaN `v`: the
/// sign, then f16: the top 10 payload bits as they are (a signaling NaN
/// stays signaling, where the CPU's conversion would quiet it) or payload 1
/// if they are all zero; bf16: the canonical quiet NaN.
Value numpyNaN(OpBuilder &b, Location loc, Value v, Type dstType) {
  Type i32 = shapedLike(b.getI32Type(), v);
  auto c32 = [&](int64_t x) -> Value {
    return constantLike(b, loc, b.getI32IntegerAttr(x), v);
  };
  Value bits = arith::BitcastOp::create(b, loc, i32, v);
  Value sign = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, c32(16)), c32(0x8000));
  Value rest = c32(0x7FC0);
  if (dstType.isF16()) {
    Value payload = arith::ShRUIOp::create(
        b, loc, arith::AndIOp::create(b, loc, bits, c32(0x7FFFFF)), c32(13));
    payload = arith::MaxUIOp::create(b, loc, payload, c32(1));
    rest = arith::OrIOp::create(b, loc, c32(0x7C00), payload);
  }
  Value half = arith::OrIOp::create(b, loc, sign, rest);
  return arith::BitcastOp::create(
      b, loc, shapedLike(dstType, v),
      arith::TruncIOp::create(b, loc, shapedLike(b.getI16Type(), v), half));
}

} // namespace

Value mlir::pto::applyRelu(OpBuilder &b, Location loc, Value v) {
  Type type = v.getType();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  Value positive =
      isa<FloatType>(getElementTypeOrSelf(type))
          ? arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, v, zero)
                .getResult()
          : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, v, zero)
                .getResult();
  return arith::SelectOp::create(b, loc, positive, v, zero);
}

Value mlir::pto::plainCast(OpBuilder &b, Location loc, Value v, Type dstType) {
  if (getElementTypeOrSelf(v) == dstType)
    return v;
  Value rounded = arith::TruncFOp::create(b, loc, shapedLike(dstType, v), v);
  Value nan = isNaN(b, loc, v);
  return arith::SelectOp::create(b, loc, nan, numpyNaN(b, loc, v, dstType),
                                 rounded);
}

FailureOr<ElementConversion>
ElementConversion::get(Operation *op, TileLowering &lowering,
                       const LoweredTile &src, const LoweredTile &dst,
                       Value quant, bool relu, bool saturate) {
  ElementConversion conv;
  Type srcElement = src.type.getElementType(),
       dstElement = dst.type.getElementType();
  conv.srcType = getStorageElementType(srcElement);
  conv.dstType = getStorageElementType(dstElement);
  conv.relu = relu;
  conv.saturate = saturate;
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  if (!quant) {
    // Pairs of different types without quant are f32 -> f16/bf16 (verifier).
    if (conv.srcType != conv.dstType &&
        !(conv.srcType.isF32() && isa<FloatType>(conv.dstType)))
      return op->emitOpError() << "converts " << typeToString(srcElement)
                               << " to " << typeToString(dstElement)
                               << " without quant, which the host lowering "
                                  "does not support";
    return conv;
  }
  bool vector = lowering.isTile(quant);
  if (vector)
    conv.fp = lowering.lookup(quant);
  else
    conv.scalarWord = lowering.signlessScalar(loc, quant);
  Type s = conv.srcType, d = conv.dstType;
  bool defined = (s.isInteger(32) && d.isInteger(16)) ||
                 ((s.isF32() || s.isInteger(32)) && d.isInteger(8)) ||
                 (s.isInteger(32) && d.isF16()) ||
                 (s.isF32() && (d.isF16() || d.isBF16()) && !vector);
  if (!defined) {
    conv.undefined = arith::ConstantIntOp::create(b, loc, 0, 1);
    conv.undefinedWhat.text = {vector ? "vector" : "scalar",
                               typeToString(srcElement),
                               typeToString(dstElement)};
  }
  return conv;
}

Value ElementConversion::fpColumnsCheck(TileLowering &lowering, Location loc,
                                        Value firstColumn,
                                        Value columns) const {
  if (!fp)
    return {};
  OpBuilder &b = lowering.getBuilder();
  Value end = b.createOrFold<arith::AddIOp>(loc, firstColumn, columns);
  return b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::ule, end,
                                       fp->validCols);
}

Failure ElementConversion::fpColumnsFailure(TileLowering &lowering,
                                            Location loc, Value firstColumn,
                                            Value columns) const {
  OpBuilder &b = lowering.getBuilder();
  Value end = b.createOrFold<arith::AddIOp>(loc, firstColumn, columns);
  Value last = b.createOrFold<arith::SubIOp>(loc, end, lowering.index(1));
  return Failure{RunTimeFailure::FpColumnsTooFew,
                 {"fp"},
                 {fp->validCols, firstColumn, last}};
}

Value ElementConversion::columnWords(OpBuilder &b, Location loc,
                                     Value srcColumn, int64_t lanes) const {
  if (!fp)
    return {};
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  if (!lanes)
    return fp->load(b, loc, zero, srcColumn);
  // Element loads, whatever fp's layout: they run once per run of columns.
  SmallVector<Value> words;
  for (int64_t i = 0; i < lanes; ++i) {
    Value column = arith::AddIOp::create(
        b, loc, srcColumn, arith::ConstantIndexOp::create(b, loc, i));
    words.push_back(fp->load(b, loc, zero, column));
  }
  auto type = VectorType::get({lanes}, words.front().getType());
  return vector::FromElementsOp::create(b, loc, type, words);
}

Value ElementConversion::apply(OpBuilder &b, Location loc, Value value,
                               Value words) const {
  if (!scalarWord && !fp)
    return plainCast(b, loc, relu ? applyRelu(b, loc, value) : value, dstType);
  Value word = fp ? words : scalarWord;
  if (!fp && isa<VectorType>(value.getType()))
    word = vector::BroadcastOp::create(b, loc,
                                       shapedLike(word.getType(), value), word);
  return quantize(b, loc, value, word);
}

Value ElementConversion::quantize(OpBuilder &b, Location loc, Value value,
                                  Value word) const {
  if (undefined)
    return arith::ConstantOp::create(b, loc,
                                     b.getZeroAttr(shapedLike(dstType, value)));
  Type f32 = shapedLike(b.getF32Type(), value);
  auto f32Like = [&](float x) { return f32Constant(b, loc, x, value); };
  auto finish = [&](Value result) {
    if (relu)
      result = applyRelu(b, loc, result);
    Type resultElement = getElementTypeOrSelf(result);
    if (isa<IntegerType>(dstType) && isa<FloatType>(resultElement))
      return floatToInteger(b, loc, result, dstType);
    if (resultElement == dstType)
      return result;
    if (isa<IntegerType>(dstType))
      return arith::TruncIOp::create(b, loc, shapedLike(dstType, result),
                                     result)
          .getResult();
    return plainCast(b, loc, result, dstType);
  };

  if (srcType.isInteger(32) && dstType.isInteger(16)) {
    // int16(src >> (k + 1)), wrapping.
    Value k = arith::TruncIOp::create(b, loc, shapedLike(b.getI32Type(), value),
                                      field(b, loc, word, 32, 0xF));
    Value one = constantLike(b, loc, b.getI32IntegerAttr(1), value);
    Value shifted = arith::ShRSIOp::create(
        b, loc, value, arith::AddIOp::create(b, loc, k, one));
    return finish(
        arith::TruncIOp::create(b, loc, shapedLike(dstType, value), shifted));
  }

  uint64_t mask = fp ? kVectorScaleMask : kScalarScaleMask;
  Value scaleBits = arith::TruncIOp::create(
      b, loc, shapedLike(b.getI32Type(), value),
      arith::AndIOp::create(b, loc, word, i64Constant(b, loc, mask, word)));
  Value scale = arith::BitcastOp::create(b, loc, f32, scaleBits);
  Value asF32 = srcType.isF32()
                    ? value
                    : arith::SIToFPOp::create(b, loc, f32, value).getResult();
  Value scaled = arith::MulFOp::create(b, loc, asF32, scale);
  Value f16Max = f32Like(kF16Max), f16Min = f32Like(-kF16Max);

  if (dstType.isInteger(8)) {
    // round-half-even(f32(src) * scale + offset), clamped by the sign bit.
    Value offset =
        arith::UIToFPOp::create(b, loc, f32, field(b, loc, word, 37, 0x1FF));
    Value rounded = math::RoundEvenOp::create(
        b, loc, arith::AddFOp::create(b, loc, scaled, offset));
    Value isSigned = arith::TruncIOp::create(
        b, loc, shapedLike(b.getI1Type(), value), field(b, loc, word, 46, 1));
    Value low = arith::SelectOp::create(b, loc, isSigned, f32Like(-128.0f),
                                        f32Like(0.0f));
    Value high = arith::SelectOp::create(b, loc, isSigned, f32Like(127.0f),
                                         f32Like(255.0f));
    return finish(clip(b, loc, rounded, low, high));
  }
  if (srcType.isInteger(32)) // i32 -> f16
    return finish(clip(b, loc, scaled, f16Min, f16Max));
  // f32 -> bf16, scalar word (QF322BF16_PRE, include/pto/cpu/common.hpp:154):
  // its clamp to +-FLT_MAX changes no finite value and, without saturation
  // (which the verifier allows for f16 only), inf and NaN pass.
  if (dstType.isBF16())
    return finish(scaled);
  // f32 -> f16, scalar word.
  Value clipped = clip(b, loc, scaled, f16Min, f16Max);
  if (saturate) {
    Value zero = f32Like(0.0f);
    Value noNaN =
        arith::SelectOp::create(b, loc, isNaN(b, loc, scaled), zero, scaled);
    return finish(clip(b, loc, noNaN, f16Min, f16Max));
  }
  // Without saturation inf and NaN pass; finite values clamp.
  Value absolute = math::AbsFOp::create(b, loc, scaled);
  Value finite = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE,
                                       absolute, f32Like(INFINITY));
  return finish(arith::SelectOp::create(b, loc, finite, clipped, scaled));
}
