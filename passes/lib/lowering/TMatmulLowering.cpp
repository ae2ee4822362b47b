//===- TMatmulLowering.cpp - host lowering of the matmuls -----------------===//
//
// pto.tmatmul, pto.tmatmul.acc and pto.tmatmul.bias as pto-isa's CPU
// simulator computes them (include/pto/cpu/TMatmul.hpp:51-76, 185-196;
// docs/semantics.md "tmatmul"), as runtime/interp/ops/tmatmul.py models
// them: per element of dst one chain over k from zero, in k order (f32:
// `std::fma` of the inputs extended to f32, one llvm.fma each; i32: `+=` of
// the i8 products); then acc_in's element added, or bias's, in one rounding.
// The verifier made every valid extent static and dst's valid region m x n.
//
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
/// The operands of one matmul; `accIn` and `bias` are null where the op
/// has none. At Level 2 acc_in is dst (tmatmul_c10), so its element is
/// read from dst just before the same element is written.
struct MatmulTiles {
  LoweredTile lhs, rhs;
  const LoweredTile &dst;
  const LoweredTile *accIn, *bias;
};
} // namespace

/// lhs[r, k] or rhs[k, c] as the accumulator's type: an exact conversion.
static Value widen(OpBuilder &b, Location loc, Value v, Type accType) {
  if (v.getType() == accType)
    return v;
  if (isa<FloatType>(accType))
    return arith::ExtFOp::create(b, loc, accType, v);
  return arith::ExtSIOp::create(b, loc, accType, v);
}

static Value add(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<FloatType>(x.getType()))
    return arith::AddFOp::create(b, loc, x, y);
  return arith::AddIOp::create(b, loc, x, y);
}

static void lowerMatmul(Location loc, const MatmulTiles &t,
                        TileLowering &lowering) {
  OpBuilder &b = lowering.getBuilder();
  Type accType = getStorageElementType(t.dst.type.getElementType());
  Value zero = lowering.index(0), one = lowering.index(1);
  Value k = t.lhs.validCols;
  Value init =
      isa<FloatType>(accType)
          ? arith::ConstantOp::create(b, loc, b.getFloatAttr(accType, 0.0))
                .getResult()
          : arith::ConstantOp::create(b, loc, b.getIntegerAttr(accType, 0))
                .getResult();
  buildRegionLoops(
      lowering, loc, t.dst.validRows, t.dst.validCols, [&](Value r, Value c) {
        auto chain = scf::ForOp::create(
            b, loc, zero, k, one, ValueRange{init},
            [&](OpBuilder &lb, Location ll, Value kk, ValueRange sum) {
              Value x = widen(lb, ll, t.lhs.load(lb, ll, r, kk), accType);
              Value y = widen(lb, ll, t.rhs.load(lb, ll, kk, c), accType);
              Value next =
                  isa<FloatType>(accType)
                      ? math::FmaOp::create(lb, ll, x, y, sum[0]).getResult()
                      : arith::AddIOp::create(
                            lb, ll, sum[0], arith::MulIOp::create(lb, ll, x, y))
                            .getResult();
              scf::YieldOp::create(lb, ll, next);
            });
        Value v = chain.getResult(0);
        if (t.accIn)
          v = add(b, loc, t.accIn->load(b, loc, r, c), v);
        if (t.bias)
          v = add(b, loc, v, t.bias->load(b, loc, zero, c));
        t.dst.store(b, loc, v, r, c);
      });
}

LogicalResult mlir::pto::lowerTMatmul(TMatmulOp op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  lowerMatmul(at.loc,
              {at.source(op.getLhs()), at.source(op.getRhs()),
               at.tile(op.getDst()), nullptr, nullptr},
              lowering);
  return success();
}

LogicalResult mlir::pto::lowerTMatmulAcc(TMatmulAccOp op,
                                         TileLowering &lowering) {
  LoweredOp at(op, lowering);
  lowerMatmul(at.loc,
              {at.source(op.getLhs()), at.source(op.getRhs()),
               at.tile(op.getDst()), &at.tile(op.getAccIn()), nullptr},
              lowering);
  return success();
}

LogicalResult mlir::pto::lowerTMatmulBias(TMatmulBiasOp op,
                                          TileLowering &lowering) {
  LoweredOp at(op, lowering);
  LoweredTile bias = at.source(op.getBias());
  lowerMatmul(at.loc,
              {at.source(op.getLhs()), at.source(op.getRhs()),
               at.tile(op.getDst()), nullptr, &bias},
              lowering);
  return success();
}
