//===- TGenerateLowering.cpp - tci and ttri on the host -------------------===//
//
// The ops that write a tile from a scalar, as pto-isa's CPU simulator
// computes them: TCI's sequence in int (include/pto/cpu/TCI.hpp:18-27),
// TTRI's triangle of ones (include/pto/cpu/TTRI.hpp:31-65). Where the
// simulator's int arithmetic would overflow (undefined in C++) the op fails
// with int_overflow before it writes anything. The arithmetic is done in
// i64, where it cannot overflow.
//
#include "ElementOpLowering.h"
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::pto;

static Value i64Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 64);
}

static Value toI64(OpBuilder &b, Location loc, Value value) {
  if (value.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), value);
}

/// Whether `extent` is 0 or `value + extent + offset` lies in [INT_MIN,
/// INT_MAX] (`sign` -1: `value - extent - offset`), all in i64.
static Value staysInInt(OpBuilder &b, Location loc, Value value, Value extent,
                        int64_t offset, int64_t sign) {
  using P = arith::CmpIPredicate;
  Value reach =
      arith::AddIOp::create(b, loc, extent, i64Constant(b, loc, offset));
  Value last = sign > 0
                   ? arith::AddIOp::create(b, loc, value, reach).getResult()
                   : arith::SubIOp::create(b, loc, value, reach).getResult();
  Value inRange = sign > 0
                      ? arith::CmpIOp::create(b, loc, P::sle, last,
                                              i64Constant(b, loc, INT32_MAX))
                            .getResult()
                      : arith::CmpIOp::create(b, loc, P::sge, last,
                                              i64Constant(b, loc, INT32_MIN))
                            .getResult();
  Value empty =
      arith::CmpIOp::create(b, loc, P::eq, extent, i64Constant(b, loc, 0));
  return arith::OrIOp::create(b, loc, empty, inRange);
}

LogicalResult mlir::pto::lowerTCI(TCIOp tci, TileLowering &lowering) {
  Operation *op = tci;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(tci.getDst());
  Value start = toI64(b, loc, lowering.scalar(tci.getS()));
  Value cols = toI64(b, loc, dst.validCols);
  bool descending = tci.getDescending();
  Type storage = getStorageElementType(dst.type.getElementType());
  auto body = [&] {
    // Row 0, whatever dst's valid rows (TCI.hpp:21).
    buildRegionLoops(
        lowering, loc, lowering.index(1), dst.validCols, [&](Value r, Value c) {
          Value j = toI64(b, loc, c);
          Value v = descending
                        ? arith::SubIOp::create(b, loc, start, j).getResult()
                        : arith::AddIOp::create(b, loc, start, j).getResult();
          // An i16 is stored from int as C++20 converts: wrapped.
          dst.store(b, loc, arith::TruncIOp::create(b, loc, storage, v), r, c);
        });
  };
  // Only an i32 sequence is computed in its own type (TCI.hpp:23-25: an
  // i16 start is promoted to int first).
  if (!storage.isInteger(32))
    return body(), success();
  // The last element start +- (cols - 1).
  Value ok = staysInInt(b, loc, start, cols, -1, descending ? -1 : 1);
  lowering.guarded(op, ok,
                   Failure{RunTimeFailure::IntOverflow,
                           {"S", "valid columns"},
                           {start, cols}},
                   body);
  return success();
}

LogicalResult mlir::pto::lowerTTri(TTriOp tri, TileLowering &lowering) {
  Operation *op = tri;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(tri.getDst());
  Value diagonal = toI64(b, loc, lowering.scalar(tri.getDiagonal()));
  Value rows = toI64(b, loc, dst.validRows);
  bool upper = tri.getUpperOrLower() == 1;
  Type element = dst.type.getElementType();
  Type storage = getStorageElementType(element);
  auto constant = [&](int64_t value) -> Value {
    if (auto floatType = dyn_cast<FloatType>(element))
      return arith::ConstantOp::create(
          b, loc, FloatAttr::get(storage, static_cast<double>(value)));
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(storage, value));
  };
  // The largest sum the simulator forms: diagonal + (rows - 1) + 1 for the
  // lower triangle (TTRI.hpp:36-37), diagonal + (rows - 1) for the upper
  // (TTRI.hpp:54-55).
  Value ok = staysInInt(b, loc, diagonal, rows, upper ? -1 : 0, 1);
  lowering.guarded(
      op, ok,
      Failure{RunTimeFailure::IntOverflow,
              {"diagonal", "valid rows"},
              {diagonal, rows}},
      [&] {
        Value one = constant(1), zero = constant(0);
        buildRegionLoops(
            lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
              // Lower: 1 where c < diagonal + r + 1; upper: 1 where
              // c >= diagonal + r.
              Value bound =
                  arith::AddIOp::create(b, loc, diagonal, toI64(b, loc, r));
              Value set = arith::CmpIOp::create(
                  b, loc,
                  upper ? arith::CmpIPredicate::sge : arith::CmpIPredicate::sle,
                  toI64(b, loc, c), bound);
              dst.store(b, loc, selectElement(b, loc, set, one, zero), r, c);
            });
      });
  return success();
}
