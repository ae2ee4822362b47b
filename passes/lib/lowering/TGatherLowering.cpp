//===- TGatherLowering.cpp - host lowering of tgather ---------------------===//
//
// The index and mask forms as pto-isa's simulator computes them
// (include/pto/cpu/TGather.hpp, docs/semantics.md#tgather); the compare
// form is refused before (checkPtoOp, PtoToStd.cpp).
//
#include "ElementOpLowering.h"
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "pto/MaskPattern.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

/// dst[r, c] = src at the flat position indices[r, c] of its rows x cols,
/// 0 outside them (TGather.hpp:97-113). A negative signed index, widened
/// with its sign, is a huge unsigned one: one unsigned compare bounds both.
void lowerIndexForm(TGatherOp op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src = at.source(op.getSrc());
  LoweredTile indices = at.source(op.getIndices());
  const LoweredTile &dst = at.tile(op.getDst());
  Type i64 = b.getI64Type();
  bool unsignedIndices = indices.type.getElementType().isUnsignedInteger();
  Type storage = getStorageElementType(dst.type.getElementType());
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(storage));
  Value count = arith::ConstantIntOp::create(
      b, loc, i64, src.type.getRows() * src.type.getCols());
  Value zero64 = arith::ConstantIntOp::create(b, loc, i64, 0);
  Value cols = lowering.index(src.type.getCols());
  buildRegionLoops(
      lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
        Value raw = indices.load(b, loc, r, c);
        Value wide = unsignedIndices
                         ? arith::ExtUIOp::create(b, loc, i64, raw).getResult()
                         : arith::ExtSIOp::create(b, loc, i64, raw).getResult();
        Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                             wide, count);
        Value flat = arith::IndexCastUIOp::create(
            b, loc, b.getIndexType(),
            arith::SelectOp::create(b, loc, inside, wide, zero64));
        Value value =
            src.load(b, loc, arith::DivUIOp::create(b, loc, flat, cols),
                     arith::RemUIOp::create(b, loc, flat, cols));
        dst.store(b, loc, selectElement(b, loc, inside, value, zero), r, c);
      });
}

/// The kept columns phase, phase + step, ... of each valid row of src, row
/// after row, into dst's storage from its first element (TGather.hpp:
/// 128-141), as bits: k = r * kept + j, whatever dst's boxes.
void lowerMaskForm(TGatherOp op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src = at.source(op.getSrc());
  const LoweredTile &dst = at.tile(op.getDst());
  MaskPatternStride stride = getMaskPatternStride(*op.getMaskPattern());
  Value step = lowering.index(stride.step),
        phase = lowering.index(stride.phase);
  // countMaskSelected at run time: ceil((max(vc, phase) - phase) / step).
  Value span = arith::SubIOp::create(
      b, loc, arith::MaxUIOp::create(b, loc, src.validCols, phase), phase);
  Value kept = arith::DivUIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, span, lowering.index(stride.step - 1)),
      step);
  Type storage = getStorageElementType(dst.type.getElementType());
  Value stream = memref::ViewOp::create(
      b, loc,
      MemRefType::get({dst.type.getRows() * dst.type.getCols()}, storage),
      dst.bytes, lowering.index(0), ValueRange{});
  buildRegionLoops(lowering, loc, src.validRows, kept, [&](Value r, Value j) {
    Value c = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, j, step), phase);
    Value value = src.load(b, loc, r, c);
    if (value.getType() != storage)
      value = arith::BitcastOp::create(b, loc, storage, value);
    Value k = arith::AddIOp::create(b, loc,
                                    arith::MulIOp::create(b, loc, r, kept), j);
    memref::StoreOp::create(b, loc, value, stream, ValueRange{k});
  });
}

} // namespace

LogicalResult mlir::pto::lowerTGather(TGatherOp op, TileLowering &lowering) {
  if (op.isMaskForm())
    lowerMaskForm(op, lowering);
  else
    lowerIndexForm(op, lowering);
  return success();
}
