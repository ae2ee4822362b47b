//===- ElementOpLowering.cpp - one element of an elementwise op -----------===//
#include "ElementOpLowering.h"
#include "TInsertConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::pto;

/// `lhs <mode> rhs` as C++ compares two elements of `elementType`: ordered
/// for floats (false when either is NaN) but for ne (true then), by the
/// integer's signedness. bf16 is compared in f32 (exact): LLVM's own bf16
/// comparison treats a subnormal as zero on a CPU without AVX512-BF16
/// (tmaxs of -0 and the smallest one).
Value mlir::pto::buildCompare(OpBuilder &b, Location loc, CmpMode mode,
                              Type elementType, Value lhs, Value rhs) {
  struct Predicates {
    arith::CmpFPredicate real;
    arith::CmpIPredicate signedInt, unsignedInt;
  };
  using F = arith::CmpFPredicate;
  using I = arith::CmpIPredicate;
  auto predicates = [&]() -> Predicates {
    switch (mode) {
    case CmpMode::EQ:
      return {F::OEQ, I::eq, I::eq};
    case CmpMode::NE:
      return {F::UNE, I::ne, I::ne};
    case CmpMode::LT:
      return {F::OLT, I::slt, I::ult};
    case CmpMode::LE:
      return {F::OLE, I::sle, I::ule};
    case CmpMode::GT:
      return {F::OGT, I::sgt, I::ugt};
    case CmpMode::GE:
      return {F::OGE, I::sge, I::uge};
    }
    llvm_unreachable("a compare mode");
  }();
  if (elementType.isBF16()) {
    Type f32 = b.getF32Type();
    lhs = arith::ExtFOp::create(b, loc, f32, lhs);
    rhs = arith::ExtFOp::create(b, loc, f32, rhs);
  }
  if (isa<FloatType>(elementType))
    return arith::CmpFOp::create(b, loc, predicates.real, lhs, rhs);
  return arith::CmpIOp::create(b, loc,
                               elementType.isUnsignedInteger()
                                   ? predicates.unsignedInt
                                   : predicates.signedInt,
                               lhs, rhs);
}

Value mlir::pto::buildLessThan(OpBuilder &b, Location loc, Type elementType,
                               Value lhs, Value rhs) {
  return buildCompare(b, loc, CmpMode::LT, elementType, lhs, rhs);
}

/// `cond ? x : y`. bf16 values are selected as their bits, so that the
/// result is one operand's bits whatever LLVM's promotion of bf16 values to
/// f32 does on a CPU without AVX512-BF16 (its comparisons flush subnormals:
/// buildLessThan).
Value mlir::pto::selectElement(OpBuilder &b, Location loc, Value cond, Value x,
                               Value y) {
  Type type = x.getType();
  if (!type.isBF16())
    return arith::SelectOp::create(b, loc, cond, x, y);
  Type bits = b.getI16Type();
  Value chosen = arith::SelectOp::create(
      b, loc, cond, arith::BitcastOp::create(b, loc, bits, x),
      arith::BitcastOp::create(b, loc, bits, y));
  return arith::BitcastOp::create(b, loc, type, chosen);
}

/// One arithmetic operation of floats `FloatOp` or integers `IntOp`. bf16 is
/// computed in f32 and rounded back as tinsert's conversions round (round
/// to nearest even, NaN keeping its sign; plainCast, whose truncf
/// pto-to-llvm expands into integer code): LLVM's own bf16 arithmetic
/// flushes subnormal results to zero on a CPU without AVX512-BF16.
template <typename FloatOp, typename IntOp>
static Value arithmetic(OpBuilder &b, Location loc, Type elementType, Value lhs,
                        Value rhs) {
  if (!isa<FloatType>(elementType))
    return IntOp::create(b, loc, lhs, rhs);
  if (!elementType.isBF16())
    return FloatOp::create(b, loc, lhs, rhs);
  Type f32 = b.getF32Type();
  Value wide = FloatOp::create(b, loc, arith::ExtFOp::create(b, loc, f32, lhs),
                               arith::ExtFOp::create(b, loc, f32, rhs));
  return plainCast(b, loc, wide, elementType);
}

/// A constant `value` of `type` (a float or an integer type).
static Value constant(OpBuilder &b, Location loc, Type type, int64_t value) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc, b.getFloatAttr(floatType, static_cast<double>(value)));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
}

/// The f64 `x` rounded once (to nearest even) to `type`. LLVM lowers an
/// f64 -> f16 truncation to a call of the compiler runtime's
/// `__truncdfhf2`, which the JIT does not resolve; so f16 is reached
/// through f32 rounded to odd (toward zero, its last bit set when inexact),
/// whose 24 bits are more than f16's 11 + 2: the second rounding then gives
/// the bits of the one rounding (the round-to-odd theorem).
Value mlir::pto::narrowed(OpBuilder &b, Location loc, Type type, Value x) {
  if (!type.isF16())
    return arith::TruncFOp::create(b, loc, type, x);
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  Value nearest = arith::TruncFOp::create(b, loc, f32, x);
  Value back = arith::ExtFOp::create(b, loc, x.getType(), nearest);
  // Ordered: a NaN (unequal to itself) is kept as it is.
  Value inexact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, back, x);
  // Rounded away from zero: one step back toward it (the bits of a float
  // of one sign are ordered as its magnitude; `nearest` is not zero then).
  Value away = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     math::AbsFOp::create(b, loc, back),
                                     math::AbsFOp::create(b, loc, x));
  Value bits = arith::BitcastOp::create(b, loc, i32, nearest);
  Value towardZero = arith::SelectOp::create(
      b, loc, away,
      arith::SubIOp::create(b, loc, bits, constant(b, loc, i32, 1)), bits);
  Value odd =
      arith::OrIOp::create(b, loc, towardZero, constant(b, loc, i32, 1));
  Value rounded = arith::BitcastOp::create(
      b, loc, f32, arith::SelectOp::create(b, loc, inexact, odd, bits));
  return arith::TruncFOp::create(b, loc, type, rounded);
}

/// `(T)f((W)x)`, the simulator's libm call on `x` widened to `W`
/// (`MathOp`, which pto-std-to-llvm lowers to the LLVM intrinsic that the
/// backend calls libm's `exp`/`expf`/`log` for, or the IEEE square root),
/// rounded once back to x's type.
template <typename MathOp>
static Value libmCall(OpBuilder &b, Location loc, FloatType wide, Value x) {
  Type type = x.getType();
  Value result = MathOp::create(b, loc, arith::ExtFOp::create(b, loc, wide, x));
  return wide.isF64() ? narrowed(b, loc, type, result)
                      : Value(arith::TruncFOp::create(b, loc, type, result));
}

/// `x` with its quiet bit (the top bit of the fraction) set where it is a
/// NaN: what x86's conversions of a float do to a signalling NaN, which
/// LLVM's bit operations (fabs, fneg) keep as it is.
static Value quieted(OpBuilder &b, Location loc, Value x) {
  auto type = cast<FloatType>(x.getType());
  Type bitsType = b.getIntegerType(type.getWidth());
  unsigned fractionBits =
      llvm::APFloat::semanticsPrecision(type.getFloatSemantics()) - 1;
  Value bits = arith::BitcastOp::create(b, loc, bitsType, x);
  Value quiet = arith::OrIOp::create(
      b, loc, bits,
      constant(b, loc, bitsType, int64_t(1) << (fractionBits - 1)));
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  return arith::BitcastOp::create(
      b, loc, type, arith::SelectOp::create(b, loc, isNaN, quiet, bits));
}

/// `-x` of a float: its sign bit flipped, in integer code (LLVM's fneg of
/// bf16 goes through f32 and its truncation back, which flushes subnormals
/// on a CPU without AVX512-BF16).
static Value signFlipped(OpBuilder &b, Location loc, Value x) {
  auto type = cast<FloatType>(x.getType());
  Type bitsType = b.getIntegerType(type.getWidth());
  Value bits = arith::BitcastOp::create(b, loc, bitsType, x);
  Value sign = constant(b, loc, bitsType, int64_t(1) << (type.getWidth() - 1));
  return arith::BitcastOp::create(b, loc, type,
                                  arith::XOrIOp::create(b, loc, bits, sign));
}

/// The unary ElementOps (OP_ABS ... OP_RELU, include/pto/cpu/ElementOp.h);
/// `x` is a value of `elementType`'s storage type.
static Value buildUnaryElementOp(OpBuilder &b, Location loc, ElementOp op,
                                 Type elementType, Value x) {
  Type type = x.getType();
  bool isFloat = isa<FloatType>(type);
  switch (op) {
  case ElementOp::Abs: {
    // TAbs.hpp: `x < 0 ? -x : x`: NaN and -0 kept; for integers the most
    // negative value is its own negation (x86 wraps).
    Value negated = isFloat ? signFlipped(b, loc, x)
                            : Value(arith::SubIOp::create(
                                  b, loc, constant(b, loc, type, 0), x));
    return arith::SelectOp::create(
        b, loc,
        buildLessThan(b, loc, elementType, x, constant(b, loc, type, 0)),
        negated, x);
  }
  case ElementOp::Neg:
    // -x: the sign flipped for floats (of a quiet NaN for f16 and bf16,
    // which C++ negates in float), two's complement for integers.
    if (isFloat)
      return signFlipped(b, loc, type.isF32() ? x : quieted(b, loc, x));
    return arith::SubIOp::create(b, loc, constant(b, loc, type, 0), x);
  case ElementOp::Not:
    return arith::XOrIOp::create(b, loc, x, constant(b, loc, type, -1));
  case ElementOp::Relu: {
    // std::max(x, 0) = (x < 0) ? 0 : x: NaN and -0 are kept.
    Value zero = constant(b, loc, type, 0);
    return arith::SelectOp::create(
        b, loc, buildLessThan(b, loc, elementType, x, zero), zero, x);
  }
  case ElementOp::Exp:
    // f16: (half)expf((float)x), the simulator's aclFloat16 case; f32:
    // (float)exp((double)x).
    return libmCall<math::ExpOp>(
        b, loc, type.isF16() ? b.getF32Type() : b.getF64Type(), x);
  case ElementOp::Log:
    return libmCall<math::LogOp>(b, loc, b.getF64Type(), x);
  case ElementOp::Sqrt:
    return libmCall<math::SqrtOp>(b, loc, b.getF64Type(), x);
  case ElementOp::Rsqrt: {
    // (T)(1.0 / std::sqrt((double)x)) (TRSqrt.hpp, which does not assert:
    // +-0 gives +-inf).
    Type f64 = b.getF64Type();
    Value root =
        math::SqrtOp::create(b, loc, arith::ExtFOp::create(b, loc, f64, x));
    Value quotient =
        arith::DivFOp::create(b, loc, constant(b, loc, f64, 1), root);
    return narrowed(b, loc, type, quotient);
  }
  case ElementOp::Recip:
    // 1 / x in T (f16 promoted to f32 and rounded back, as GCC computes
    // _Float16 and LLVM legalizes it).
    return arith::DivFOp::create(b, loc, constant(b, loc, type, 1), x);
  default:
    llvm_unreachable("a binary ElementOp");
  }
}

/// C++'s `x >= 0` of an element (false for NaN; bf16 compared in f32, as
/// buildLessThan says why).
static Value atLeastZero(OpBuilder &b, Location loc, Value x) {
  if (x.getType().isBF16())
    x = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x,
                               constant(b, loc, x.getType(), 0));
}

/// OP_REM and OP_REMS (include/pto/cpu/ElementOp.h:199, :444), floats only:
/// `dst = T(fmod(double(src0), double(src1)))`, then `dst += src1` (one
/// more operation of T, rounded) where `(src0 >= 0) != (src1 >= 0)` and
/// `dst != 0`. fmod's result is exact in any format that holds its
/// operands, so it is computed in T (f16 in f32, bf16 in f32 rounded back
/// as `arithmetic` does): the same bits as the simulator's double.
static Value buildRem(OpBuilder &b, Location loc, Type elementType, Value lhs,
                      Value rhs) {
  Value rem =
      arithmetic<arith::RemFOp, arith::RemSIOp>(b, loc, elementType, lhs, rhs);
  Value signsDiffer = arith::XOrIOp::create(b, loc, atLeastZero(b, loc, lhs),
                                            atLeastZero(b, loc, rhs));
  Value wideRem =
      elementType.isBF16()
          ? Value(arith::ExtFOp::create(b, loc, b.getF32Type(), rem))
          : rem;
  Value nonzero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, wideRem,
                            constant(b, loc, wideRem.getType(), 0));
  Value adjust = arith::AndIOp::create(b, loc, signsDiffer, nonzero);
  Value sum =
      arithmetic<arith::AddFOp, arith::AddIOp>(b, loc, elementType, rem, rhs);
  return selectElement(b, loc, adjust, sum, rem);
}

/// OP_FMOD and OP_FMODS (include/pto/cpu/ElementOp.h:307, :522): C++'s
/// `src0 % src1` of integers, `T(fmod(double(src0), double(src1)))` of
/// floats, the divisor nonzero (checked first: LastOperandCheck::Nonzero).
/// fmod is exact, so computed in T (as buildRem). C++ takes a 2-byte signed
/// integer's remainder in int (its promotion: -32768 % -1 is 0), where
/// LLVM's i16 srem of them is undefined: so in i32; unsigned ones as they
/// are; the rows refuse i32 (INT_MIN % -1 is undefined in C++ too).
static Value buildFMod(OpBuilder &b, Location loc, Type elementType, Value lhs,
                       Value rhs) {
  if (isa<FloatType>(elementType))
    return arithmetic<arith::RemFOp, arith::RemSIOp>(b, loc, elementType, lhs,
                                                     rhs);
  if (elementType.isUnsignedInteger())
    return arith::RemUIOp::create(b, loc, lhs, rhs);
  Type type = lhs.getType();
  if (type.getIntOrFloatBitWidth() >= 32)
    return arith::RemSIOp::create(b, loc, lhs, rhs);
  Type i32 = b.getI32Type();
  Value rem =
      arith::RemSIOp::create(b, loc, arith::ExtSIOp::create(b, loc, i32, lhs),
                             arith::ExtSIOp::create(b, loc, i32, rhs));
  return arith::TruncIOp::create(b, loc, type, rem);
}

LastOperandCheck mlir::pto::getLastOperandCheck(OpFamily family, ElementOp op) {
  // OP_REM asserts its divisor nonzero (ElementOp.h:202), and TREMS's tmp
  // form its scalar (TBinSOps.hpp:214); OP_FMOD its divisor (ElementOp.h:
  // 309), TFMODS_IMPL its scalar (TBinSOps.hpp:260).
  if (op == ElementOp::Rem || op == ElementOp::FMod)
    return LastOperandCheck::Nonzero;
  // The expands' OP_DIV asserts too, as TDIV's does not: they call its
  // asserting apply (include/pto/cpu/ElementOp.h:143).
  if (op == ElementOp::Recip ||
      (op == ElementOp::Div &&
       (family == OpFamily::TileScalar || family == OpFamily::RowExpand ||
        family == OpFamily::ColExpand)))
    return LastOperandCheck::Nonzero;
  if (op == ElementOp::Shl || op == ElementOp::Shr)
    return LastOperandCheck::ShiftCount;
  return LastOperandCheck::None;
}

Value mlir::pto::buildElementOp(OpBuilder &b, Location loc, ElementOp op,
                                Type elementType, ValueRange operands) {
  if (op == ElementOp::Expands)
    // OP_EXPANDS: dst = scalar (TExpands.hpp).
    return operands[0];
  if (operands.size() == 1)
    return buildUnaryElementOp(b, loc, op, elementType, operands[0]);
  // OP_ADDC, OP_SUBC (ElementOp.h:392, :397): `src0 + src1 + src2` and
  // `src0 - src1 + src2`, left to right, each operation rounded in T (g++
  // 12 computes each _Float16 operation in float and rounds it back).
  if (op == ElementOp::AddC || op == ElementOp::SubC) {
    Value first = buildElementOp(
        b, loc, op == ElementOp::AddC ? ElementOp::Add : ElementOp::Sub,
        elementType, operands.take_front(2));
    return buildElementOp(b, loc, ElementOp::Add, elementType,
                          {first, operands[2]});
  }
  Value lhs = operands[0], rhs = operands[1];
  switch (op) {
  case ElementOp::Add:
    return arithmetic<arith::AddFOp, arith::AddIOp>(b, loc, elementType, lhs,
                                                    rhs);
  case ElementOp::Sub:
    return arithmetic<arith::SubFOp, arith::SubIOp>(b, loc, elementType, lhs,
                                                    rhs);
  case ElementOp::Mul:
    return arithmetic<arith::MulFOp, arith::MulIOp>(b, loc, elementType, lhs,
                                                    rhs);
  case ElementOp::Shl:
    // src0 << src1, the count in [0, the element's bits) (checked first:
    // LastOperandCheck::ShiftCount), where C++ and LLVM agree.
    return arith::ShLIOp::create(b, loc, lhs, rhs);
  case ElementOp::Shr:
    // src0 >> src1: arithmetic for signed elements (C++20), logical for
    // unsigned ones.
    if (elementType.isUnsignedInteger())
      return arith::ShRUIOp::create(b, loc, lhs, rhs);
    return arith::ShRSIOp::create(b, loc, lhs, rhs);
  case ElementOp::Max:
    // std::max(src0, src1): (src0 < src1) ? src1 : src0, so src0 where
    // either is NaN and where they are zeros of either sign.
    return selectElement(b, loc, buildLessThan(b, loc, elementType, lhs, rhs),
                         rhs, lhs);
  case ElementOp::Min:
    // std::min(src0, src1): (src1 < src0) ? src1 : src0.
    return selectElement(b, loc, buildLessThan(b, loc, elementType, rhs, lhs),
                         rhs, lhs);
  case ElementOp::Div:
    // src0 / src1 (cpu/TDiv.hpp, which does not assert: x / 0 is +-inf or
    // NaN, as IEEE says); floats only (ElementwiseOps.td, ExpandOps.td: the
    // integer case is never built), bf16 in f32 rounded back.
    return arithmetic<arith::DivFOp, arith::DivSIOp>(b, loc, elementType, lhs,
                                                     rhs);
  case ElementOp::Expdif:
    // OP_EXPDIF, `T(std::exp(double(src0 - src1)))`: the difference in T,
    // exp in double, rounded once back (g++ 12's generic case; its f16
    // specialization, ElementOp.h:299, is g++ >= 14's only); floats only.
    return libmCall<math::ExpOp>(b, loc, b.getF64Type(),
                                 arithmetic<arith::SubFOp, arith::SubIOp>(
                                     b, loc, elementType, lhs, rhs));
  case ElementOp::Rem:
    return buildRem(b, loc, elementType, lhs, rhs);
  case ElementOp::And:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case ElementOp::Or:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case ElementOp::Xor:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  case ElementOp::FMod:
    return buildFMod(b, loc, elementType, lhs, rhs);
  case ElementOp::SubRelu: {
    // OP_SUBRELU (ElementOp.h:120): ReLU(src0 - src1), cpu/common.hpp:100's
    // `(d > 0) ? d : 0` of the difference rounded in T: NaN and -0 give +0;
    // floats only.
    Value difference =
        arithmetic<arith::SubFOp, arith::SubIOp>(b, loc, elementType, lhs, rhs);
    Value zero = constant(b, loc, difference.getType(), 0);
    return selectElement(b, loc,
                         buildLessThan(b, loc, elementType, zero, difference),
                         difference, zero);
  }
  case ElementOp::LRelu:
  case ElementOp::Prelu: {
    // OP_LRELU (ElementOp.h:514): `(src > 0) ? src : src * slope`, the
    // product rounded in T; OP_PRELU (:284) the same of a tile of slopes;
    // floats only.
    Value zero = constant(b, loc, lhs.getType(), 0);
    Value product =
        arithmetic<arith::MulFOp, arith::MulIOp>(b, loc, elementType, lhs, rhs);
    return selectElement(b, loc, buildLessThan(b, loc, elementType, zero, lhs),
                         lhs, product);
  }
  default:
    llvm_unreachable("a unary ElementOp");
  }
  llvm_unreachable("every ElementOp has a case");
}
