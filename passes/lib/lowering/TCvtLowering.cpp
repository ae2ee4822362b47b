//===- TCvtLowering.cpp - host lowering of tcvt ---------------------------===//
//
// pto.tcvt as pto-isa's CPU simulator converts (include/pto/cpu/TCvt.hpp,
// docs/semantics.md "tcvt"), as runtime/interp/ops/tcvt.py models it: the
// value in double, clamped first under saturation, a float rounded to an
// integer by the mode, each C++ cast one arith cast.
//
#include "ElementOpLowering.h"
#include "TInsertConversion.h"
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
/// One tcvt's element conversion, from the tile types and the modes.
class Conversion {
public:
  Conversion(TCvtOp op, const LoweredTile &src, const LoweredTile &dst)
      : src(src.type.getElementType()), dst(dst.type.getElementType()),
        mode(op.getRmode()), saturate(op.getSatMode() == SaturationMode::On) {}

  /// Whether the C++ casts of `v` (a source element) are undefined; null
  /// when they never are.
  Value undefined(OpBuilder &b, Location loc, Value v) const;
  /// The destination element (its storage type) for `v`.
  Value apply(OpBuilder &b, Location loc, Value v) const;
  /// Whether any element can be undefined.
  bool canBeUndefined() const {
    return (isFloat(src) && !isFloat(dst)) ||
           (saturate && src.isSignlessInteger(64));
  }

private:
  static bool isFloat(Type t) { return isa<FloatType>(t); }
  static bool isUnsigned(Type t) { return t.isUnsignedInteger(); }
  static Type storage(Type t) { return getStorageElementType(t); }

  Value toDouble(OpBuilder &b, Location loc, Type type, Value v) const;
  Value fromDouble(OpBuilder &b, Location loc, Type type, Value d) const;
  Value saturated(OpBuilder &b, Location loc, Value v) const;
  Value rounded(OpBuilder &b, Location loc, Value d) const;
  Value fits(OpBuilder &b, Location loc, Value d, Type type,
             bool throughInt64) const;

  Type src, dst;
  RoundMode mode;
  bool saturate;
};
} // namespace

static Value f64Constant(OpBuilder &b, Location loc, double value) {
  return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value));
}

/// SafeLimits<T> (TCvt.hpp:103-118) as doubles: F16_MAX for f16, the
/// type's lowest and max otherwise (an int64's max rounds to 2^63).
static std::pair<double, double> limits(Type type) {
  if (auto floatType = dyn_cast<FloatType>(type)) {
    double top = llvm::APFloat::getLargest(floatType.getFloatSemantics())
                     .convertToDouble();
    return {-top, top};
  }
  unsigned width = type.getIntOrFloatBitWidth();
  if (type.isUnsignedInteger())
    return {0.0, static_cast<double>(
                     llvm::APInt::getMaxValue(width).getZExtValue())};
  return {
      static_cast<double>(llvm::APInt::getSignedMinValue(width).getSExtValue()),
      static_cast<double>(
          llvm::APInt::getSignedMaxValue(width).getSExtValue())};
}

Value Conversion::toDouble(OpBuilder &b, Location loc, Type type,
                           Value v) const {
  Type f64 = b.getF64Type();
  if (type.isBF16())
    v = arith::ExtFOp::create(b, loc, b.getF32Type(), v);
  if (isFloat(type))
    return arith::ExtFOp::create(b, loc, f64, v);
  if (isUnsigned(type))
    return arith::UIToFPOp::create(b, loc, f64, v);
  return arith::SIToFPOp::create(b, loc, f64, v);
}

/// static_cast<T>(d) of a double: rounded to nearest even for a float
/// (bf16 through f32, exact for the values saturation gives it), truncated
/// for an integer (whose range fits() checked).
Value Conversion::fromDouble(OpBuilder &b, Location loc, Type type,
                             Value d) const {
  if (type.isBF16())
    return plainCast(b, loc, arith::TruncFOp::create(b, loc, b.getF32Type(), d),
                     type);
  if (isFloat(type))
    return narrowed(b, loc, type, d);
  Type bits = storage(type);
  if (isUnsigned(type))
    return arith::FPToUIOp::create(b, loc, bits, d);
  return arith::FPToSIOp::create(b, loc, bits, d);
}

/// TCvt.hpp:212-220: the source value clamped, in double, to the range of
/// both types (clamp_value's std::max(lo, std::min(hi, d)): NaN becomes hi),
/// and cast back to the source type.
Value Conversion::saturated(OpBuilder &b, Location loc, Value v) const {
  auto [srcLow, srcHigh] = limits(src);
  auto [dstLow, dstHigh] = limits(dst);
  Value d = toDouble(b, loc, src, v);
  Value high = f64Constant(b, loc, std::min(srcHigh, dstHigh));
  Value low = f64Constant(b, loc, std::max(srcLow, dstLow));
  using P = arith::CmpFPredicate;
  Value below = arith::SelectOp::create(
      b, loc, arith::CmpFOp::create(b, loc, P::OLT, d, high), d, high);
  return arith::SelectOp::create(
      b, loc, arith::CmpFOp::create(b, loc, P::OLT, low, below), below, low);
}

/// applyRoundingToIntegral (TCvt.hpp:66-97).
Value Conversion::rounded(OpBuilder &b, Location loc, Value d) const {
  switch (mode) {
  case RoundMode::None:
    return d;
  case RoundMode::Rint:
  case RoundMode::CastRint:
    return math::RoundEvenOp::create(b, loc, d);
  case RoundMode::Round:
    return math::RoundOp::create(b, loc, d);
  case RoundMode::Floor:
    return math::FloorOp::create(b, loc, d);
  case RoundMode::Ceil:
    return math::CeilOp::create(b, loc, d);
  case RoundMode::Trunc:
    return math::TruncOp::create(b, loc, d);
  case RoundMode::Odd: {
    // The nearer of floor and floor + 1, a tie to the odd one.
    using P = arith::CmpFPredicate;
    Value f = math::FloorOp::create(b, loc, d);
    Value frac = arith::SubFOp::create(b, loc, d, f);
    Value half = f64Constant(b, loc, 0.5);
    Value up = arith::AddFOp::create(b, loc, f, f64Constant(b, loc, 1.0));
    Value odd = arith::CmpFOp::create(
        b, loc, P::ONE,
        arith::RemFOp::create(b, loc, f, f64Constant(b, loc, 2.0)),
        f64Constant(b, loc, 0.0));
    Value tie = arith::SelectOp::create(b, loc, odd, f, up);
    Value below = arith::SelectOp::create(
        b, loc, arith::CmpFOp::create(b, loc, P::OLT, frac, half), f, tie);
    return arith::SelectOp::create(
        b, loc, arith::CmpFOp::create(b, loc, P::OGT, frac, half), up, below);
  }
  }
  llvm_unreachable("every RoundMode rounds");
}

/// Whether static_cast<T>(d) is defined: d's truncation lies in T's range
/// (an int64's when the cast goes through int64). False for NaN.
Value Conversion::fits(OpBuilder &b, Location loc, Value d, Type type,
                       bool throughInt64) const {
  unsigned width = throughInt64 ? 64 : type.getIntOrFloatBitWidth();
  bool fromZero = isUnsigned(type) && !throughInt64;
  double low = fromZero ? 0.0 : -std::ldexp(1.0, width - 1);
  double high = std::ldexp(1.0, fromZero ? width : width - 1);
  using P = arith::CmpFPredicate;
  Value t = math::TruncOp::create(b, loc, d);
  return arith::AndIOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, P::OGE, t, f64Constant(b, loc, low)),
      arith::CmpFOp::create(b, loc, P::OLT, t, f64Constant(b, loc, high)));
}

Value Conversion::undefined(OpBuilder &b, Location loc, Value v) const {
  Value ok;
  if (saturate) {
    Value d = saturated(b, loc, v);
    if (!isFloat(src)) {
      ok = fits(b, loc, d, src, /*throughInt64=*/false);
      // What the cast back gives where it is defined (0 elsewhere).
      d = arith::SelectOp::create(b, loc, ok, d, f64Constant(b, loc, 0.0));
    }
    v = fromDouble(b, loc, src, d);
  }
  if (isFloat(src) && !isFloat(dst)) {
    // TCvt.hpp:190: a uint8 is cast from int64.
    Value fit = fits(b, loc, rounded(b, loc, toDouble(b, loc, src, v)), dst,
                     /*throughInt64=*/dst.isUnsignedInteger(8));
    ok = ok ? arith::AndIOp::create(b, loc, ok, fit) : fit;
  }
  Value one = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  return arith::XOrIOp::create(b, loc, ok, one);
}

/// convert_value (TCvt.hpp:158-201) after the saturation of TCvt_Impl.
Value Conversion::apply(OpBuilder &b, Location loc, Value v) const {
  if (saturate)
    v = fromDouble(b, loc, src, saturated(b, loc, v));
  Type to = storage(dst);
  if (isFloat(src) && !isFloat(dst)) {
    Value t = math::TruncOp::create(b, loc,
                                    rounded(b, loc, toDouble(b, loc, src, v)));
    Value wide = arith::FPToSIOp::create(b, loc, b.getI64Type(), t);
    return to.isInteger(64) ? wide : arith::TruncIOp::create(b, loc, to, wide);
  }
  if (!isFloat(src) && isFloat(dst))
    return fromDouble(b, loc, dst, toDouble(b, loc, src, v));
  if (isFloat(src)) {
    // static_cast between floats: exact to a wider one, else rounded once
    // (bf16 -> f16 through f32, which holds a bf16).
    if (src == dst)
      return v;
    if (src.getIntOrFloatBitWidth() < dst.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, dst, v);
    if (src.isBF16())
      v = arith::ExtFOp::create(b, loc, b.getF32Type(), v);
    return plainCast(b, loc, v, dst);
  }
  // Integers: wrapped to a narrower type, extended by the source's sign.
  unsigned from = src.getIntOrFloatBitWidth(),
           width = to.getIntOrFloatBitWidth();
  if (from == width)
    return v;
  if (from > width)
    return arith::TruncIOp::create(b, loc, to, v);
  if (isUnsigned(src))
    return arith::ExtUIOp::create(b, loc, to, v);
  return arith::ExtSIOp::create(b, loc, to, v);
}

LogicalResult mlir::pto::lowerTCvt(TCvtOp cvt, TileLowering &lowering) {
  Operation *op = cvt;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(cvt.getDst());
  LoweredTile src = at.source(cvt.getSrc());
  Conversion conversion(cvt, src, dst);
  auto compute = [&] {
    buildRegionLoops(
        lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
          dst.store(b, loc, conversion.apply(b, loc, src.load(b, loc, r, c)), r,
                    c);
        });
  };
  lowering.guardedSameValidShapes(op, {"src", "dst"}, {&src, &dst}, [&] {
    if (!conversion.canBeUndefined())
      return compute();
    lowering.guardedEveryElement(
        op, src, Failure{RunTimeFailure::ConversionUndefined, {"src"}, {}},
        [&](OpBuilder &cb, Location cl, Value element) {
          return conversion.undefined(cb, cl, element);
        },
        compute);
  });
  return success();
}
