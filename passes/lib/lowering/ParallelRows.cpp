//===- ParallelRows.cpp - large ops' rows on several threads --------------===//
//
// `pto-parallel-rows` (PtoLoweringPasses.td): a call of a large op's
// function becomes a call of the runtime dispatcher, which runs parts of
// its rows on several threads through a trampoline. It runs on the LLVM
// dialect, where every argument is a plain value that fits a record.
//
#include "pto/ParallelRowsABI.h"
#include "pto/PtoLowering.h"
#include "pto/RunTimeFailure.h"

namespace mlir::pto {
#define GEN_PASS_DEF_PTOPARALLELROWS
#include "pto/PtoLoweringPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;
using namespace mlir::pto;

namespace {

/// An op function's arguments end with these (OpOutliner.cpp): the error
/// slot, the code base of its checks, the row range.
enum TrailingArg { ErrorSlot, CodeBase, RowBegin, RowEnd, NumTrailing };

/// The argument of `func` that is trailing argument `which`.
unsigned trailing(unsigned numArgs, TrailingArg which) {
  return numArgs - NumTrailing + which;
}

/// The record of a call: every argument but the error slot and the row range.
SmallVector<unsigned> recordArgs(unsigned numArgs) {
  SmallVector<unsigned> args;
  for (unsigned i = 0, e = trailing(numArgs, ErrorSlot); i < e; ++i)
    args.push_back(i);
  args.push_back(trailing(numArgs, CodeBase));
  return args;
}

LLVM::LLVMStructType getRecordType(LLVM::LLVMFuncOp func) {
  ArrayRef<Type> params = func.getFunctionType().getParams();
  SmallVector<Type> fields;
  for (unsigned i : recordArgs(params.size()))
    fields.push_back(params[i]);
  return LLVM::LLVMStructType::getLiteral(func.getContext(), fields);
}

/// `<func>_rows(record, row_begin, row_end, error_slot)`: a
/// ParallelRowsBody calling `func` with the record's arguments.
LLVM::LLVMFuncOp buildTrampoline(LLVM::LLVMFuncOp func, SymbolTable &symbols) {
  MLIRContext *context = func.getContext();
  Location loc = func.getLoc();
  ArrayRef<Type> params = func.getFunctionType().getParams();
  unsigned numArgs = params.size();
  auto ptr = LLVM::LLVMPointerType::get(context);
  Type rowType = params[trailing(numArgs, RowBegin)];
  OpBuilder builder(func);
  auto trampoline = LLVM::LLVMFuncOp::create(
      builder, loc, (func.getName() + "_rows").str(),
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {ptr, rowType, rowType, ptr}),
      LLVM::Linkage::Internal);
  Block *entry = trampoline.addEntryBlock(builder);
  builder.setInsertionPointToStart(entry);
  LLVM::LLVMStructType recordType = getRecordType(func);
  SmallVector<Value> args(numArgs);
  for (auto [field, arg] : llvm::enumerate(recordArgs(numArgs))) {
    Value at = LLVM::GEPOp::create(
        builder, loc, ptr, recordType, entry->getArgument(0),
        ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(field)});
    args[arg] = LLVM::LoadOp::create(builder, loc, params[arg], at);
  }
  args[trailing(numArgs, RowBegin)] = entry->getArgument(1);
  args[trailing(numArgs, RowEnd)] = entry->getArgument(2);
  args[trailing(numArgs, ErrorSlot)] = entry->getArgument(3);
  LLVM::CallOp::create(builder, loc, func, args);
  LLVM::ReturnOp::create(builder, loc, ValueRange());
  symbols.insert(trampoline);
  return trampoline;
}

/// `void pto_parallel_rows(ptr, ptr, i64, i64, ptr, i64)`, declared once.
LLVM::LLVMFuncOp getDispatcher(ModuleOp module, SymbolTable &symbols) {
  if (auto existing = symbols.lookup<LLVM::LLVMFuncOp>(kParallelRowsSymbol))
    return existing;
  MLIRContext *context = module.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto i64 = IntegerType::get(context, 64);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto dispatcher = LLVM::LLVMFuncOp::create(
      builder, module.getLoc(), kParallelRowsSymbol,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {ptr, ptr, i64, i64, ptr, i64}));
  symbols.insert(dispatcher);
  return dispatcher;
}

struct PtoParallelRowsPass
    : mlir::pto::impl::PtoParallelRowsBase<PtoParallelRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (threads <= 1)
      return;
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<std::pair<LLVM::CallOp, LLVM::LLVMFuncOp>> calls;
    module.walk([&](LLVM::CallOp call) {
      std::optional<StringRef> name = call.getCallee();
      auto func = name ? symbols.lookup<LLVM::LLVMFuncOp>(*name) : nullptr;
      auto bytes = func ? func->getAttrOfType<IntegerAttr>(kSplitBytesAttrName)
                        : nullptr;
      if (bytes && bytes.getInt() >= parallelBytes)
        calls.emplace_back(call, func);
    });
    DenseMap<Operation *, LLVM::LLVMFuncOp> trampolines;
    for (auto [call, func] : calls) {
      LLVM::LLVMFuncOp &trampoline = trampolines[func];
      if (!trampoline)
        trampoline = buildTrampoline(func, symbols);
      dispatch(call, func, trampoline, getDispatcher(module, symbols));
    }
  }

  /// Stores the call's arguments in a record (a stack slot of the calling
  /// function, made once at its entry: the call may be in a loop) and
  /// hands it to the dispatcher with the trampoline and the call's rows.
  void dispatch(LLVM::CallOp call, LLVM::LLVMFuncOp func,
                LLVM::LLVMFuncOp trampoline, LLVM::LLVMFuncOp dispatcher) {
    Location loc = call.getLoc();
    MLIRContext *context = call.getContext();
    auto ptr = LLVM::LLVMPointerType::get(context);
    auto i64 = IntegerType::get(context, 64);
    LLVM::LLVMStructType recordType = getRecordType(func);
    OpBuilder builder(call);
    Block &entry = call->getParentOfType<LLVM::LLVMFuncOp>().getBody().front();
    Value record;
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(&entry);
      Value one = LLVM::ConstantOp::create(builder, loc, i64, 1);
      record = LLVM::AllocaOp::create(builder, loc, ptr, recordType, one);
    }
    OperandRange args = call.getArgOperands();
    unsigned numArgs = args.size();
    for (auto [field, arg] : llvm::enumerate(recordArgs(numArgs))) {
      Value at = LLVM::GEPOp::create(
          builder, loc, ptr, recordType, record,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(field)});
      LLVM::StoreOp::create(builder, loc, args[arg], at);
    }
    auto constant = [&](int64_t value) -> Value {
      return LLVM::ConstantOp::create(builder, loc, i64, value);
    };
    Value body = LLVM::AddressOfOp::create(builder, loc, trampoline);
    // The call's range starts at row 0 (pto-to-std): its end is the rows.
    LLVM::CallOp::create(builder, loc, dispatcher,
                         {body, record, args[trailing(numArgs, RowEnd)],
                          constant(threads), args[trailing(numArgs, ErrorSlot)],
                          constant(kErrorSlotWords)});
    call.erase();
  }
};

} // namespace
