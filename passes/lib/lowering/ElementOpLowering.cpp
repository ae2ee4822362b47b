//===- ElementOpLowering.cpp - one element of an elementwise op -----------===//
#include "ElementOpLowering.h"
#include "TInsertConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::pto;

/// `lhs < rhs` as C++ compares two elements of `elementType`: ordered for
/// floats (false when either is NaN), by the integer's signedness.
static Value lessThan(OpBuilder &b, Location loc, Type elementType, Value lhs,
                      Value rhs) {
  if (isa<FloatType>(elementType))
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, lhs, rhs);
  return arith::CmpIOp::create(b, loc,
                               elementType.isUnsignedInteger()
                                   ? arith::CmpIPredicate::ult
                                   : arith::CmpIPredicate::slt,
                               lhs, rhs);
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

Value mlir::pto::buildElementOp(OpBuilder &b, Location loc, ElementOp op,
                                Type elementType, ValueRange operands) {
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
  case ElementOp::Max:
    // std::max(src0, src1): (src0 < src1) ? src1 : src0, so src0 where
    // either is NaN and where they are zeros of either sign.
    return arith::SelectOp::create(
        b, loc, lessThan(b, loc, elementType, lhs, rhs), rhs, lhs);
  case ElementOp::Min:
    // std::min(src0, src1): (src1 < src0) ? src1 : src0.
    return arith::SelectOp::create(
        b, loc, lessThan(b, loc, elementType, rhs, lhs), rhs, lhs);
  case ElementOp::And:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case ElementOp::Or:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("every ElementOp has a case");
}
