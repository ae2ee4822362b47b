//===- OpOutliner.cpp - each tile op becomes a call -----------------------===//
#include "OpOutliner.h"

#include "ErrorSlot.h"
#include "RowSplit.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::pto;

/// The operands of `op`, each buffer or value once, in order of first use.
static SmallVector<Value> distinctOperands(Operation *op) {
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    if (!llvm::is_contained(operands, operand))
      operands.push_back(operand);
  return operands;
}

/// The bytes of the distinct tile buffers among `operands`.
static int64_t getTileBytes(ArrayRef<Value> operands) {
  int64_t bytes = 0;
  for (Value operand : operands)
    if (auto type = dyn_cast<TileBufType>(operand.getType()))
      bytes += getBytesType(type).getDimSize(0);
  return bytes;
}

/// What the generated code depends on: the op with its attributes, operand
/// and result types, and which operands are the same value (a source that is
/// also a destination is copied first). Locations are left out: messages
/// are per call site. Names, attributes and types are uniqued, so their
/// addresses stand for them.
static OpOutliner::Signature getSignature(Operation *op,
                                          ArrayRef<Value> operands) {
  auto number = [](size_t n) { return reinterpret_cast<const void *>(n); };
  OpOutliner::Signature signature{op->getName().getAsOpaquePointer(),
                                  op->getAttrDictionary().getAsOpaquePointer(),
                                  number(op->getNumOperands())};
  for (Value operand : op->getOperands()) {
    signature.push_back(
        number(llvm::find(operands, operand) - operands.begin()));
    signature.push_back(operand.getType().getAsOpaquePointer());
  }
  // alloc_tile's checks depend on the tile type it makes.
  for (Type result : op->getResultTypes())
    signature.push_back(result.getAsOpaquePointer());
  return signature;
}

/// A call of `func`, which returns nothing, with its properties set
/// directly: building it from an OperationState makes and takes apart an
/// attribute dictionary, for every op of a long kernel.
static void createCall(OpBuilder &builder, Location loc, func::FuncOp func,
                       ValueRange args) {
  MLIRContext *context = builder.getContext();
  func::CallOp::Properties properties;
  properties.setCallee(FlatSymbolRefAttr::get(func));
  builder.insert(Operation::create(
      loc, OperationName(func::CallOp::getOperationName(), context),
      /*resultTypes=*/{}, args, DictionaryAttr::get(context), &properties,
      /*successors=*/{}, /*numRegions=*/0));
}

/// The type a scalar argument of `type` crosses the call to an op's function
/// as: a bf16 as its bits (i16), since LLVM passes a bf16 argument through
/// f32 and truncates it back, which flushes a subnormal to zero on a CPU
/// without AVX512-BF16 (as its bf16 arithmetic does, ElementOpLowering.cpp);
/// other types as they are.
static Type getCallArgType(Type type) {
  if (type.isBF16())
    return IntegerType::get(type.getContext(), 16);
  return type;
}

FailureOr<OpOutliner::Outlined>
OpOutliner::outline(Operation *op, OpLoweringFn lowerOp,
                    const TypeConverter &converter, ArrayRef<Value> operands) {
  MLIRContext *context = op->getContext();
  Location loc = op->getLoc();
  SmallVector<Type> argTypes;
  for (Value operand : operands)
    (void)converter.convertType(operand.getType(), argTypes);
  for (Type &type : argTypes)
    type = getCallArgType(type);
  argTypes.push_back(getErrorSlotType(context));
  argTypes.push_back(IntegerType::get(context, 32));
  RowSplit split = rowRanges ? getRowSplit(op) : RowSplit{};
  Value splitOperand = split.rows;
  if (splitOperand)
    argTypes.append(2, IndexType::get(context));

  // The function is new IR of legal ops only, outside the kernel being
  // converted: it is built directly, the conversion never needs to visit it.
  OpBuilder builder(op->getParentOfType<func::FuncOp>());
  std::string name = (op->getName().getStringRef().drop_front(4) + "_op").str();
  auto func = func::FuncOp::create(builder, loc, name,
                                   builder.getFunctionType(argTypes, {}));
  func.setPrivate();
  // LLVM would inline a shared function into every call site and optimize
  // the whole kernel as one function again (superlinear compile time).
  func->setAttr("passthrough",
                builder.getArrayAttr(builder.getStringAttr("noinline")));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  auto args = entry->getArguments();
  std::optional<int64_t> splitRows;
  if (splitOperand) {
    splitRows = cast<TileBufType>(splitOperand.getType()).getRows();
    func->setAttr(
        kSplitBytesAttrName,
        builder.getI64IntegerAttr(getTileBytes(operands) * split.costPerByte));
    args = args.drop_back(2);
  }
  TileLowering lowering(builder, entry, args[args.size() - 2], args.back());
  if (splitOperand)
    lowering.setRowRange(entry->getArguments().drop_back().back(),
                         entry->getArguments().back());
  unsigned next = 0;
  for (Value operand : operands) {
    auto type = dyn_cast<TileBufType>(operand.getType());
    if (!type) {
      SmallVector<Type> lowered;
      (void)converter.convertType(operand.getType(), lowered);
      if (lowered.size() == 1)
        lowering.defineScalar(
            operand, args[next].getType() == lowered[0]
                         ? Value(args[next])
                         : arith::BitcastOp::create(builder, loc, lowered[0],
                                                    args[next]));
      else
        lowering.defineValues(operand, args.slice(next, lowered.size()));
      next += lowered.size();
      continue;
    }
    unsigned count = getLoweredTileArgs(type).size();
    lowering.define(loc, operand, type, args[next],
                    args.slice(next + 1, count - 1));
    next += count;
  }
  if (failed(lowerOp(op, lowering))) {
    func.erase();
    return failure();
  }
  lowering.releaseScratch(loc);
  func::ReturnOp::create(builder, loc);
  symbols.insert(func);
  return Outlined{func, SmallVector<FailureSite>(lowering.getChecks()),
                  splitRows};
}

void OpOutliner::zeroFill(OpBuilder &builder, Location loc, Value bytes) {
  auto type = cast<MemRefType>(bytes.getType());
  func::FuncOp &func = zeroFills[type];
  if (!func) {
    // Built directly, as outline() builds its functions. LLVM may inline
    // it: the loop becomes one memset.
    OpBuilder funcBuilder(
        bytes.getParentRegion()->getParentOfType<func::FuncOp>());
    func = func::FuncOp::create(funcBuilder, loc, "zero_fill",
                                funcBuilder.getFunctionType({type}, {}));
    func.setPrivate();
    Block *entry = func.addEntryBlock();
    funcBuilder.setInsertionPointToStart(entry);
    mlir::pto::zeroFill(funcBuilder, loc, entry->getArgument(0));
    func::ReturnOp::create(funcBuilder, loc);
    symbols.insert(func);
  }
  createCall(builder, loc, func, bytes);
}

Value OpOutliner::getConstant(OpBuilder &builder, Operation *op, int64_t value,
                              Type type) {
  auto func = op->getParentOfType<func::FuncOp>();
  Value &constant = constants[{func, type, value}];
  if (!constant) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&func.getBody().front());
    constant = arith::ConstantOp::create(builder, func.getLoc(),
                                         builder.getIntegerAttr(type, value));
  }
  return constant;
}

void OpOutliner::checkInline(OpBuilder &builder, Operation *op,
                             function_ref<void(TileLowering &)> emit) {
  auto func = op->getParentOfType<func::FuncOp>();
  Value codeBase =
      getConstant(builder, op, messages.size(), builder.getI32Type());
  TileLowering lowering(builder, &func.getBody().front(), getErrorSlot(op),
                        codeBase);
  emit(lowering);
  for (const FailureSite &site : lowering.getChecks())
    messages.push_back(describeOpFailure(op, site));
}

void OpOutliner::lowerAsCall(Operation *op, OpLoweringFn lowerOp,
                             const TypeConverter &converter,
                             ArrayRef<ValueRange> loweredOperands,
                             ConversionPatternRewriter &rewriter) {
  (void)callOutlined(op, lowerOp, converter, loweredOperands, rewriter);
  rewriter.eraseOp(op);
}

LogicalResult OpOutliner::callOutlined(Operation *op, OpLoweringFn lowerOp,
                                       const TypeConverter &converter,
                                       ArrayRef<ValueRange> loweredOperands,
                                       ConversionPatternRewriter &rewriter) {
  SmallVector<Value> operands = distinctOperands(op);
  Signature signature = getSignature(op, operands);
  auto it = bySignature.find(signature);
  if (it == bySignature.end()) {
    FailureOr<Outlined> outlined = outline(op, lowerOp, converter, operands);
    if (failed(outlined)) {
      errors = true;
      return failure();
    }
    it = bySignature.try_emplace(signature, std::move(*outlined)).first;
  }
  const Outlined &outlined = it->second;

  Location loc = op->getLoc();
  SmallVector<Value> callArgs;
  for (Value operand : operands) {
    unsigned index =
        llvm::find(op->getOperands(), operand) - op->operand_begin();
    for (Value arg :
         readValidCell(rewriter, op, index, loweredOperands[index])) {
      Type type = getCallArgType(arg.getType());
      callArgs.push_back(type == arg.getType() ? arg
                                               : arith::BitcastOp::create(
                                                     rewriter, loc, type, arg));
    }
  }
  callArgs.push_back(getErrorSlot(op));
  callArgs.push_back(
      getConstant(rewriter, op, messages.size(), rewriter.getI32Type()));
  if (outlined.splitRows) {
    // The whole range: pto-parallel-rows may split it.
    callArgs.push_back(getConstant(rewriter, op, 0, rewriter.getIndexType()));
    callArgs.push_back(getConstant(rewriter, op, *outlined.splitRows,
                                   rewriter.getIndexType()));
  }
  for (const FailureSite &site : outlined.checks)
    messages.push_back(describeOpFailure(op, site));
  createCall(rewriter, loc, outlined.func, callArgs);
  return success();
}

LogicalResult OpOutliner::placeValidCells(ModuleOp module) {
  WalkResult result = module.walk([&](SetValidShapeOp set) {
    // set_validshape_c2: the buffer is an alloc_tile of the function.
    auto alloc = set.getTile().getDefiningOp<AllocTileOp>();
    if (cells.count(alloc))
      return WalkResult::advance();
    Block &entry = alloc->getParentOfType<func::FuncOp>().getBody().front();
    auto builder = OpBuilder::atBlockBegin(&entry);
    Value cell = memref::AllocaOp::create(
        builder, alloc.getLoc(), MemRefType::get({2}, builder.getIndexType()));
    cells[alloc] = cell;
    for (OpOperand &use : alloc.getResult().getUses()) {
      Operation *user = use.getOwner();
      if (isa<SetValidShapeOp>(user))
        cells[user] = cell;
      else if (isa<PtoDialect>(user->getDialect()))
        cellReads[{user, use.getOperandNumber()}] = cell;
      else {
        user->emitOpError()
            << "uses a tile buffer whose valid shape 'pto.set_validshape' "
               "sets, which the host lowering does not support: it keeps "
               "the extents for the pto ops of the buffer's function";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

SmallVector<Value, 3> OpOutliner::readValidCell(OpBuilder &builder,
                                                Operation *op, unsigned index,
                                                ValueRange lowered) {
  SmallVector<Value, 3> values(lowered.begin(), lowered.end());
  Value cell = cellReads.lookup({op, index});
  if (!cell)
    return values;
  // set_validshape_c1: the buffer's lowering is its bytes, rows and cols.
  for (unsigned dim : {0u, 1u})
    values[1 + dim] = memref::LoadOp::create(
        builder, op->getLoc(), cell,
        getConstant(builder, op, dim, builder.getIndexType()));
  return values;
}
