//===- TCmpLowering.cpp - tcmp and tcmps on the host ----------------------===//
//
// The compares into a packed mask, as pto-isa's CPU simulator writes it:
// dst cleared, then TCMP's bit c % B of word (r, c / B) for the cells of
// src0's valid region whose word lies in dst's valid columns (B the bits of
// dst's element; include/pto/cpu/TCmp.h:41-77); TCMPS's bytes of `cols / 8`
// compares per row of src's static shape (0 outside its valid region), one
// stream over dst's valid region row by row (include/pto/cpu/TCmps.hpp:
// 54-93), its eq and ne within 1e-9 in double (:22-49).
//
#include "ElementOpLowering.h"
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::pto;

/// `word | (set << bit)` stored back into element (r, c) of `dst`.
static void orBitInto(OpBuilder &b, Location loc, const LoweredTile &dst,
                      Value r, Value c, Value set, Value bit) {
  Value word = dst.load(b, loc, r, c);
  Type type = word.getType();
  Value one = arith::ExtUIOp::create(b, loc, type, set);
  Value shift = arith::IndexCastOp::create(b, loc, type, bit);
  Value shifted = arith::ShLIOp::create(b, loc, one, shift);
  dst.store(b, loc, arith::OrIOp::create(b, loc, word, shifted), r, c);
}

/// The check of `<op>_c6` at run time: dst's valid rows are `src`'s.
static void guardedSameValidRows(TileLowering &lowering, Operation *op,
                                 StringRef srcName, const LoweredTile &src,
                                 const LoweredTile &dst,
                                 function_ref<void()> body) {
  Location loc = op->getLoc();
  lowering.guarded(op, lowering.equal(loc, dst.validRows, src.validRows),
                   Failure{RunTimeFailure::ValidRowsMismatch,
                           {"dst", srcName.str()},
                           {dst.validRows, src.validRows}},
                   body);
}

LogicalResult mlir::pto::lowerTCmp(TCmpOp cmp, TileLowering &lowering) {
  Operation *op = cmp;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(cmp.getDst());
  LoweredTile src0 = at.source(cmp.getSrc0());
  LoweredTile src1 = at.source(cmp.getSrc1());
  Type element = src0.type.getElementType();
  Value bits =
      lowering.index(dst.type.getElementType().getIntOrFloatBitWidth());
  lowering.guardedSameValidShapes(op, {"src0", "src1"}, {&src0, &src1}, [&] {
    guardedSameValidRows(lowering, op, "src0", src0, dst, [&] {
      zeroFill(b, loc, dst.bytes);
      // The columns whose word dst's valid columns hold.
      Value cols = arith::MinUIOp::create(
          b, loc, src0.validCols,
          arith::MulIOp::create(b, loc, dst.validCols, bits));
      buildRegionLoops(
          lowering, loc, src0.validRows, cols, [&](Value r, Value c) {
            Value lhs = src0.load(b, loc, r, c);
            Value rhs = src1.load(b, loc, r, c);
            Value set =
                buildCompare(b, loc, cmp.getCmpMode(), element, lhs, rhs);
            Value word = arith::DivUIOp::create(b, loc, c, bits);
            Value bit = arith::RemUIOp::create(b, loc, c, bits);
            orBitInto(b, loc, dst, r, word, set, bit);
          });
    });
  });
  return success();
}

/// An element of `type` as a double, as C++'s static_cast<double> makes it.
static Value toDouble(OpBuilder &b, Location loc, Type type, Value x) {
  Type f64 = b.getF64Type();
  if (type.isBF16())
    x = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
  if (isa<FloatType>(type))
    return arith::ExtFOp::create(b, loc, f64, x);
  if (type.isUnsignedInteger())
    return arith::UIToFPOp::create(b, loc, f64, x);
  return arith::SIToFPOp::create(b, loc, f64, x);
}

/// TCMPS's CmpCall (cpu/TCmps.hpp:22-49): eq `|a - b| < 1e-9` and ne
/// `a or b NaN, or |a - b| > 1e-9` of the doubles, the others in the type.
static Value buildScalarCompare(OpBuilder &b, Location loc, CmpMode mode,
                                Type type, Value a, Value s) {
  if (mode != CmpMode::EQ && mode != CmpMode::NE)
    return buildCompare(b, loc, mode, type, a, s);
  using F = arith::CmpFPredicate;
  Value da = toDouble(b, loc, type, a), ds = toDouble(b, loc, type, s);
  Value diff = arith::SubFOp::create(b, loc, da, ds);
  auto constant = [&](double value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value));
  };
  auto cmpf = [&](F predicate, Value x, Value y) -> Value {
    return arith::CmpFOp::create(b, loc, predicate, x, y);
  };
  Value eps = constant(1e-9), minusEps = constant(-1e-9);
  if (mode == CmpMode::EQ) {
    Value belowEps = cmpf(F::OLT, diff, eps);
    Value aboveMinusEps = cmpf(F::OGT, diff, minusEps);
    return arith::AndIOp::create(b, loc, belowEps, aboveMinusEps);
  }
  Value aboveEps = cmpf(F::OGT, diff, eps);
  Value belowMinusEps = cmpf(F::OLT, diff, minusEps);
  Value apart = arith::OrIOp::create(b, loc, aboveEps, belowMinusEps);
  Value unordered = cmpf(F::UNO, da, ds);
  return arith::OrIOp::create(b, loc, unordered, apart);
}

LogicalResult mlir::pto::lowerTCmpS(TCmpSOp cmp, TileLowering &lowering) {
  Operation *op = cmp;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(cmp.getDst());
  LoweredTile src = at.source(cmp.getSrc());
  Value scalar = lowering.scalar(cmp.getScalar());
  Type element = src.type.getElementType();
  // The stream's bytes per row of src (its static columns / 8).
  int64_t rowBytes = src.type.getCols() / 8;
  Value perRow = lowering.index(rowBytes), eight = lowering.index(8);
  guardedSameValidRows(lowering, op, "src", src, dst, [&] {
    zeroFill(b, loc, dst.bytes);
    Value cols = arith::MinUIOp::create(b, loc, src.validCols,
                                        lowering.index(rowBytes * 8));
    Value cells = arith::MulIOp::create(b, loc, dst.validRows, dst.validCols);
    buildRegionLoops(lowering, loc, src.validRows, cols, [&](Value r, Value c) {
      // Byte k of the stream, at cell k of dst's valid region.
      Value rowStart = arith::MulIOp::create(b, loc, r, perRow);
      Value byte = arith::DivUIOp::create(b, loc, c, eight);
      Value k = arith::AddIOp::create(b, loc, rowStart, byte);
      Value within =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, k, cells);
      auto inDst = scf::IfOp::create(b, loc, within, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(inDst.thenBlock()->getTerminator());
      Value value = src.load(b, loc, r, c);
      Value set =
          buildScalarCompare(b, loc, cmp.getCmpMode(), element, value, scalar);
      Value row = arith::DivUIOp::create(b, loc, k, dst.validCols);
      Value col = arith::RemUIOp::create(b, loc, k, dst.validCols);
      Value bit = arith::RemUIOp::create(b, loc, c, eight);
      orBitInto(b, loc, dst, row, col, set, bit);
    });
  });
  return success();
}
