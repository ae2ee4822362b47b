//===- PtoasCoreLowering.cpp - PTOAS's sections, queries, sync ------------===//
//
// The host runs a kernel once per core of its grid, one core at a time
// (runtime/grid.py), as the interpreter does (runtime/interp/ops/
// ptoas_cores.py): a core query is a call of the JIT process's
// pto_core_query (pto/CoreGridABI.h), which answers with the position of
// the core being run. It runs both kinds of section, in program order, and
// its ops one after another, so PTOAS's barriers, flags and events order
// nothing there.
//
#include "PtoasCoreLowering.h"
#include "pto/CoreGridABI.h"
#include "pto/PtoDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

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

/// A core query is a call of pto_core_query with what it asks.
template <typename QueryOp, CoreQuery kWhich>
struct QueryLowering : OpConversionPattern<QueryOp> {
  using OpConversionPattern<QueryOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(QueryOp op, typename QueryOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value which = arith::ConstantIntOp::create(
        rewriter, op.getLoc(), static_cast<int64_t>(kWhich), 64);
    rewriter.replaceOpWithNewOp<func::CallOp>(
        op, kCoreQuerySymbol, TypeRange{rewriter.getI64Type()}, which);
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
               QueryLowering<GetBlockIdxOp, CoreQuery::BlockIndex>,
               QueryLowering<GetBlockNumOp, CoreQuery::BlockCount>,
               QueryLowering<GetSubBlockIdxOp, CoreQuery::SubBlockIndex>,
               QueryLowering<GetSubBlockNumOp, CoreQuery::SubBlockCount>,
               SyncLowering<BarrierOp>, SyncLowering<SetFlagOp>,
               SyncLowering<WaitFlagOp>, SyncLowering<RecordEventOp>,
               SyncLowering<WaitEventOp>>(converter, patterns.getContext());
}

void mlir::pto::declareCoreQuery(ModuleOp module) {
  bool queries = false;
  module.walk([&](Operation *op) {
    queries =
        isa<GetBlockIdxOp, GetBlockNumOp, GetSubBlockIdxOp, GetSubBlockNumOp>(
            op);
    return queries ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!queries || module.lookupSymbol(kCoreQuerySymbol))
    return;
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Type i64 = builder.getI64Type();
  auto query = func::FuncOp::create(builder, module.getLoc(), kCoreQuerySymbol,
                                    builder.getFunctionType({i64}, {i64}));
  query.setPrivate();
}
