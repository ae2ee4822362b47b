//===- TInterleaveLowering.cpp - host lowering of tinterleave ------------===//
//
// Both ops move each row through a stream of 2*vc elements (docs/semantics.md,
// TINTERLEAVE). Each half of the stream gets its own column loop, so every
// loop reads and writes contiguous runs (stride 1 and 2), which LLVM
// vectorizes with shuffles.
//
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

/// One column loop of a stream half: `count` pairs starting at `offset` in
/// the side that is not paired (the sources for tinterleave, the
/// destinations for tdeinterleave).
struct StreamHalf {
  const LoweredTile *paired;
  Value offset;
};

/// Runs `body` if dst0 has an even number of valid columns.
void guardedEvenColumns(TileLowering &lowering, Operation *op,
                        const LoweredTile &dst0, function_ref<void()> body) {
  lowering.guarded(
      op, lowering.isEven(op->getLoc(), dst0.validCols),
      Failure{RunTimeFailure::OddValidCols, {"dst0"}, {dst0.validCols}}, body);
}

} // namespace

/// dst{k}[r, 2c] = src0[r, c + k*h], dst{k}[r, 2c+1] = src1[r, c + k*h],
/// h = vc/2: dst0 is the first half of the stream, dst1 the second.
LogicalResult mlir::pto::lowerTInterleave(TInterleaveOp op,
                                          TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src0 = at.source(op.getSrc0()), src1 = at.source(op.getSrc1());
  const LoweredTile &dst0 = at.tile(op.getDst0()),
                    &dst1 = at.tile(op.getDst1());

  auto interleave = [&] {
    Value half =
        b.createOrFold<arith::DivUIOp>(loc, dst0.validCols, lowering.index(2));
    for (StreamHalf part :
         {StreamHalf{&dst0, lowering.index(0)}, StreamHalf{&dst1, half}})
      buildRegionLoops(
          lowering, loc, dst0.validRows, half, [&](Value r, Value c) {
            Value from = b.createOrFold<arith::AddIOp>(loc, c, part.offset);
            Value even =
                b.createOrFold<arith::MulIOp>(loc, c, lowering.index(2));
            Value odd =
                b.createOrFold<arith::AddIOp>(loc, even, lowering.index(1));
            Value x = src0.load(b, loc, r, from);
            Value y = src1.load(b, loc, r, from);
            part.paired->store(b, loc, x, r, even);
            part.paired->store(b, loc, y, r, odd);
          });
  };
  // The interpreter's order: equal valid shapes, then even columns.
  lowering.guardedSameValidShapes(
      op, {"src0", "src1", "dst0", "dst1"}, {&src0, &src1, &dst0, &dst1},
      [&] { guardedEvenColumns(lowering, op, dst0, interleave); });
  return success();
}

/// The stream is src0 ++ src1 (two sources, h = vc/2 pairs from each) or
/// src (one source, vc pairs): dst0[r, c] = stream[2c], dst1[r, c] =
/// stream[2c+1].
LogicalResult mlir::pto::lowerTDeinterleave(TDeinterleaveOp op,
                                            TileLowering &lowering) {
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst0 = at.tile(op.getDst0()),
                    &dst1 = at.tile(op.getDst1());

  auto emitHalves = [&](Value count, ArrayRef<StreamHalf> parts) {
    for (StreamHalf part : parts)
      buildRegionLoops(
          lowering, loc, dst0.validRows, count, [&](Value r, Value c) {
            Value to = b.createOrFold<arith::AddIOp>(loc, c, part.offset);
            Value even =
                b.createOrFold<arith::MulIOp>(loc, c, lowering.index(2));
            Value odd =
                b.createOrFold<arith::AddIOp>(loc, even, lowering.index(1));
            Value x = part.paired->load(b, loc, r, even);
            Value y = part.paired->load(b, loc, r, odd);
            dst0.store(b, loc, x, r, to);
            dst1.store(b, loc, y, r, to);
          });
  };

  if (op.isSingleSource()) {
    LoweredTile src = at.source(op.getSrc0());
    Value twiceCols =
        b.createOrFold<arith::MulIOp>(loc, dst0.validCols, lowering.index(2));
    Value srcShape =
        lowering.allOf(loc, {lowering.equal(loc, src.validRows, dst0.validRows),
                             lowering.equal(loc, src.validCols, twiceCols)});
    lowering.guardedSameValidShapes(op, {"dst0", "dst1"}, {&dst0, &dst1}, [&] {
      lowering.guarded(
          op, srcShape,
          Failure{RunTimeFailure::DeinterleaveSourceShape,
                  {"src", "dst0"},
                  {src.validRows, src.validCols, dst0.validRows, twiceCols}},
          // src has twice dst0's columns, so an even number; dst0 may have
          // an odd number (pto-isa 3186c381, TDEINTERLEAVE's single source).
          [&] {
            emitHalves(dst0.validCols, {StreamHalf{&src, lowering.index(0)}});
          });
    });
    return success();
  }
  LoweredTile src0 = at.source(op.getSrc0()), src1 = at.source(op.getSrc1());
  lowering.guardedSameValidShapes(
      op, {"src0", "src1", "dst0", "dst1"}, {&src0, &src1, &dst0, &dst1}, [&] {
        guardedEvenColumns(lowering, op, dst0, [&] {
          Value half = b.createOrFold<arith::DivUIOp>(loc, dst0.validCols,
                                                      lowering.index(2));
          emitHalves(half, {StreamHalf{&src0, lowering.index(0)},
                            StreamHalf{&src1, half}});
        });
      });
  return success();
}
