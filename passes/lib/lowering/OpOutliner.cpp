//===- OpOutliner.cpp - each tile op becomes a call -----------------------===//
#include "OpOutliner.h"

#include "llvm/Support/raw_ostream.h"

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

/// What the generated code depends on: the op with its attributes and
/// operand types, and which operands are the same value (a source that is
/// also a destination is copied first). Locations are left out: messages
/// are per call site.
static std::string getSignature(Operation *op, ArrayRef<Value> operands,
                                const DenseMap<Value, HostBuffer> &buffers) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getName() << op->getAttrDictionary();
  for (Value operand : op->getOperands()) {
    auto buffer = buffers.find(operand);
    os << "|" << llvm::find(operands, operand) - operands.begin() << ":";
    if (buffer != buffers.end())
      os << buffer->second.type;
    else
      os << operand.getType();
  }
  return text;
}

/// The tile type of `operand`, null for a scalar.
static TileBufType getTileType(Value operand,
                               const DenseMap<Value, HostBuffer> &buffers) {
  auto buffer = buffers.find(operand);
  return buffer == buffers.end() ? TileBufType() : buffer->second.type;
}

FailureOr<OpOutliner::Outlined>
OpOutliner::outline(Operation *op, OpLoweringFn lowerOp,
                    ArrayRef<Value> operands, func::FuncOp kernel,
                    const DenseMap<Value, HostBuffer> &buffers) {
  MLIRContext *context = op->getContext();
  Location loc = op->getLoc();
  IndexType indexType = IndexType::get(context);
  SmallVector<Type> argTypes;
  for (Value operand : operands) {
    TileBufType type = getTileType(operand, buffers);
    if (!type) {
      argTypes.push_back(operand.getType());
      continue;
    }
    argTypes.push_back(getBytesType(type));
    for (int64_t extent : type.getValidShape())
      if (ShapedType::isDynamic(extent))
        argTypes.push_back(indexType);
  }
  argTypes.push_back(getErrorSlotType(context));
  argTypes.push_back(IntegerType::get(context, 32));

  OpBuilder builder(kernel);
  std::string name = (op->getName().getStringRef().drop_front(4) + "_op").str();
  auto func = func::FuncOp::create(builder, loc, name,
                                   builder.getFunctionType(argTypes, {}));
  func.setPrivate();
  // LLVM would inline a shared function into every call site and optimize
  // the whole kernel as one function again (superlinear compile time).
  func->setAttr("passthrough", builder.getArrayAttr(builder.getStringAttr("noinline")));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  auto args = entry->getArguments();
  TileLowering lowering(builder, entry, args[args.size() - 2], args.back());
  unsigned next = 0;
  for (Value operand : operands) {
    TileBufType type = getTileType(operand, buffers);
    if (!type) {
      lowering.defineScalar(operand, args[next++]);
      continue;
    }
    Value bytes = args[next++];
    unsigned dynamic = llvm::count_if(type.getValidShape(), ShapedType::isDynamic);
    lowering.define(loc, operand, type, bytes, args.slice(next, dynamic));
    next += dynamic;
  }
  if (failed(lowerOp(op, lowering))) {
    func.erase();
    return failure();
  }
  lowering.releaseScratch(loc);
  func::ReturnOp::create(builder, loc);
  symbols.insert(func);
  return Outlined{func, SmallVector<FailureSite>(lowering.getChecks())};
}

LogicalResult OpOutliner::lowerAsCall(Operation *op, OpLoweringFn lowerOp,
                                      func::FuncOp kernel, OpBuilder &builder,
                                      const DenseMap<Value, HostBuffer> &buffers,
                                      Value errorSlot) {
  SmallVector<Value> operands = distinctOperands(op);
  std::string signature = getSignature(op, operands, buffers);
  auto it = bySignature.find(signature);
  if (it == bySignature.end()) {
    FailureOr<Outlined> outlined = outline(op, lowerOp, operands, kernel, buffers);
    if (failed(outlined))
      return failure();
    it = bySignature.try_emplace(signature, std::move(*outlined)).first;
  }
  const Outlined &outlined = it->second;

  Location loc = op->getLoc();
  SmallVector<Value> callArgs;
  for (Value operand : operands) {
    auto buffer = buffers.find(operand);
    if (buffer == buffers.end()) {
      callArgs.push_back(operand);
      continue;
    }
    callArgs.push_back(buffer->second.bytes);
    llvm::append_range(callArgs, buffer->second.dynamicExtents);
  }
  callArgs.push_back(errorSlot);
  callArgs.push_back(
      arith::ConstantIntOp::create(builder, loc, messages.size(), 32));
  for (const FailureSite &site : outlined.checks)
    messages.push_back(describeOpFailure(op, site));
  func::CallOp::create(builder, loc, outlined.func, callArgs);
  return success();
}
