//===- PtoToStdPatterns.cpp - one conversion pattern per op family --------===//
//
// Buffers (alloc_tile, tassign, the treshape view) become memref code in
// the kernel; every other tile op becomes a call of its own function
// (OpOutliner.h), whose body the op family's lower* function builds.
//
#include "OpOutliner.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

/// A Level 2 tile op of family OpT, lowered by `lower` into its function.
template <typename OpT>
struct OutlinedOpLowering : OpConversionPattern<OpT> {
  using Adaptor = typename OpConversionPattern<OpT>::OneToNOpAdaptor;

  OutlinedOpLowering(const TypeConverter &converter, MLIRContext *context,
                     OpOutliner &outliner, OpLoweringFn lower)
      : OpConversionPattern<OpT>(converter, context), outliner(outliner),
        lower(lower) {}

  LogicalResult matchAndRewrite(OpT op, Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    outliner.lowerAsCall(op, lower, *this->getTypeConverter(),
                         adaptor.getOperands(), rewriter);
    return success();
  }

  OpOutliner &outliner;
  OpLoweringFn lower;
};

/// The view form is the source's bytes read as the result's type (whose
/// valid shape is static: the view has no operands for extents); the DPS
/// form copies the bytes in its function.
struct TReshapeLowering : OutlinedOpLowering<TReshapeOp> {
  TReshapeLowering(const TypeConverter &converter, MLIRContext *context,
                   OpOutliner &outliner)
      : OutlinedOpLowering(converter, context, outliner, lowerTReshapeCopy) {}

  LogicalResult matchAndRewrite(TReshapeOp op, Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto view = cast<TileViewOpInterface>(op.getOperation());
    if (!view.isView())
      return OutlinedOpLowering::matchAndRewrite(op, adaptor, rewriter);
    unsigned source = llvm::find(op->getOperands(), view.getViewSource()) -
                      op->getOperands().begin();
    Value bytes = adaptor.getOperands()[source].front();
    rewriter.replaceOpWithMultiple(op, {ValueRange(bytes)});
    return success();
  }
};

/// `memref.alloc` (64-byte aligned), zero-filled as the reference runtime's
/// new buffers (Level 1 results are zero wherever their op writes nothing),
/// freed before the terminator of its block; the `?` extents are its
/// valid_row / valid_col operands, checked by a call of their own
/// (lowerAllocTileExtents). An extent out of range is reported there and
/// becomes 0 here, so the rest of the kernel stays inside the buffer.
struct AllocTileLowering : OpConversionPattern<AllocTileOp> {
  AllocTileLowering(const TypeConverter &converter, MLIRContext *context,
                    OpOutliner &outliner)
      : OpConversionPattern(converter, context), outliner(outliner) {}

  LogicalResult matchAndRewrite(AllocTileOp alloc, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = alloc.getLoc();
    TileBufType type = alloc.getResult().getType();
    if ((alloc.getValidRow() || alloc.getValidCol()) &&
        failed(outliner.callOutlined(alloc, lowerAllocTileExtents,
                                     *getTypeConverter(), adaptor.getOperands(),
                                     rewriter)))
      return failure();
    auto index = [&](int64_t value) {
      return outliner.getConstant(rewriter, alloc, value,
                                  rewriter.getIndexType());
    };
    auto inRange = [&](Value extent, int64_t limit) -> Value {
      Value ok = isValidExtentInRange(rewriter, loc, extent, index(limit));
      return arith::SelectOp::create(rewriter, loc, ok, extent, index(0));
    };
    SmallVector<Value, 3> lowered;
    for (const LoweredTileArg &arg : getLoweredTileArgs(type)) {
      switch (arg.kind) {
      case LoweredTileArgKind::Bytes:
        lowered.push_back(memref::AllocOp::create(
            rewriter, loc, cast<MemRefType>(arg.type),
            rewriter.getI64IntegerAttr(64)));
        outliner.zeroFill(rewriter, loc, lowered.back());
        break;
      case LoweredTileArgKind::ValidRows:
        lowered.push_back(inRange(adaptor.getValidRow().front(), type.getRows()));
        break;
      case LoweredTileArgKind::ValidCols:
        lowered.push_back(inRange(adaptor.getValidCol().front(), type.getCols()));
        break;
      }
    }
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(alloc->getBlock()->getTerminator());
    memref::DeallocOp::create(rewriter, loc, lowered.front());
    rewriter.replaceOpWithMultiple(alloc, {ValueRange(lowered)});
    return success();
  }

  OpOutliner &outliner;
};

/// Every buffer gets host memory of its own. That matches the device
/// exactly when no two live buffers share bytes, which pto-plan-memory
/// guarantees; the placement itself then means nothing on the host.
struct TAssignLowering : OpConversionPattern<TAssignOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(TAssignOp op, OneToNOpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// A view op of global memory: its descriptor (getLoweredViewTypes) is made
/// in the kernel by `describe`, its run-time checks by a call of their own
/// (`checks`, GlobalMemoryLowering.cpp), as alloc_tile's.
template <typename OpT>
struct ViewLowering : OpConversionPattern<OpT> {
  using Adaptor = typename OpConversionPattern<OpT>::OneToNOpAdaptor;

  ViewLowering(const TypeConverter &converter, MLIRContext *context,
               OpOutliner &outliner, OpLoweringFn checks)
      : OpConversionPattern<OpT>(converter, context), outliner(outliner),
        checks(checks) {}

  LogicalResult matchAndRewrite(OpT op, Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (failed(outliner.callOutlined(op, checks, *this->getTypeConverter(),
                                     adaptor.getOperands(), rewriter)))
      return failure();
    SmallVector<Value> descriptor = describe(op, adaptor, rewriter);
    rewriter.replaceOpWithMultiple(op, {ValueRange(descriptor)});
    return success();
  }

  virtual SmallVector<Value> describe(OpT op, Adaptor adaptor,
                                      ConversionPatternRewriter &rewriter) const = 0;

  OpOutliner &outliner;
  OpLoweringFn checks;
};

/// The tensor: the pointer's values, offset 0, extents, strides.
struct MakeTensorViewLowering : ViewLowering<MakeTensorViewOp> {
  MakeTensorViewLowering(const TypeConverter &converter, MLIRContext *context,
                         OpOutliner &outliner)
      : ViewLowering(converter, context, outliner, lowerMakeTensorViewChecks) {}

  SmallVector<Value> describe(MakeTensorViewOp op, Adaptor adaptor,
                              ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> lowered(adaptor.getPtr());
    lowered.push_back(
        outliner.getConstant(rewriter, op, 0, rewriter.getIndexType()));
    for (ValueRange operand : adaptor.getOperands().drop_front())
      lowered.push_back(operand.front());
    return lowered;
  }
};

/// The window: the tensor's descriptor with its first element moved by
/// `sum(offset * stride)` and the sizes as extents.
struct PartitionViewLowering : ViewLowering<PartitionViewOp> {
  PartitionViewLowering(const TypeConverter &converter, MLIRContext *context,
                        OpOutliner &outliner)
      : ViewLowering(converter, context, outliner, lowerPartitionViewChecks) {}

  SmallVector<Value> describe(PartitionViewOp op, Adaptor adaptor,
                              ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange tensor = adaptor.getSource();
    size_t rank = op.getOffsets().size();
    ValueRange strides = tensor.take_back(rank);
    ArrayRef<ValueRange> operands = adaptor.getOperands();
    Value offset = tensor[2];
    for (size_t dim = 0; dim < rank; ++dim)
      offset = arith::AddIOp::create(
          rewriter, loc, offset,
          arith::MulIOp::create(rewriter, loc, operands[1 + dim].front(),
                                strides[dim]));
    SmallVector<Value> lowered = {tensor[0], tensor[1], offset};
    for (size_t dim = 0; dim < rank; ++dim)
      lowered.push_back(operands[1 + rank + dim].front());
    llvm::append_range(lowered, strides);
    return lowered;
  }
};

} // namespace

void mlir::pto::populatePtoToStdPatterns(const TypeConverter &converter,
                                         OpOutliner &outliner,
                                         RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<AllocTileLowering>(converter, context, outliner);
  patterns.add<TAssignLowering>(converter, context);
  patterns.add<TReshapeLowering>(converter, context, outliner);
  patterns.add<OutlinedOpLowering<TOrOp>>(converter, context, outliner, lowerTOr);
  patterns.add<OutlinedOpLowering<TInterleaveOp>>(converter, context, outliner,
                                                  lowerTInterleave);
  patterns.add<OutlinedOpLowering<TDeinterleaveOp>>(converter, context, outliner,
                                                    lowerTDeinterleave);
  patterns.add<OutlinedOpLowering<TSort32Op>>(converter, context, outliner,
                                              lowerTSort32);
  patterns.add<OutlinedOpLowering<TInsertOp>>(converter, context, outliner,
                                              lowerTInsert);
  patterns.add<OutlinedOpLowering<TExtractOp>>(converter, context, outliner,
                                               lowerTExtract);
  patterns.add<MakeTensorViewLowering, PartitionViewLowering>(converter,
                                                              context, outliner);
  patterns.add<OutlinedOpLowering<TLoadOp>>(converter, context, outliner,
                                            lowerTLoad);
  patterns.add<OutlinedOpLowering<TStoreOp>>(converter, context, outliner,
                                             lowerTStore);
  patterns.add<OutlinedOpLowering<TMovOp>>(converter, context, outliner,
                                           lowerTMov);
}
