//===- PtoAsmExporter.cpp - a pto kernel to PTO-AS -------------------------===//
//
// Writes the forms the importer reads (PtoAsmKernelBuilder.cpp), choosing the
// shortest type spelling that imports to the same types: `: T` when every
// tile has one type, `: A -> B` when sources and destinations each share
// one, type lists otherwise.
//
#include "PtoAsmOpForms.h"
#include "pto/PtoAsm.h"
#include "pto/PtoDialect.h"
#include "pto/PtoTileOpSupport.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::pto;
using namespace mlir::pto::assembly;

namespace {
class Exporter {
public:
  explicit Exporter(raw_ostream &os) : os(os) {}
  LogicalResult exportKernel(func::FuncOp func);

private:
  LogicalResult checkArguments(func::FuncOp func);
  LogicalResult checkResults(func::FuncOp func, func::ReturnOp ret);
  LogicalResult printOp(TileOpInterface op);
  FailureOr<std::string> operandText(Operation *user, Value value);
  void printTypes(OperationName name, bool synchronous, unsigned numWritten,
                  ArrayRef<Type> inTypes, ArrayRef<Type> dstTypes);

  raw_ostream &os;
  DenseMap<Value, std::string> names;
  unsigned nextName = 0;
};
} // namespace

/// The values a tile op's statement mentions, in the order it writes them.
static SmallVector<Value> operandsInTextOrder(TileOpInterface op) {
  SmallVector<Value> values(op.getOuts());
  llvm::append_range(values, op.getIns());
  for (Value operand : op->getOperands())
    if (!llvm::is_contained(values, operand))
      values.push_back(operand); // `into`
  return values;
}

LogicalResult Exporter::checkArguments(func::FuncOp func) {
  llvm::SetVector<BlockArgument> order;
  for (Operation &op : func.getBody().front())
    if (auto tileOp = dyn_cast<TileOpInterface>(op))
      for (Value value : operandsInTextOrder(tileOp))
        if (auto arg = dyn_cast<BlockArgument>(value))
          order.insert(arg);
  for (BlockArgument arg : func.getArguments()) {
    unsigned position = arg.getArgNumber();
    if (position < order.size() && order[position] == arg)
      continue;
    InFlightDiagnostic diag = func.emitError()
                              << "PTO-AS takes a kernel's arguments in order "
                                 "of first use, but argument #"
                              << position;
    if (!order.contains(arg))
      return diag << " is never used";
    return diag << " is first used after argument #"
                << order[position].getArgNumber();
  }
  return success();
}

LogicalResult Exporter::checkResults(func::FuncOp func, func::ReturnOp ret) {
  SmallVector<Value> unread;
  for (Operation &op : func.getBody().front())
    if (isa<TileOpInterface>(op))
      for (Value result : op.getResults())
        if (llvm::all_of(result.getUsers(), [&](Operation *user) {
              return user == ret || isa<TAssignOp>(user);
            }))
          unread.push_back(result);
  if (ValueRange(unread) == ret.getOperands())
    return success();
  return ret.emitError()
         << "PTO-AS returns the values no op reads, in order of definition ("
         << unread.size() << " here); this kernel returns others";
}

FailureOr<std::string> Exporter::operandText(Operation *user, Value value) {
  if (auto constant = value.getDefiningOp<arith::ConstantOp>()) {
    if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
      return std::to_string(integer.getValue().getSExtValue());
    return user->emitError() << "operand " << constant.getValue()
                             << " is no integer immediate of PTO-AS";
  }
  auto it = names.find(value);
  if (it == names.end())
    return user->emitError() << "operand is defined by an op PTO-AS cannot "
                                "write";
  return it->second;
}

static void printTypeList(raw_ostream &os, ArrayRef<Type> types) {
  os << "(";
  llvm::interleaveComma(types, os);
  os << ")";
}

void Exporter::printTypes(OperationName name, bool synchronous,
                          unsigned numWritten, ArrayRef<Type> inTypes,
                          ArrayRef<Type> dstTypes) {
  MLIRContext *context = name.getContext();
  Type sharedIn;
  bool inList = false;
  for (auto [position, type] : llvm::enumerate(inTypes)) {
    if (Type scalar = defaultScalarType(name, position, context)) {
      inList |= type != scalar;
      continue;
    }
    if (!sharedIn)
      sharedIn = type;
    inList |= type != sharedIn;
  }
  inList |= !sharedIn;
  bool dstList = !llvm::all_equal(dstTypes) ||
                 (!synchronous &&
                  defaultDestinationCount(name, numWritten) != dstTypes.size());
  os << " : ";
  if (!inList && !dstList && sharedIn == dstTypes.front()) {
    os << sharedIn;
    return;
  }
  if (inList)
    printTypeList(os, inTypes);
  else
    os << sharedIn;
  os << " -> ";
  if (dstList)
    printTypeList(os, dstTypes);
  else
    os << dstTypes.front();
}

LogicalResult Exporter::printOp(TileOpInterface op) {
  OperationName name = op->getName();
  bool synchronous = op.getOuts().empty();
  auto nameOf = [&](Value value) { return operandText(op, value); };

  // Destinations first: result registers, or the leading operands.
  SmallVector<std::string> dsts;
  if (synchronous) {
    for (Value result : op->getResults())
      dsts.push_back(names[result] = "%" + std::to_string(nextName++));
  } else {
    for (Value out : op.getOuts()) {
      FailureOr<std::string> text = nameOf(out);
      if (failed(text))
        return failure();
      dsts.push_back(*text);
    }
  }
  SmallVector<std::string> sources;
  if (std::optional<WindowOperands> window = getWindowOperands(op)) {
    // `%src[%row, %col]`, then the quant operand.
    FailureOr<std::string> src = nameOf(window->src),
                           row = nameOf(window->row), col = nameOf(window->col);
    if (failed(src) || failed(row) || failed(col))
      return failure();
    sources.push_back(*src + "[" + *row + ", " + *col + "]");
    if (window->quant) {
      FailureOr<std::string> quant = nameOf(window->quant);
      if (failed(quant))
        return failure();
      sources.push_back(*quant);
    }
  } else {
    for (Value in : op.getIns()) {
      FailureOr<std::string> text = nameOf(in);
      if (failed(text))
        return failure();
      sources.push_back(*text);
    }
  }

  std::string opName = name.getStringRef().drop_front(strlen("pto.")).str();
  if (synchronous)
    os << llvm::join(dsts, ", ") << " = " << opName << " "
       << llvm::join(sources, ", ");
  else
    os << opName << " " << llvm::join(dsts, ", ") << ", "
       << llvm::join(sources, ", ");
  if (auto insert = dyn_cast<TInsertOp>(op.getOperation());
      insert && insert.getInto()) {
    FailureOr<std::string> init = nameOf(insert.getInto());
    if (failed(init))
      return failure();
    os << " into " << *init;
  }

  // A synchronous statement keeps its types as they are (a buffer view
  // stays a !pto.tile_buf); a destination-first one writes buffers as the
  // pages do, `!pto.tile<...>`.
  auto spelled = [&](Type type) {
    return synchronous ? type : asTileType(type);
  };
  SmallVector<Type> inTypes, dstTypes;
  for (Type type : op.getIns().getTypes())
    inTypes.push_back(spelled(type));
  for (Type type : synchronous ? TypeRange(op->getResultTypes())
                               : TypeRange(op.getOuts().getTypes()))
    dstTypes.push_back(spelled(type));
  printTypes(name, synchronous, dsts.size() + sources.size(), inTypes,
             dstTypes);

  for (NamedAttribute attr : op->getAttrs()) {
    if (attr.getName() ==
        ::mlir::OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr())
      continue;
    std::optional<std::string> text =
        printAttribute(attr.getName(), attr.getValue());
    if (!text)
      return op->emitError() << "attribute '" << attr.getName().getValue()
                             << "' has no PTO-AS spelling";
    os << " " << *text;
  }
  os << "\n";
  return success();
}

LogicalResult Exporter::exportKernel(func::FuncOp func) {
  if (!llvm::hasSingleElement(func.getBody()))
    return func.emitError() << "PTO-AS writes a kernel of one block, this "
                               "one has "
                            << func.getBody().getBlocks().size();
  if (failed(checkArguments(func)))
    return failure();
  for (BlockArgument arg : func.getArguments())
    names[arg] = "%arg" + std::to_string(arg.getArgNumber());
  for (Operation &op : func.getBody().front()) {
    if (isa<arith::ConstantOp>(op))
      continue; // written as immediates where used
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      if (failed(checkResults(func, ret)))
        return failure();
      continue;
    }
    if (auto assign = dyn_cast<TAssignOp>(op)) {
      os << "tassign " << names.lookup(assign.getTile()) << ", @tile(0x"
         << llvm::utohexstr(assign.getAddr()) << ")\n";
      continue;
    }
    auto tileOp = dyn_cast<TileOpInterface>(op);
    if (!tileOp)
      return op.emitError() << "'" << op.getName()
                            << "' has no PTO-AS form (a PTO-AS kernel holds "
                               "tile ops and tassign only)";
    if (failed(printOp(tileOp)))
      return failure();
  }
  return success();
}

LogicalResult mlir::pto::exportPtoAsm(ModuleOp module, raw_ostream &os) {
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  if (funcs.size() != 1)
    return module.emitError() << "PTO-AS writes one kernel: expected one "
                                 "func.func in the module, got "
                              << funcs.size();
  std::string text;
  llvm::raw_string_ostream buffer(text);
  if (failed(Exporter(buffer).exportKernel(funcs.front())))
    return failure();
  os << text;
  return success();
}
