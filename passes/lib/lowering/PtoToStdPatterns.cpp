//===- PtoToStdPatterns.cpp - one conversion pattern per op family --------===//
//
// Buffers (alloc_tile, tassign, the treshape view) become memref code in
// the kernel; every other tile op becomes a call of its own function
// (OpOutliner.h), whose body the op family's lower* function builds.
//
#include "OpOutliner.h"
#include "Placement.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::pto;

namespace {

/// The body of an OpT's function, built by `Lower` from the op's accessors
/// (the outliner's functions take any op).
template <typename OpT, LogicalResult (*Lower)(OpT, TileLowering &)>
LogicalResult lowerAs(Operation *op, TileLowering &lowering) {
  return Lower(cast<OpT>(op), lowering);
}

/// A Level 2 tile op of family OpT, lowered by `Lower` into its function.
template <typename OpT, LogicalResult (*Lower)(OpT, TileLowering &)>
struct OutlinedOpLowering : OpConversionPattern<OpT> {
  using Adaptor = typename OpConversionPattern<OpT>::OneToNOpAdaptor;

  OutlinedOpLowering(const TypeConverter &converter, MLIRContext *context,
                     OpOutliner &outliner)
      : OpConversionPattern<OpT>(converter, context), outliner(outliner) {}

  LogicalResult
  matchAndRewrite(OpT op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    outliner.lowerAsCall(op, lowerAs<OpT, Lower>, *this->getTypeConverter(),
                         adaptor.getOperands(), rewriter);
    return success();
  }

  OpOutliner &outliner;
};

/// The three fill ops share one lowering, over their operand groups.
template <typename OpT>
LogicalResult lowerFillPadOp(OpT op, TileLowering &lowering) {
  return lowerTFillPad(op, lowering);
}

/// Every op of every family (FamilyOpInterface), lowered by its family's
/// lowering into its function: one pattern, however many ops.
struct FamilyOpLowering : OpInterfaceConversionPattern<FamilyOpInterface> {
  FamilyOpLowering(const TypeConverter &converter, MLIRContext *context,
                   OpOutliner &outliner)
      : OpInterfaceConversionPattern(converter, context), outliner(outliner) {}

  LogicalResult
  matchAndRewrite(FamilyOpInterface op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    outliner.lowerAsCall(op, getFamilyLowering(op.getFamily()),
                         *getTypeConverter(), operands, rewriter);
    return success();
  }

  OpOutliner &outliner;
};

/// The view form is the source's bytes read as the result's type (whose
/// valid shape is static: the view has no operands for extents); the DPS
/// form copies the bytes in its function.
struct TReshapeLowering : OutlinedOpLowering<TReshapeOp, lowerTReshapeCopy> {
  using OutlinedOpLowering::OutlinedOpLowering;

  LogicalResult
  matchAndRewrite(TReshapeOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getDst())
      return OutlinedOpLowering::matchAndRewrite(op, adaptor, rewriter);
    // The bytes (a static valid shape has no extent values).
    Value bytes = adaptor.getSrc().front();
    rewriter.replaceOpWithMultiple(op, {ValueRange(bytes)});
    return success();
  }
};

/// `extent` if it lies in 0..`limit`, else 0: an extent out of range is
/// reported by the call of lowerValidExtents before, and the rest of the
/// kernel stays inside the buffer.
static Value clampExtent(OpBuilder &builder, Operation *op, Value extent,
                         int64_t limit, OpOutliner &outliner) {
  Location loc = op->getLoc();
  auto index = [&](int64_t value) {
    return outliner.getConstant(builder, op, value, builder.getIndexType());
  };
  Value ok = isValidExtentInRange(builder, loc, extent, index(limit));
  return arith::SelectOp::create(builder, loc, ok, extent, index(0));
}

/// Stores `rows` and `cols` in `cell` (OpOutliner::placeValidCells).
static void storeValidCell(OpBuilder &builder, Operation *op, Value cell,
                           Value rows, Value cols, OpOutliner &outliner) {
  // A named array: a ValueRange over a braced list would point into a
  // temporary that dies before the loop body runs.
  Value extents[] = {rows, cols};
  for (auto [dim, extent] : llvm::enumerate(extents))
    memref::StoreOp::create(
        builder, op->getLoc(), extent, cell,
        outliner.getConstant(builder, op, dim, builder.getIndexType()));
}

/// `memref.alloc` (64-byte aligned), zero-filled as the reference runtime's
/// new buffers (Level 1 results are zero wherever their op writes nothing),
/// freed before the terminator of its block (a placed one, Placement.h, is
/// its bytes of the arena as they are, never freed); the `?` extents are its
/// valid_row / valid_col operands, checked by a call of their own
/// (lowerValidExtents), clamped here (clampExtent), and stored in the
/// buffer's cell if a set_validshape sets them later.
struct AllocTileLowering : OpConversionPattern<AllocTileOp> {
  AllocTileLowering(const TypeConverter &converter, MLIRContext *context,
                    OpOutliner &outliner)
      : OpConversionPattern(converter, context), outliner(outliner) {}

  LogicalResult
  matchAndRewrite(AllocTileOp alloc, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = alloc.getLoc();
    TileBufType type = alloc.getResult().getType();
    if ((alloc.getValidRow() || alloc.getValidCol()) &&
        failed(outliner.callOutlined(alloc, lowerValidExtents,
                                     *getTypeConverter(), adaptor.getOperands(),
                                     rewriter)))
      return failure();
    auto index = [&](int64_t value) {
      return outliner.getConstant(rewriter, alloc, value,
                                  rewriter.getIndexType());
    };
    SmallVector<Value, 3> lowered;
    for (const LoweredTileArg &arg : getLoweredTileArgs(type)) {
      switch (arg.kind) {
      case LoweredTileArgKind::Bytes:
        if (auto offset =
                alloc->getAttrOfType<IntegerAttr>(kArenaOffsetAttrName)) {
          lowered.push_back(memref::ViewOp::create(
              rewriter, loc, cast<MemRefType>(arg.type), getArena(alloc),
              index(offset.getInt()), ValueRange()));
        } else {
          lowered.push_back(
              memref::AllocOp::create(rewriter, loc, cast<MemRefType>(arg.type),
                                      rewriter.getI64IntegerAttr(64)));
          outliner.zeroFill(rewriter, loc, lowered.back());
        }
        break;
      case LoweredTileArgKind::ValidRows:
        lowered.push_back(clampExtent(rewriter, alloc,
                                      adaptor.getValidRow().front(),
                                      type.getRows(), outliner));
        break;
      case LoweredTileArgKind::ValidCols:
        lowered.push_back(clampExtent(rewriter, alloc,
                                      adaptor.getValidCol().front(),
                                      type.getCols(), outliner));
        break;
      }
    }
    // set_validshape_c1: a buffer with a cell has both extents `?`.
    if (Value cell = outliner.getValidCell(alloc))
      storeValidCell(rewriter, alloc, cell, lowered[1], lowered[2], outliner);
    if (!alloc->hasAttr(kArenaOffsetAttrName)) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(alloc->getBlock()->getTerminator());
      memref::DeallocOp::create(rewriter, loc, lowered.front());
    }
    rewriter.replaceOpWithMultiple(alloc, {ValueRange(lowered)});
    return success();
  }

  OpOutliner &outliner;
};

/// The new extents, checked by a call of lowerValidExtents, clamped
/// (clampExtent) and stored in the buffer's cell, where every later op of
/// the buffer reads them (OpOutliner::placeValidCells).
struct SetValidShapeLowering : OpConversionPattern<SetValidShapeOp> {
  SetValidShapeLowering(const TypeConverter &converter, MLIRContext *context,
                        OpOutliner &outliner)
      : OpConversionPattern(converter, context), outliner(outliner) {}

  LogicalResult
  matchAndRewrite(SetValidShapeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileBufType type = op.getTile().getType();
    if (failed(outliner.callOutlined(op, lowerValidExtents, *getTypeConverter(),
                                     adaptor.getOperands(), rewriter)))
      return failure();
    storeValidCell(rewriter, op, outliner.getValidCell(op),
                   clampExtent(rewriter, op, adaptor.getValidRow().front(),
                               type.getRows(), outliner),
                   clampExtent(rewriter, op, adaptor.getValidCol().front(),
                               type.getCols(), outliner),
                   outliner);
    rewriter.eraseOp(op);
    return success();
  }

  OpOutliner &outliner;
};

/// The tile's `?` extents are values of its lowering (getLoweredTileArgs),
/// read from its cell if a set_validshape sets them (readValidCell), its
/// static ones constants.
struct ValidShapeLowering : OpConversionPattern<ValidShapeOp> {
  ValidShapeLowering(const TypeConverter &converter, MLIRContext *context,
                     OpOutliner &outliner)
      : OpConversionPattern(converter, context), outliner(outliner) {}

  LogicalResult
  matchAndRewrite(ValidShapeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<TileBufType>(op.getTile().getType());
    SmallVector<Value, 3> lowered =
        outliner.readValidCell(rewriter, op, 0, adaptor.getTile());
    SmallVector<Value, 2> extents(2);
    for (auto [arg, value] : llvm::zip(getLoweredTileArgs(type), lowered)) {
      if (arg.kind == LoweredTileArgKind::ValidRows)
        extents[0] = value;
      else if (arg.kind == LoweredTileArgKind::ValidCols)
        extents[1] = value;
    }
    for (auto [extent, dim] : llvm::zip(extents, type.getValidShape()))
      if (!extent)
        extent =
            outliner.getConstant(rewriter, op, dim, rewriter.getIndexType());
    rewriter.replaceOp(op, extents);
    return success();
  }

  OpOutliner &outliner;
};

/// A placement has done its work before the conversion (Placement.h: the
/// tile it places is an allocation in the arena from there on, its check
/// against the memory's capacity is before it).
struct TAssignLowering : OpConversionPattern<TAssignOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TAssignOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// A view op of global memory: its descriptor (getLoweredViewTypes) is made
/// in the kernel by `describe`, its run-time checks by a call of their own
/// (`checks`, GlobalMemoryLowering.cpp), as alloc_tile's.
template <typename OpT> struct ViewLowering : OpConversionPattern<OpT> {
  using Adaptor = typename OpConversionPattern<OpT>::OneToNOpAdaptor;

  ViewLowering(const TypeConverter &converter, MLIRContext *context,
               OpOutliner &outliner, OpLoweringFn checks)
      : OpConversionPattern<OpT>(converter, context), outliner(outliner),
        checks(checks) {}

  LogicalResult
  matchAndRewrite(OpT op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(outliner.callOutlined(op, checks, *this->getTypeConverter(),
                                     adaptor.getOperands(), rewriter)))
      return failure();
    SmallVector<Value> descriptor = describe(op, adaptor, rewriter);
    rewriter.replaceOpWithMultiple(op, {ValueRange(descriptor)});
    return success();
  }

  virtual SmallVector<Value>
  describe(OpT op, Adaptor adaptor,
           ConversionPatternRewriter &rewriter) const = 0;

  OpOutliner &outliner;
  OpLoweringFn checks;
};

/// The tensor: the pointer's values, offset 0, extents, strides.
struct MakeTensorViewLowering : ViewLowering<MakeTensorViewOp> {
  MakeTensorViewLowering(const TypeConverter &converter, MLIRContext *context,
                         OpOutliner &outliner)
      : ViewLowering(converter, context, outliner, lowerMakeTensorViewChecks) {}

  SmallVector<Value>
  describe(MakeTensorViewOp op, Adaptor adaptor,
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

  SmallVector<Value>
  describe(PartitionViewOp op, Adaptor adaptor,
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
  patterns.add<ValidShapeLowering>(converter, context, outliner);
  patterns.add<SetValidShapeLowering>(converter, context, outliner);
  patterns.add<TReshapeLowering>(converter, context, outliner);
  patterns.add<FamilyOpLowering>(converter, context, outliner);
  patterns.add<OutlinedOpLowering<TInterleaveOp, lowerTInterleave>,
               OutlinedOpLowering<TDeinterleaveOp, lowerTDeinterleave>,
               OutlinedOpLowering<TSort32Op, lowerTSort32>,
               OutlinedOpLowering<TInsertOp, lowerTInsert>,
               OutlinedOpLowering<TExtractOp, lowerTExtract>,
               OutlinedOpLowering<TLoadOp, lowerTLoad>,
               OutlinedOpLowering<TStoreOp, lowerTStore>,
               OutlinedOpLowering<TMovOp, lowerTMov>,
               OutlinedOpLowering<TPrintOp, lowerTPrint>,
               OutlinedOpLowering<TCvtOp, lowerTCvt>,
               OutlinedOpLowering<TMatmulOp, lowerTMatmul>,
               OutlinedOpLowering<TMatmulAccOp, lowerTMatmulAcc>,
               OutlinedOpLowering<TMatmulBiasOp, lowerTMatmulBias>>(
      converter, context, outliner);
  patterns.add<OutlinedOpLowering<TMrgSortOp, lowerTMrgSort>>(
      converter, context, outliner);
  patterns.add<
      OutlinedOpLowering<TFillPadOp, lowerFillPadOp<TFillPadOp>>,
      OutlinedOpLowering<TFillPadInplaceOp, lowerFillPadOp<TFillPadInplaceOp>>,
      OutlinedOpLowering<TFillPadExpandOp, lowerFillPadOp<TFillPadExpandOp>>>(
      converter, context, outliner);
  patterns.add<OutlinedOpLowering<TGatherOp, lowerTGather>>(converter, context,
                                                            outliner);
  patterns.add<OutlinedOpLowering<TCIOp, lowerTCI>,
               OutlinedOpLowering<TTriOp, lowerTTri>,
               OutlinedOpLowering<TSelOp, lowerTSel>,
               OutlinedOpLowering<TSelSOp, lowerTSelS>,
               OutlinedOpLowering<TCmpOp, lowerTCmp>,
               OutlinedOpLowering<TCmpSOp, lowerTCmpS>>(converter, context,
                                                        outliner);
  patterns.add<MakeTensorViewLowering, PartitionViewLowering>(
      converter, context, outliner);
}
