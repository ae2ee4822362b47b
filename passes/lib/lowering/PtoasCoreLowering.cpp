//===- PtoasCoreLowering.cpp - PTOAS's sections, queries, sync ------------===//
//
// The host runs a kernel on one core of a grid of one, as the interpreter
// does (runtime/ops/ptoas_cores.py): block and subblock 0 of 1. It runs
// both kinds of section, in program order, and its ops one after another,
// so PTOAS's barriers, flags and events order nothing there.
//
#include "PtoasCoreLowering.h"
#include "pto/PtoDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

/// The grid of the host: (blocks, subblocks), and this core's indices.
constexpr int64_t kHostBlocks = 1, kHostSubBlocks = 1;
constexpr int64_t kHostBlockIndex = 0, kHostSubBlockIndex = 0;

/// A section's body runs where the section is.
template <typename SectionOp>
struct SectionLowering : OpConversionPattern<SectionOp> {
  using OpConversionPattern<SectionOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SectionOp op, typename SectionOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.inlineBlockBefore(&op.getBody().front(), op);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A core query is a constant of the host's grid.
template <typename QueryOp, int64_t kValue>
struct QueryLowering : OpConversionPattern<QueryOp> {
  using OpConversionPattern<QueryOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(QueryOp op, typename QueryOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::ConstantIntOp>(op, kValue, 64);
    return success();
  }
};

/// A synchronization op orders nothing on the host.
template <typename SyncOp> struct SyncLowering : OpConversionPattern<SyncOp> {
  using OpConversionPattern<SyncOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SyncOp op, typename SyncOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

bool mlir::pto::isPtoasCoreOp(Operation *op) {
  return isa<SectionCubeOp, SectionVectorOp, GetBlockIdxOp, GetBlockNumOp,
             GetSubBlockIdxOp, GetSubBlockNumOp, BarrierOp, SetFlagOp,
             WaitFlagOp, RecordEventOp, WaitEventOp>(op);
}

void mlir::pto::populatePtoasCorePatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<SectionLowering<SectionCubeOp>, SectionLowering<SectionVectorOp>,
               QueryLowering<GetBlockIdxOp, kHostBlockIndex>,
               QueryLowering<GetBlockNumOp, kHostBlocks>,
               QueryLowering<GetSubBlockIdxOp, kHostSubBlockIndex>,
               QueryLowering<GetSubBlockNumOp, kHostSubBlocks>,
               SyncLowering<BarrierOp>, SyncLowering<SetFlagOp>,
               SyncLowering<WaitFlagOp>, SyncLowering<RecordEventOp>,
               SyncLowering<WaitEventOp>>(converter, patterns.getContext());
}
