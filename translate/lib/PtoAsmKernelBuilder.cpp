//===- PtoAsmKernelBuilder.cpp - PTO-AS statements to a pto kernel
//---------===//
//
// One file is one kernel, a func.func:
//  - a register read before it is written is an argument, in order of first
//    use (destination-first statements read their destinations too: every
//    tile register there is a buffer argument written in place);
//  - a value written by a synchronous statement and never read afterwards
//    is a result, in order of definition;
//  - a register keeps one type in the whole file;
//  - `tassign %t, @tile(addr)` places the tile %t: at once if %t has a value,
//    else right before the statement that first reads it (or after the one
//    that first writes it), since only that statement gives its type;
//  - the tensor register of a window form (`tload %tensor[%r, %c]`, `tstore
//    %t, %tensor[%r, %c]`, PtoAsmGlobalForms.h) read before it is written
//    is a `!pto.ptr` argument, viewed by a pto.make_tensor_view there.
//
#include "PtoAsmGlobalForms.h"
#include "PtoAsmOpForms.h"
#include "PtoAsmStatement.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "pto/PtoAsm.h"
#include "pto/PtoDialect.h"
#include "pto/PtoTileOpSupport.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::pto;
using namespace mlir::pto::assembly;

namespace {
class KernelBuilder {
public:
  KernelBuilder(llvm::SourceMgr &sourceMgr, const SourceLocator &locate,
                ModuleOp module, StringRef entry)
      : sourceMgr(sourceMgr), locate(locate), context(module.getContext()),
        builder(module.getBodyRegion()) {
    func = func::FuncOp::create(builder, locate.startOfFile(), entry,
                                builder.getFunctionType({}, {}));
    body = func.addEntryBlock();
    builder.setInsertionPointToEnd(body);
  }

  LogicalResult build(const Statement &statement);
  LogicalResult finish();

private:
  InFlightDiagnostic emitError(llvm::SMLoc loc) {
    return mlir::emitError(locate(loc));
  }
  FailureOr<Value> read(const Scalar &scalar, Type type);
  LogicalResult bind(const Scalar &reg, Value value);
  LogicalResult place(const Statement &statement);
  /// Emits the placements of `reg` that waited for its value.
  void placeWaiting(StringRef reg, Value value);
  LogicalResult checkType(const Scalar &reg, Type type, Type bound,
                          llvm::SMLoc boundLoc);
  FailureOr<SmallVector<Type>> typesOfIns(const Statement &statement,
                                          OperationName op,
                                          ArrayRef<const Scalar *> ins,
                                          bool isBuffer);
  LogicalResult buildWindowForm(const Statement &statement);
  FailureOr<Value> readTensor(const Scalar &reg, Type type);
  Value makeWindow(Value tensor, Value row, Value col, Type tile, Location loc);

  struct Binding {
    Value value;
    llvm::SMLoc loc;
  };
  struct Placement {
    int64_t address;
    llvm::SMLoc loc;
  };

  llvm::SourceMgr &sourceMgr;
  const SourceLocator &locate;
  MLIRContext *context;
  OpBuilder builder;
  func::FuncOp func;
  Block *body;
  llvm::StringMap<Binding> registers;
  /// `tassign`s of registers without a value yet, in file order.
  llvm::MapVector<StringRef, SmallVector<Placement, 1>> waiting;
};
} // namespace

LogicalResult KernelBuilder::checkType(const Scalar &reg, Type type, Type bound,
                                       llvm::SMLoc boundLoc) {
  if (type == bound)
    return success();
  unsigned line = sourceMgr.getLineAndColumn(boundLoc).first;
  return emitError(reg.loc)
         << "register %" << reg.reg
         << " used with two types: " << typeToString(type) << " here, "
         << typeToString(bound) << " on line " << line;
}

FailureOr<Value> KernelBuilder::read(const Scalar &scalar, Type type) {
  if (scalar.isImmediate()) {
    if (!isa<IntegerType, IndexType>(type))
      return emitError(scalar.loc)
             << "immediate " << scalar.value
             << " stands for an operand of type " << typeToString(type)
             << ", which is no integer or index";
    return arith::ConstantOp::create(builder, locate(scalar.loc),
                                     builder.getIntegerAttr(type, scalar.value))
        .getResult();
  }
  auto it = registers.find(scalar.reg);
  if (it != registers.end()) {
    if (failed(checkType(scalar, type, it->second.value.getType(),
                         it->second.loc)))
      return failure();
    return it->second.value;
  }
  Value argument = body->addArgument(type, locate(scalar.loc));
  registers[scalar.reg] = {argument, scalar.loc};
  placeWaiting(scalar.reg, argument);
  return argument;
}

void KernelBuilder::placeWaiting(StringRef reg, Value value) {
  auto it = waiting.find(reg);
  if (it == waiting.end())
    return;
  for (const Placement &placement : it->second)
    TAssignOp::create(builder, locate(placement.loc), value,
                      builder.getI64IntegerAttr(placement.address));
  waiting.erase(it);
}

LogicalResult KernelBuilder::place(const Statement &statement) {
  const Scalar &reg = statement.operands.front().base;
  Placement placement{*statement.tileAddress, statement.opLoc};
  auto it = registers.find(reg.reg);
  if (it == registers.end()) {
    // The statement owns the register name for the builder's lifetime.
    waiting[reg.reg].push_back(placement);
    return success();
  }
  TAssignOp::create(builder, locate(placement.loc), it->second.value,
                    builder.getI64IntegerAttr(placement.address));
  return success();
}

LogicalResult KernelBuilder::bind(const Scalar &reg, Value value) {
  auto it = registers.find(reg.reg);
  if (it != registers.end() &&
      failed(checkType(reg, value.getType(), it->second.value.getType(),
                       it->second.loc)))
    return failure();
  registers[reg.reg] = {value, reg.loc};
  placeWaiting(reg.reg, value);
  return success();
}

FailureOr<SmallVector<Type>>
KernelBuilder::typesOfIns(const Statement &statement, OperationName op,
                          ArrayRef<const Scalar *> ins, bool isBuffer) {
  const TypeSide &lhs = statement.types.lhs;
  SmallVector<Type> types;
  if (lhs.isList) {
    if (lhs.types.size() != ins.size())
      return emitError(statement.types.loc)
             << "expected " << ins.size() << " types before '->' (one per "
             << "source operand, a memory operand counting as its tile and "
             << "its 2 indices), got " << lhs.types.size();
    types.assign(lhs.types.begin(), lhs.types.end());
  } else {
    for (unsigned i = 0; i < ins.size(); ++i) {
      Type scalar = defaultScalarType(op, i, context);
      types.push_back(scalar ? scalar : lhs.types.front());
    }
  }
  if (isBuffer)
    for (Type &type : types)
      type = asBufferType(type);
  return types;
}

LogicalResult KernelBuilder::build(const Statement &statement) {
  if (statement.isPlacement())
    return place(statement);
  if (isTStore(statement.opName) ||
      (isTLoad(statement.opName) &&
       llvm::any_of(statement.operands,
                    [](const Operand &operand) { return operand.isMemory; })))
    return buildWindowForm(statement);
  std::optional<RegisteredOperationName> op =
      lookupTileOp(statement.opName, context);
  if (!op) {
    InFlightDiagnostic diag = emitError(statement.opLoc)
                              << "unknown op '" << statement.opName << "' (";
    if (std::optional<std::string> near =
            suggestTileOp(statement.opName, context))
      return diag << "did you mean '" << *near << "'?)";
    return diag << "not a pto tile op: docs/status.md lists them)";
  }
  bool synchronous = statement.isSynchronous();
  const TypeSpec &types = statement.types;

  // Destinations: the result registers, or the leading operands.
  unsigned numDsts = statement.results.size();
  ArrayRef<Operand> sources = statement.operands;
  SmallVector<const Scalar *> dsts;
  if (synchronous) {
    for (const Scalar &result : statement.results)
      dsts.push_back(&result);
  } else {
    numDsts = types.rhs && types.rhs->isList
                  ? types.rhs->types.size()
                  : defaultDestinationCount(*op, sources.size());
    if (sources.size() <= numDsts)
      return emitError(statement.opLoc)
             << statement.opName << " needs " << numDsts
             << " destination register(s) followed by its sources, got "
             << sources.size() << " operand(s)";
    for (const Operand &operand : sources.take_front(numDsts)) {
      if (operand.isMemory || operand.base.isImmediate())
        return emitError(operand.base.loc)
               << "expected a destination register, got "
               << (operand.isMemory ? "a memory operand" : "an immediate");
      dsts.push_back(&operand.base);
    }
    sources = sources.drop_front(numDsts);
  }
  if (statement.into && !synchronous)
    return emitError(statement.into->loc)
           << "'into' belongs to the synchronous form (%dst = "
           << statement.opName << " ... into %init); a destination-first "
           << "statement writes its destination in place";
  if (statement.into && !takesInto(*op))
    return emitError(statement.into->loc)
           << statement.opName << " takes no 'into' operand";

  // Sources, a memory operand flattened to its tile and indices.
  SmallVector<const Scalar *> ins;
  for (const Operand &operand : sources) {
    if (operand.isMemory && (!hasWindowOperand(*op) || !ins.empty()))
      return emitError(operand.base.loc)
             << (hasWindowOperand(*op)
                     ? "only the first source is a memory operand"
                     : statement.opName + " takes no memory operand");
    ins.push_back(&operand.base);
    for (const Scalar &index : operand.indices)
      ins.push_back(&index);
  }

  // Types: sources from the left of `->`, destinations from its right.
  FailureOr<SmallVector<Type>> inTypes =
      typesOfIns(statement, *op, ins, /*isBuffer=*/!synchronous);
  if (failed(inTypes))
    return failure();
  SmallVector<Type> dstTypes;
  const TypeSide &dstSide = types.rhs ? *types.rhs : types.lhs;
  if (dstSide.isList) {
    if (dstSide.types.size() != numDsts)
      return emitError(types.loc)
             << "expected " << numDsts << " types after '->' (one per "
             << "destination), got " << dstSide.types.size();
    dstTypes.assign(dstSide.types.begin(), dstSide.types.end());
  } else {
    dstTypes.assign(numDsts, dstSide.types.front());
  }
  if (!synchronous)
    for (Type &type : dstTypes)
      type = asBufferType(type);

  // Registers are read in the order the statement writes them, so new
  // arguments follow the order of first use.
  SmallVector<Value> outs, sourceValues;
  if (!synchronous)
    for (auto [dst, type] : llvm::zip_equal(dsts, dstTypes)) {
      FailureOr<Value> value = read(*dst, type);
      if (failed(value))
        return failure();
      outs.push_back(*value);
    }
  for (auto [scalar, type] : llvm::zip_equal(ins, *inTypes)) {
    FailureOr<Value> value = read(*scalar, type);
    if (failed(value))
      return failure();
    sourceValues.push_back(*value);
  }
  OperationState state(locate(statement.opLoc), *op);
  state.addOperands(sourceValues);
  state.addOperands(outs);
  if (synchronous)
    state.addTypes(dstTypes);
  // `into` (Level 1) and outs (Level 2) are never both given, so either
  // order is the ODS order, ins, inits, outs.
  SmallVector<int32_t, 1> inits;
  if (takesInto(*op)) {
    inits.push_back(statement.into ? 1 : 0);
    if (statement.into) {
      FailureOr<Value> init = read(*statement.into, dstTypes.front());
      if (failed(init))
        return failure();
      state.operands.push_back(*init);
    }
  }
  auto emitOpError = [&]() -> InFlightDiagnostic {
    InFlightDiagnostic diag = emitError(statement.opLoc);
    diag << "'" << op->getStringRef() << "' op ";
    return diag;
  };
  if (failed(setTileOpSegments(state, ins.size(), inits, outs.size(),
                               emitOpError)))
    return failure();

  for (const AttributeText &attribute : statement.attributes) {
    std::string error;
    std::optional<StringRef> value;
    if (attribute.value)
      value = *attribute.value;
    FailureOr<mlir::Attribute> attr =
        buildAttribute(*op, attribute.key, value, context, error);
    if (failed(attr))
      return emitError(attribute.loc) << error;
    if (state.attributes.get(attribute.key))
      return emitError(attribute.loc)
             << "attribute '#" << attribute.key << "' is given twice";
    state.addAttribute(attribute.key, *attr);
  }

  Operation *created = builder.create(state);
  if (synchronous)
    for (auto [reg, result] : llvm::zip_equal(dsts, created->getResults()))
      if (failed(bind(*reg, result)))
        return failure();
  return success();
}

FailureOr<Value> KernelBuilder::readTensor(const Scalar &reg, Type type) {
  auto it = registers.find(reg.reg);
  if (it != registers.end()) {
    if (failed(
            checkType(reg, type, it->second.value.getType(), it->second.loc)))
      return failure();
    return it->second.value;
  }
  // A new global tensor: the kernel's pointer argument, viewed C-ordered.
  auto tensorType = cast<TensorViewType>(type);
  Location loc = locate(reg.loc);
  Value pointer = body->addArgument(
      PtrType::get(context, tensorType.getElementType()), loc);
  SmallVector<Value> shape, strides;
  for (int64_t extent : tensorType.getShape())
    shape.push_back(arith::ConstantIndexOp::create(builder, loc, extent));
  for (int64_t stride : rowMajorStrides(tensorType.getShape()))
    strides.push_back(arith::ConstantIndexOp::create(builder, loc, stride));
  Value tensor = MakeTensorViewOp::create(builder, loc, tensorType, pointer,
                                          shape, strides, GlobalLayoutAttr());
  registers[reg.reg] = {tensor, reg.loc};
  return tensor;
}

Value KernelBuilder::makeWindow(Value tensor, Value row, Value col, Type tile,
                                Location loc) {
  ArrayRef<int64_t> valid = cast<TileLikeType>(tile).getValidShape();
  SmallVector<Value> sizes;
  for (int64_t extent : valid)
    sizes.push_back(arith::ConstantIndexOp::create(builder, loc, extent));
  auto tensorType = cast<TensorViewType>(tensor.getType());
  auto windowType = PartitionTensorViewType::get(
      context, valid, tensorType.getElementType(), tensorType.getLayout());
  return PartitionViewOp::create(builder, loc, windowType, tensor,
                                 ValueRange{row, col}, sizes);
}

LogicalResult KernelBuilder::buildWindowForm(const Statement &statement) {
  bool store = isTStore(statement.opName);
  bool synchronous = statement.isSynchronous();
  auto malformed = [&](llvm::SMLoc loc) {
    InFlightDiagnostic diag = emitError(loc);
    diag << (store ? "tstore is written 'tstore %src, %tensor[%row, %col] : "
                     "TILE -> !pto.tensor_view<RxCxT>'"
                   : "tload of a window is written '%dst = tload "
                     "%tensor[%row, %col] : !pto.tensor_view<RxCxT> -> TILE' "
                     "or 'tload %dst, %tensor[%row, %col] : ...'")
         << ": ";
    return diag;
  };
  if (store && synchronous)
    return malformed(statement.results.front().loc) << "it has no result";
  if (synchronous && statement.results.size() != 1)
    return malformed(statement.results[1].loc) << "it has one result";
  if (statement.into)
    return malformed(statement.into->loc) << "it takes no 'into'";
  if (!statement.attributes.empty())
    return malformed(statement.attributes.front().loc)
           << "it takes no attributes";
  // The tile operand (tload's destination, tstore's source), then the window.
  unsigned numOperands = synchronous ? 1 : 2;
  if (statement.operands.size() != numOperands)
    return malformed(statement.opLoc)
           << "expected " << numOperands << " operand(s), got "
           << statement.operands.size();
  const Operand &memory = statement.operands.back();
  if (!memory.isMemory)
    return malformed(memory.base.loc)
           << "its last operand is the window %tensor[%row, %col]";
  const Scalar *tileReg = synchronous ? &statement.results.front()
                                      : &statement.operands.front().base;
  if (!synchronous &&
      (statement.operands.front().isMemory || tileReg->isImmediate()))
    return malformed(tileReg->loc) << "its first operand is a tile register";

  // Types: `TENSOR -> TILE` for tload (or `(TENSOR, index, index) -> TILE`,
  // as the page writes it), `TILE -> TENSOR` for tstore.
  const TypeSpec &types = statement.types;
  if (!types.rhs || types.rhs->isList)
    return malformed(types.loc) << "expected the types 'A -> B'";
  const TypeSide &tensorSide = store ? *types.rhs : types.lhs;
  const TypeSide &tileSide = store ? types.lhs : *types.rhs;
  if (tileSide.isList)
    return malformed(tileSide.locs.front()) << "expected one tile type";
  if (tensorSide.isList &&
      (tensorSide.types.size() != 3 ||
       !llvm::all_of(ArrayRef(tensorSide.types).drop_front(),
                     llvm::IsaPred<IndexType>)))
    return malformed(types.loc)
           << "the type list is (!pto.tensor_view<RxCxT>, index, index)";
  Type tensorType = tensorSide.types.front();
  std::string problem = tensorTypeProblem(tensorType);
  if (!problem.empty())
    return emitError(tensorSide.locs.front())
           << "the tensor of a window " << problem
           << (isa<TensorViewType>(tensorType)
                   ? ""
                   : " (global memory in PTO-AS is a !pto.tensor_view "
                     "register: the kernel takes a !pto.ptr)");
  // A destination-first tload writes a buffer; a tstore is at its source's
  // level: a register that holds a buffer, or the type as written.
  Type tileType = tileSide.types.front();
  auto bound = registers.find(tileReg->reg);
  if ((!store && !synchronous) ||
      (store && bound != registers.end() &&
       isa<TileBufType>(bound->second.value.getType())))
    tileType = asBufferType(tileType);
  problem = tileTypeProblem(tileType);
  if (!problem.empty())
    return emitError(tileSide.locs.front())
           << "the tile of a window form " << problem;

  // Registers in the order the statement writes them.
  Value tile;
  if (!synchronous) {
    FailureOr<Value> value = read(*tileReg, tileType);
    if (failed(value))
      return failure();
    tile = *value;
  }
  FailureOr<Value> tensor = readTensor(memory.base, tensorType);
  if (failed(tensor))
    return failure();
  Type index = IndexType::get(context);
  FailureOr<Value> row = read(memory.indices[0], index);
  if (failed(row))
    return failure();
  FailureOr<Value> col = read(memory.indices[1], index);
  if (failed(col))
    return failure();
  Value window =
      makeWindow(*tensor, *row, *col, tileType, locate(memory.base.loc));
  Location loc = locate(statement.opLoc);
  if (store) {
    TStoreOp::create(builder, loc, tile, window, /*stPhase=*/nullptr,
                     /*atomicType=*/nullptr, /*reluPreMode=*/nullptr);
    return success();
  }
  OperationState state(loc, TLoadOp::getOperationName());
  state.addOperands(window);
  if (tile)
    state.addOperands(tile);
  else
    state.addTypes(tileType);
  auto emitOpError = [&]() -> InFlightDiagnostic {
    return emitError(statement.opLoc) << "'pto.tload' op ";
  };
  if (failed(setTileOpSegments(state, 1, {}, tile ? 1 : 0, emitOpError)))
    return failure();
  Operation *load = builder.create(state);
  if (synchronous)
    return bind(*tileReg, load->getResult(0));
  return success();
}

LogicalResult KernelBuilder::finish() {
  if (!waiting.empty())
    return emitError(waiting.front().second.front().loc)
           << "tassign places %" << waiting.front().first
           << ", which no statement reads or writes";
  SmallVector<Value> results;
  for (Operation &op : *body)
    if (isa<TileOpInterface>(op))
      for (Value result : op.getResults())
        // Placing a tile reads none of it.
        if (llvm::all_of(result.getUsers(), llvm::IsaPred<TAssignOp>))
          results.push_back(result);
  func::ReturnOp::create(builder, func.getLoc(), results);
  func.setFunctionType(builder.getFunctionType(body->getArgumentTypes(),
                                               ValueRange(results).getTypes()));
  return success();
}

OwningOpRef<ModuleOp> mlir::pto::importPtoAsm(llvm::SourceMgr &sourceMgr,
                                              MLIRContext *context,
                                              StringRef entry) {
  context->loadDialect<PtoDialect, func::FuncDialect, arith::ArithDialect>();
  SourceLocator locate(sourceMgr, context);
  // (A symbol needs a name: the verifier would print an empty one as
  // `@<<INVALID EMPTY SYMBOL>>`.)
  if (entry.empty()) {
    emitError(locate.startOfFile())
        << "the kernel's name is empty: give one with --pto-asm-entry=NAME "
           "(entry= in Python)";
    return nullptr;
  }
  FailureOr<std::vector<Statement>> statements =
      parseStatements(sourceMgr, locate);
  if (failed(statements))
    return nullptr;
  OwningOpRef<ModuleOp> module = ModuleOp::create(locate.startOfFile());
  KernelBuilder kernel(sourceMgr, locate, *module, entry);
  for (const Statement &statement : *statements)
    if (failed(kernel.build(statement)))
      return nullptr;
  if (failed(kernel.finish()) || failed(verify(*module)))
    return nullptr;
  return module;
}
