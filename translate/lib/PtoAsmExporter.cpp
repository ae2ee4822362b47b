//===- PtoAsmExporter.cpp - a pto kernel to PTO-AS
//-------------------------===//
//
// Writes the forms the importer reads (PtoAsmKernelBuilder.cpp), choosing the
// shortest type spelling that imports to the same types: `: T` when every
// tile has one type, `: A -> B` when sources and destinations each share
// one, type lists otherwise. Global memory is written in the window forms
// (PtoAsmGlobalForms.h): the pointer argument stands for its tensor, and
// make_tensor_view and partition_view are written by the tload and tstore
// that use them.
//
#include "PtoAsmGlobalForms.h"
#include "PtoAsmOpForms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "pto/GlobalMemory.h"
#include "pto/PtoAsm.h"
#include "pto/PtoDialect.h"
#include "pto/PtoTileOpSupport.h"
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
  LogicalResult printWindowForm(Operation *op, Value tile, Value window);
  FailureOr<std::string> operandText(Operation *user, Value value);
  void printTypes(OperationName name, bool synchronous, unsigned numWritten,
                  ArrayRef<Type> inTypes, ArrayRef<Type> dstTypes);

  raw_ostream &os;
  DenseMap<Value, std::string> names;
  unsigned nextName = 0;
};
} // namespace

/// The window form of `op` (a tstore, or a tload of a window that is no
/// argument), as its tile and its window; std::nullopt for other ops.
static std::optional<std::pair<Value, Value>>
getWindowFormOperands(Operation *op) {
  if (auto store = dyn_cast<TStoreOp>(op))
    return std::make_pair(store.getSrc(), store.getDst());
  auto load = dyn_cast<TLoadOp>(op);
  if (!load || isa<BlockArgument>(load.getSrc()))
    return std::nullopt; // the generic form `%t = tload %window : W -> T`
  return std::make_pair(load.getDst() ? Value(load.getDst())
                                      : Value(load.getResult()),
                        load.getSrc());
}

/// The values a statement mentions, in the order it writes them: a tile
/// op's destinations, sources and `into`; a window form's tile register
/// (a tload's destination, a tstore's source), pointer and indices.
static SmallVector<Value> operandsInTextOrder(Operation *op) {
  if (std::optional<std::pair<Value, Value>> form = getWindowFormOperands(op)) {
    std::string why;
    std::optional<WindowForm> window =
        matchWindowForm(form->second, form->first.getType(), why);
    SmallVector<Value> values;
    if (isa<BlockArgument>(form->first))
      values.push_back(form->first);
    if (window)
      llvm::append_range(values,
                         ValueRange{window->pointer, window->row, window->col});
    return values;
  }
  auto tileOp = dyn_cast<TileOpInterface>(op);
  if (!tileOp)
    return {};
  SmallVector<Value> values(tileOp.getOuts());
  llvm::append_range(values, tileOp.getIns());
  for (Value operand : op->getOperands())
    if (!llvm::is_contained(values, operand))
      values.push_back(operand); // `into`
  return values;
}

LogicalResult Exporter::checkArguments(func::FuncOp func) {
  llvm::SetVector<BlockArgument> order;
  for (Operation &op : func.getBody().front())
    for (Value value : operandsInTextOrder(&op))
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
  auto values = [](size_t n) { return n == 1 ? " value" : " values"; };
  return ret.emitError()
         << "PTO-AS returns the values no op reads, in order of definition; "
            "this kernel has "
         << unread.size() << values(unread.size())
         << " no op reads but returns a different list of "
         << ret.getNumOperands() << values(ret.getNumOperands());
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
    FailureOr<std::string> src = nameOf(window->src), row = nameOf(window->row),
                           col = nameOf(window->col);
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
    if (attr.getName() == ::mlir::OpTrait::AttrSizedOperandSegments<
                              void>::getOperandSegmentSizeAttr())
      continue;
    std::optional<std::string> text =
        printAttribute(name, attr.getName(), attr.getValue());
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
  // An op PTO-AS has no form for (a loop) first: it may hide what the
  // argument order would be.
  for (Operation &op : func.getBody().front()) {
    if (!isa<arith::ConstantOp, func::ReturnOp, TAssignOp, TileOpInterface,
             MakeTensorViewOp, PartitionViewOp, TStoreOp>(op))
      return op.emitError() << "'" << op.getName()
                            << "' has no PTO-AS form (a PTO-AS kernel holds "
                               "tile ops, tassign and global memory in the "
                               "window forms of tload and tstore only)";
    // Global memory: only in the window forms, checked before the argument
    // order, which they decide.
    std::string why;
    if (isa<MakeTensorViewOp, PartitionViewOp>(op) &&
        !isWrittenByWindowForms(&op, why))
      return op.emitError() << "'" << op.getName()
                            << "' has no PTO-AS form but in the window forms "
                               "of tload and tstore: "
                            << why;
    // The page's tstore statement takes none of PTOAS's fixpipe controls.
    if (auto store = dyn_cast<TStoreOp>(op);
        store && (store.getStPhaseAttr() || store.getAtomicTypeAttr() ||
                  store.getReluPreModeAttr()))
      return op.emitError() << "'pto.tstore' with stPhase, atomicType or "
                               "reluPreMode has no PTO-AS form (the TSTORE "
                               "page's statement takes no mode)";
    if (std::optional<std::pair<Value, Value>> form =
            getWindowFormOperands(&op);
        form && !matchWindowForm(form->second, form->first.getType(), why))
      return op.emitError()
             << "'" << op.getName()
             << "' has no PTO-AS form: PTO-AS writes global memory as a "
                "window %tensor[%row, %col] of a C-ordered !pto.tensor_view "
                "argument the size of the tile's valid shape, but "
             << why;
  }
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
    if (isa<MakeTensorViewOp, PartitionViewOp>(op))
      continue; // written by the window forms that use them
    if (std::optional<std::pair<Value, Value>> form =
            getWindowFormOperands(&op)) {
      if (failed(printWindowForm(&op, form->first, form->second)))
        return failure();
      continue;
    }
    if (failed(printOp(cast<TileOpInterface>(op))))
      return failure();
  }
  return success();
}

LogicalResult Exporter::printWindowForm(Operation *op, Value tile,
                                        Value window) {
  std::string why;
  std::optional<WindowForm> form =
      matchWindowForm(window, tile.getType(), why); // checked before
  FailureOr<std::string> row = operandText(op, form->row),
                         col = operandText(op, form->col);
  if (failed(row) || failed(col))
    return failure();
  std::string windowText =
      names.lookup(form->pointer) + "[" + *row + ", " + *col + "]";
  Type tensorType =
      window.getDefiningOp<PartitionViewOp>().getSource().getType();
  if (isa<TStoreOp>(op)) {
    // At its source's level: the type as it is (a buffer stays a buffer).
    FailureOr<std::string> src = operandText(op, tile);
    if (failed(src))
      return failure();
    os << "tstore " << *src << ", " << windowText << " : " << tile.getType()
       << " -> " << tensorType << "\n";
    return success();
  }
  if (isa<OpResult>(tile) && tile.getDefiningOp() == op) {
    std::string name = names[tile] = "%" + std::to_string(nextName++);
    os << name << " = tload " << windowText << " : " << tensorType << " -> "
       << tile.getType() << "\n";
    return success();
  }
  FailureOr<std::string> dst = operandText(op, tile);
  if (failed(dst))
    return failure();
  os << "tload " << *dst << ", " << windowText << " : " << tensorType << " -> "
     << asTileType(tile.getType()) << "\n";
  return success();
}

LogicalResult mlir::pto::exportPtoAsm(ModuleOp module, raw_ostream &os) {
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  if (funcs.size() != 1)
    // At the module's location, without the module printed after it.
    return emitError(module.getLoc()) << "PTO-AS writes one kernel: expected "
                                         "one func.func in the module, got "
                                      << funcs.size();
  // The exporter reads a window's layout from its type.
  if (failed(moveViewLayoutsIntoTypes(module)))
    return failure();
  std::string text;
  llvm::raw_string_ostream buffer(text);
  if (failed(Exporter(buffer).exportKernel(funcs.front())))
    return failure();
  os << text;
  return success();
}
