//===- CallToLLVM.cpp - func.call to llvm.call, one pointer per buffer ----===//
#include "CallToLLVM.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace {

struct CallLowering : ConvertOpToLLVMPattern<func::CallOp> {
  /// Tried before MLIR's func.call lowering (benefit 1).
  CallLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2),
        name(LLVM::CallOp::getOperationName(), &converter.getContext()) {
    // The properties MLIR's lowering leaves on every call it makes.
    MLIRContext *context = &converter.getContext();
    defaults.setCConv(LLVM::CConvAttr::get(context, LLVM::CConv::C));
    defaults.setTailCallKind(
        LLVM::TailCallKindAttr::get(context, LLVM::TailCallKind::None));
    defaults.setFastmathFlags(
        LLVM::FastmathFlagsAttr::get(context, LLVM::FastmathFlags::none));
    defaults.setOpBundleSizes(DenseI32ArrayAttr::get(context, {}));
  }

  LogicalResult
  matchAndRewrite(func::CallOp call, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // MLIR's lowering (bare pointers) takes the rest: results, argument or
    // result attributes, no_inline and discardable attributes, which it
    // copies onto the llvm.call.
    if (!getTypeConverter()->getOptions().useBarePtrCallConv ||
        call.getNumResults() || call.getArgAttrsAttr() ||
        call.getResAttrsAttr() || call.getNoInline() ||
        !call->getDiscardableAttrDictionary().empty())
      return rewriter.notifyMatchFailure(call, "left to MLIR's call lowering");
    for (Type type : call.getOperandTypes())
      if (isa<UnrankedMemRefType>(type))
        return rewriter.notifyMatchFailure(call, "unranked memref");

    SmallVector<Value, 8> operands;
    for (auto [operand, lowered] :
         llvm::zip_equal(call.getOperands(), adaptor.getOperands()))
      operands.push_back(isa<MemRefType>(operand.getType())
                             ? alignedPointer(lowered, call.getLoc(), rewriter)
                             : lowered);

    // The properties set directly: an OperationState would build and take
    // apart an attribute dictionary for every call of a long kernel.
    LLVM::CallOp::Properties properties = defaults;
    properties.setCallee(call.getCalleeAttr());
    properties.operandSegmentSizes = {static_cast<int32_t>(operands.size()), 0};
    rewriter.insert(Operation::create(
        call.getLoc(), name, /*resultTypes=*/{}, operands,
        DictionaryAttr::get(getContext()), &properties, /*successors=*/{},
        /*numRegions=*/0));
    rewriter.eraseOp(call);
    return success();
  }

  /// The aligned pointer of `descriptor`, read once, right after its
  /// definition (it dominates every use of the descriptor).
  Value alignedPointer(Value descriptor, Location loc,
                       ConversionPatternRewriter &rewriter) const {
    Value &pointer = alignedPointers[descriptor];
    if (!pointer) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointAfterValue(descriptor);
      pointer = MemRefDescriptor(descriptor).alignedPtr(rewriter, loc);
    }
    return pointer;
  }

  OperationName name;
  LLVM::CallOp::Properties defaults;
  /// By descriptor, for the one conversion this pattern serves (its
  /// pattern set is built per run). Ops the conversion replaces are erased
  /// only when it ends, so no key is reused meanwhile.
  mutable DenseMap<Value, Value> alignedPointers;
};

} // namespace

void mlir::pto::populateCallToLLVMPattern(const LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<CallLowering>(converter);
}
