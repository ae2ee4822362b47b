//===- TMatmulLowering.cpp - host lowering of the matmuls -----------------===//
//
// pto.tmatmul, pto.tmatmul.acc and pto.tmatmul.bias as pto-isa's CPU
// simulator computes them (include/pto/cpu/TMatmul.hpp:51-76, 185-196;
// docs/semantics.md "tmatmul"), as runtime/interp/ops/tmatmul.py models
// them: per element of dst one chain over k from zero, in k order (f32:
// `std::fma` of the inputs extended to f32, one llvm.fma each; i32: `+=` of
// the i8 products); then acc_in's element added, or bias's, in one rounding.
// The chains of a row run side by side (lowerMatmul).
// The verifier checked the static valid extents; the dynamic ones are
// checked here before anything is written (matmul_shape).
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

/// A row-major scratch tile of `rows` x `cols` elements of `element`.
static TileBufType plainTile(MLIRContext *context, int64_t rows, int64_t cols,
                             Type element) {
  return TileBufType::get(context, TileLocation::Vec, {rows, cols}, element,
                          {rows, cols}, BLayout::RowMajor, SLayout::NoneBox,
                          /*fractal=*/512, PadValue::Null);
}

/// `for i in [0, n): body(i)`.
static void loop(OpBuilder &b, Location loc, Value begin, Value end, Value step,
                 function_ref<void(Value)> body) {
  auto forOp = scf::ForOp::create(b, loc, begin, end, step);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(forOp.getBody()->getTerminator());
  body(forOp.getInductionVar());
}

/// The scratch tiles of lowerMatmul: rhs widened to the accumulator's
/// type, and one row of sums.
struct MatmulScratch {
  TileBufType rhsType, sumsType;
  Value rhsBytes, sumsBytes;
};

/// Allocated where the op's function frees them (releaseScratch), outside
/// the checks' guard.
static MatmulScratch allocateScratch(Location loc, const MatmulTiles &t,
                                     TileLowering &lowering) {
  MLIRContext *context = lowering.getBuilder().getContext();
  Type accElement = t.dst.type.getElementType();
  TileBufType rhsType = plainTile(context, t.rhs.type.getRows(),
                                  t.rhs.type.getCols(), accElement);
  TileBufType sumsType =
      plainTile(context, 1, t.dst.type.getCols(), accElement);
  return {rhsType, sumsType, lowering.scratchBytes(loc, rhsType),
          lowering.scratchBytes(loc, sumsType)};
}

/// The loops keep every element's chain in k order and run many chains at
/// once: rhs is first copied, widened, into a contiguous row-major scratch;
/// then for each row i of dst, k outside and j inside, a row of n sums
/// (`sums[j]` is element (i, j)'s chain) takes one fused step per k, a j
/// loop over consecutive elements that LLVM vectorizes.
static void lowerMatmul(Location loc, const MatmulTiles &t,
                        const MatmulScratch &scratch, TileLowering &lowering) {
  OpBuilder &b = lowering.getBuilder();
  Type accType = getStorageElementType(t.dst.type.getElementType());
  bool isFloat = isa<FloatType>(accType);
  Value zero = lowering.index(0), one = lowering.index(1);
  Value k = t.lhs.validCols, n = t.dst.validCols;
  LoweredTile rhs = lowering.view(loc, scratch.rhsType, scratch.rhsBytes, k, n);
  LoweredTile sums =
      lowering.view(loc, scratch.sumsType, scratch.sumsBytes, one, n);
  loop(b, loc, zero, k, one, [&](Value kk) {
    loop(b, loc, zero, n, one, [&](Value j) {
      rhs.store(b, loc, widen(b, loc, t.rhs.load(b, loc, kk, j), accType), kk,
                j);
    });
  });
  Value init =
      isFloat ? arith::ConstantOp::create(b, loc, b.getFloatAttr(accType, 0.0))
                    .getResult()
              : arith::ConstantOp::create(b, loc, b.getIntegerAttr(accType, 0))
                    .getResult();
  auto [rowBegin, rowEnd] = lowering.rowBounds(loc, t.dst.validRows);
  loop(b, loc, rowBegin, rowEnd, one, [&](Value r) {
    loop(b, loc, zero, n, one,
         [&](Value j) { sums.store(b, loc, init, zero, j); });
    loop(b, loc, zero, k, one, [&](Value kk) {
      Value x = widen(b, loc, t.lhs.load(b, loc, r, kk), accType);
      loop(b, loc, zero, n, one, [&](Value j) {
        Value y = rhs.load(b, loc, kk, j);
        Value sum = sums.load(b, loc, zero, j);
        Value next =
            isFloat ? math::FmaOp::create(b, loc, x, y, sum).getResult()
                    : arith::AddIOp::create(b, loc, sum,
                                            arith::MulIOp::create(b, loc, x, y))
                          .getResult();
        sums.store(b, loc, next, zero, j);
      });
    });
    loop(b, loc, zero, n, one, [&](Value j) {
      Value v = sums.load(b, loc, zero, j);
      if (t.accIn)
        v = add(b, loc, t.accIn->load(b, loc, r, j), v);
      if (t.bias)
        v = add(b, loc, v, t.bias->load(b, loc, zero, j));
      t.dst.store(b, loc, v, r, j);
    });
  });
}

/// `extent` in [1, 4095] (tmatmul_c5); null when it is a constant (the
/// verifier checked it).
static Value isMatmulExtent(OpBuilder &b, Location loc, Value extent,
                            TileLowering &lowering) {
  if (getConstantIntValue(extent))
    return {};
  Value low = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, extent,
                                    lowering.index(1));
  Value high = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, extent,
                                     lowering.index(4095));
  return arith::AndIOp::create(b, loc, low, high);
}

/// lowerMatmul under the checks of tmatmul_c5 ... c7 on the dynamic valid
/// extents, in the interpreter's order (interp/ops/tmatmul.py).
static void lowerCheckedMatmul(Operation *op, Location loc,
                               const MatmulTiles &t, TileLowering &lowering) {
  OpBuilder &b = lowering.getBuilder();
  Value m = t.lhs.validRows, k = t.lhs.validCols, n = t.rhs.validCols;
  Value shaped = lowering.allOf(loc, {isMatmulExtent(b, loc, m, lowering),
                                      isMatmulExtent(b, loc, k, lowering),
                                      isMatmulExtent(b, loc, n, lowering),
                                      lowering.equal(loc, t.rhs.validRows, k),
                                      lowering.equal(loc, t.dst.validRows, m),
                                      lowering.equal(loc, t.dst.validCols, n)});
  MatmulScratch scratch = allocateScratch(loc, t, lowering);
  lowering.guarded(
      op, shaped,
      Failure{RunTimeFailure::MatmulShape,
              {},
              {m, k, t.rhs.validRows, n, t.dst.validRows, t.dst.validCols}},
      [&] { lowerMatmul(loc, t, scratch, lowering); });
}

LogicalResult mlir::pto::lowerTMatmul(TMatmulOp op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  lowerCheckedMatmul(op, at.loc,
                     {at.source(op.getLhs()), at.source(op.getRhs()),
                      at.tile(op.getDst()), nullptr, nullptr},
                     lowering);
  return success();
}

LogicalResult mlir::pto::lowerTMatmulAcc(TMatmulAccOp op,
                                         TileLowering &lowering) {
  LoweredOp at(op, lowering);
  lowerCheckedMatmul(op, at.loc,
                     {at.source(op.getLhs()), at.source(op.getRhs()),
                      at.tile(op.getDst()), &at.tile(op.getAccIn()), nullptr},
                     lowering);
  return success();
}

LogicalResult mlir::pto::lowerTMatmulBias(TMatmulBiasOp op,
                                          TileLowering &lowering) {
  LoweredOp at(op, lowering);
  LoweredTile bias = at.source(op.getBias());
  lowerCheckedMatmul(op, at.loc,
                     {at.source(op.getLhs()), at.source(op.getRhs()),
                      at.tile(op.getDst()), nullptr, &bias},
                     lowering);
  return success();
}
