//===- PtoasExport.cpp - a placed Level 2 module as PTOAS text ------------===//
//
// Walks the module and writes each op: pto ops in the forms of
// PtoasExportForm.h, func.func and func.return, arith.constant in their
// custom forms, every other arith and scf op in MLIR's generic form (which
// any MLIR parser reads) with PTOAS's type spellings. Values are renamed
// `%N` (`%argN` for function arguments) so that the statements the exporter
// adds (address constants, index conversions) fit in.
//
// Placement: at level3 PTOAS places a buffer where it allocates it,
// `%t = pto.alloc_tile addr = %a : T` with `%a` an i64 constant; our
// `pto.tassign %t, @tile(0xA)` becomes that `addr` and is not written. At
// level2 ptoas places every buffer itself: no `addr` is written.
//
// Tiles stay inside one function, as operands of pto ops: ptoas makes a tile
// argument a raw pointer, which the library's calls do not take, and lowers
// no tile carried by scf, func.call or a select; such kernels are refused
// (checkTilesStayLocal) rather than written into C++ that does not compile.
//
#include "pto/PtoasExport.h"
#include "PtoasExportForm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "pto/GlobalMemory.h"
#include "pto/PtoDialect.h"
#include "pto/PtoTarget.h"
#include "pto/PtoTileOpSupport.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
class Writer {
public:
  Writer(raw_ostream &os, PtoasLevel level) : os(os), level(level) {}
  LogicalResult writeModule(ModuleOp module);

private:
  LogicalResult collectPlacement(func::FuncOp func);
  LogicalResult checkTilesStayLocal(func::FuncOp func);
  LogicalResult writeDeclaration(func::FuncOp func);
  LogicalResult writeFunc(func::FuncOp func, bool entry, bool markEntry);
  LogicalResult writeBlock(Block &block, bool label);
  LogicalResult writeOp(Operation &op);
  LogicalResult writeAlloc(AllocTileOp alloc);
  LogicalResult writeSetValidShape(SetValidShapeOp set);
  LogicalResult writeTensorView(MakeTensorViewOp view);
  LogicalResult writePartition(PartitionViewOp view);
  LogicalResult writeStore(TStoreOp store);
  std::string nameList(ValueRange values);
  LogicalResult writeTileOp(Operation &op);
  LogicalResult writeGeneric(Operation &op);
  LogicalResult writeRegion(Region &region);
  FailureOr<std::string> indexOperand(Value value, Operation *user);
  FailureOr<std::string> typeList(TypeRange types, Operation *user);

  std::string define(Value value) {
    return names[value] = "%" + std::to_string(nextId++);
  }
  std::string fresh() { return "%" + std::to_string(nextId++); }
  raw_ostream &line() { return os.indent(2 * depth); }

  raw_ostream &os;
  PtoasLevel level;
  DenseMap<Value, std::string> names;
  /// The address each placed alloc_tile result gets (from its tassign).
  DenseMap<Value, uint64_t> addresses;
  unsigned nextId = 0;
  unsigned nextBlockId = 0;
  unsigned depth = 0;
};
} // namespace

FailureOr<std::string> Writer::typeList(TypeRange types, Operation *user) {
  SmallVector<std::string> spelled;
  for (Type type : types) {
    FailureOr<std::string> text = ptoas::spellType(type, user);
    if (failed(text))
      return failure();
    spelled.push_back(*text);
  }
  return llvm::join(spelled, ", ");
}

LogicalResult Writer::collectPlacement(func::FuncOp func) {
  WalkResult walk = func.walk([&](TAssignOp assign) {
    auto alloc = assign.getTile().getDefiningOp<AllocTileOp>();
    if (!alloc) {
      ptoas::emitAssignOfNonAlloc(assign);
      return WalkResult::interrupt();
    }
    std::optional<int64_t> first = alloc.getConstantAddr();
    auto [it, inserted] =
        addresses.try_emplace(assign.getTile(), assign.getAddr());
    if (!inserted || first) {
      ptoas::emitPlacedTwice(assign, first ? *first : it->second);
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// A window index as PTOAS's `index`: an integer constant is rewritten as an
/// index constant, a signless integer converted with arith.index_cast.
FailureOr<std::string> Writer::indexOperand(Value value, Operation *user) {
  if (value.getType().isIndex())
    return names.lookup(value);
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    std::string name = fresh();
    line() << name << " = arith.constant ";
    constant.print(os, /*isSigned=*/true); // arith.constant is signless
    os << " : index\n";
    return name;
  }
  if (!value.getType().isSignlessInteger())
    return ptoas::emitUnsignedIndex(user, value.getType()), failure();
  std::string name = fresh();
  line() << name << " = arith.index_cast " << names.lookup(value) << " : "
         << value.getType() << " to index\n";
  return name;
}

LogicalResult Writer::writeAlloc(AllocTileOp alloc) {
  // Level3: placed by its own `addr` (PTOAS's spelling, read as such), or by
  // a tassign, whose address becomes an i64 constant. Level2: unplaced.
  std::string addr;
  if (level == PtoasLevel::Level2) {
  } else if (Value own = alloc.getAddr()) {
    addr = names.lookup(own);
  } else {
    auto it = addresses.find(alloc.getResult());
    if (it == addresses.end())
      return ptoas::emitUnplaced(alloc), failure();
    addr = fresh();
    line() << addr << " = arith.constant " << it->second << " : i64\n";
  }
  FailureOr<std::string> type = ptoas::spellType(alloc.getType(), alloc);
  if (failed(type))
    return failure();
  // An empty valid extent is written `?` (spelledValidExtent), given as 0.
  std::string validOperands[2];
  Value dynamic[2] = {alloc.getValidRow(), alloc.getValidCol()};
  auto buf = cast<TileBufType>(alloc.getType());
  for (unsigned dim : {0u, 1u}) {
    if (dynamic[dim]) {
      validOperands[dim] = names.lookup(dynamic[dim]);
    } else if (ShapedType::isDynamic(ptoas::spelledValidExtent(buf, dim))) {
      validOperands[dim] = fresh();
      line() << validOperands[dim] << " = arith.constant 0 : index\n";
    }
  }
  line() << define(alloc.getResult()) << " = pto.alloc_tile";
  if (!addr.empty())
    os << " addr = " << addr;
  if (!validOperands[0].empty())
    os << " valid_row = " << validOperands[0];
  if (!validOperands[1].empty())
    os << " valid_col = " << validOperands[1];
  os << " : " << *type << "\n";
  return success();
}

/// PTOAS's spelling is ours (PTOOps.td:316-342); ptoas emits the tile's
/// SetValidShape.
LogicalResult Writer::writeSetValidShape(SetValidShapeOp set) {
  FailureOr<std::string> type = ptoas::spellType(set.getTile().getType(), set);
  if (failed(type))
    return failure();
  line() << "pto.set_validshape " << names.lookup(set.getTile()) << ", "
         << names.lookup(set.getValidRow()) << ", "
         << names.lookup(set.getValidCol()) << " : " << *type << "\n";
  return success();
}

std::string Writer::nameList(ValueRange values) {
  SmallVector<std::string> spelled;
  for (Value value : values)
    spelled.push_back(names.lookup(value));
  return llvm::join(spelled, ", ");
}

/// Global memory is written as PTOAS spells it, which is ours
/// (GlobalMemoryOps.td follows PTOAS's PTOOps.td).
LogicalResult Writer::writeTensorView(MakeTensorViewOp view) {
  if (failed(ptoas::checkTensorElement(view)))
    return failure();
  FailureOr<GlobalLayout> layout = ptoas::viewLayout(view);
  if (failed(layout))
    return failure();
  FailureOr<std::string> type = ptoas::spellType(view.getType(), view);
  if (failed(type))
    return failure();
  line() << define(view.getResult()) << " = pto.make_tensor_view "
         << names.lookup(view.getPtr()) << ", shape = ["
         << nameList(view.getShape()) << "], strides = ["
         << nameList(view.getStrides())
         << "] {layout = " << GlobalLayoutAttr::get(view.getContext(), *layout)
         << "} : " << *type << "\n";
  return success();
}

LogicalResult Writer::writePartition(PartitionViewOp view) {
  // Views' types are never Level 1 tiles: spellType cannot fail on them.
  line() << define(view.getResult()) << " = pto.partition_view "
         << names.lookup(view.getSource()) << ", offsets = ["
         << nameList(view.getOffsets()) << "], sizes = ["
         << nameList(view.getSizes())
         << "] : " << *ptoas::spellType(view.getSource().getType(), view)
         << " -> " << *ptoas::spellType(view.getType(), view) << "\n";
  return success();
}

LogicalResult Writer::writeStore(TStoreOp store) {
  FailureOr<std::string> src =
      ptoas::spellType(store.getSrc().getType(), store);
  if (failed(src))
    return failure();
  line() << "pto.tstore ins(" << names.lookup(store.getSrc()) << " : " << *src
         << ") outs(" << names.lookup(store.getDst()) << " : "
         << *ptoas::spellType(store.getDst().getType(), store) << ")";
  // The fixpipe's controls, PTOAS's attributes of the same names and
  // spelling.
  NamedAttrList modes;
  for (StringAttr name :
       {store.getStPhaseAttrName(), store.getAtomicTypeAttrName(),
        store.getReluPreModeAttrName()})
    if (Attribute mode = store->getAttr(name))
      modes.append(name, mode);
  if (!modes.empty())
    os << " " << modes.getDictionary(store.getContext());
  os << "\n";
  return success();
}

LogicalResult Writer::writeTileOp(Operation &op) {
  FailureOr<ptoas::Statement> statement = ptoas::formStatement(&op);
  if (failed(statement))
    return failure();
  SmallVector<std::string> ins;
  for (auto [position, value] : llvm::enumerate(statement->ins)) {
    if (!llvm::is_contained(statement->indexOperands, position)) {
      ins.push_back(names.lookup(value));
      continue;
    }
    FailureOr<std::string> index = indexOperand(value, &op);
    if (failed(index))
      return failure();
    ins.push_back(*index);
  }
  SmallVector<Type> inTypes;
  for (auto [position, value] : llvm::enumerate(statement->ins))
    inTypes.push_back(llvm::is_contained(statement->indexOperands, position)
                          ? IndexType::get(op.getContext())
                          : value.getType());
  FailureOr<std::string> inTypeText = typeList(inTypes, &op);
  if (failed(inTypeText))
    return failure();

  if (statement->kind == ptoas::Statement::Kind::View) {
    FailureOr<std::string> resultType = typeList(op.getResultTypes(), &op);
    if (failed(resultType))
      return failure();
    line() << define(op.getResult(0)) << " = pto." << statement->name << " "
           << llvm::join(ins, ", ") << " : " << *inTypeText << " -> "
           << *resultType << "\n";
    return success();
  }
  SmallVector<std::string> outs;
  for (Value out : statement->outs)
    outs.push_back(names.lookup(out));
  FailureOr<std::string> outTypeText =
      typeList(ValueRange(statement->outs).getTypes(), &op);
  if (failed(outTypeText))
    return failure();
  std::string constantTypes;
  for (const auto &[type, value] : statement->constantOuts) {
    std::string name = fresh();
    line() << name << " = arith.constant " << value << " : " << type << "\n";
    outs.push_back(name);
    constantTypes += ", " + type;
  }
  line() << "pto." << statement->name << " ins(" << llvm::join(ins, ", ")
         << statement->attributes << " : " << *inTypeText << ") outs("
         << llvm::join(outs, ", ") << " : " << *outTypeText << constantTypes
         << ")\n";
  return success();
}

LogicalResult Writer::writeRegion(Region &region) {
  os << "{\n";
  ++depth;
  // Every block is labelled: a generic region's entry block lists its
  // arguments (an scf.for's induction variable and iter_args).
  for (Block &block : region)
    if (failed(writeBlock(block, /*label=*/true)))
      return failure();
  --depth;
  line() << "}";
  return success();
}

LogicalResult Writer::writeGeneric(Operation &op) {
  FailureOr<std::string> inTypes = typeList(op.getOperandTypes(), &op);
  FailureOr<std::string> outTypes = typeList(op.getResultTypes(), &op);
  if (failed(inTypes) || failed(outTypes))
    return failure();
  SmallVector<std::string> results, operands;
  for (Value result : op.getResults())
    results.push_back(define(result));
  for (Value operand : op.getOperands())
    operands.push_back(names.lookup(operand));
  line();
  if (!results.empty())
    os << llvm::join(results, ", ") << " = ";
  os << "\"" << op.getName() << "\"(" << llvm::join(operands, ", ") << ")";
  if (Attribute properties = op.getPropertiesAsAttribute())
    if (auto dict = dyn_cast<DictionaryAttr>(properties);
        !dict || !dict.empty())
      os << " <" << properties << ">";
  if (op.getNumRegions() != 0) {
    os << " (";
    for (auto [i, region] : llvm::enumerate(op.getRegions())) {
      if (i)
        os << ", ";
      if (failed(writeRegion(region)))
        return failure();
    }
    os << ")";
  }
  if (!op.getDiscardableAttrDictionary().empty())
    os << " " << op.getDiscardableAttrDictionary();
  os << " : (" << *inTypes << ") -> (" << *outTypes << ")\n";
  return success();
}

LogicalResult Writer::writeOp(Operation &op) {
  if (isa<TAssignOp>(op))
    return success(); // written as its alloc_tile's `addr`
  if (auto alloc = dyn_cast<AllocTileOp>(op))
    return writeAlloc(alloc);
  if (auto view = dyn_cast<MakeTensorViewOp>(op))
    return writeTensorView(view);
  if (auto view = dyn_cast<PartitionViewOp>(op))
    return writePartition(view);
  if (auto store = dyn_cast<TStoreOp>(op))
    return writeStore(store);
  if (isa<TileOpInterface>(op))
    return writeTileOp(op);
  if (auto set = dyn_cast<SetValidShapeOp>(op))
    return writeSetValidShape(set);
  if (isa<ValidShapeOp>(op))
    return op.emitError() << "'pto.valid_shape' has no PTOAS form: PTOAS has "
                             "no op that reads a tile's valid shape",
           failure();
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    line() << define(constant) << " = arith.constant " << constant.getValue()
           << "\n";
    return success();
  }
  if (auto ret = dyn_cast<func::ReturnOp>(op)) {
    line() << "return";
    if (ret.getNumOperands() != 0) {
      SmallVector<std::string> operands;
      for (Value operand : ret.getOperands())
        operands.push_back(names.lookup(operand));
      FailureOr<std::string> types = typeList(ret.getOperandTypes(), &op);
      if (failed(types))
        return failure();
      os << " " << llvm::join(operands, ", ") << " : " << *types;
    }
    os << "\n";
    return success();
  }
  // The core queries are PTOAS's ops of the same name and type (PTOOps.td,
  // GetBlockIdxOp ...: `-> i64`); ptoas makes them the simulator's
  // get_block_idx(), get_block_num(), get_subblockid(), get_subblockdim().
  // tprint is PTOAS's TPrintOp, one operand and no attribute; ptoas makes
  // it TPRINT(tile).
  if (isa<arith::ArithDialect, func::FuncDialect, scf::SCFDialect>(
          op.getDialect()) ||
      isa<GetBlockIdxOp, GetBlockNumOp, GetSubBlockIdxOp, GetSubBlockNumOp,
          TPrintOp>(op))
    return writeGeneric(op);
  return ptoas::emitForeignOp(&op), failure();
}

LogicalResult Writer::writeBlock(Block &block, bool label) {
  if (label) {
    SmallVector<std::string> args;
    for (BlockArgument arg : block.getArguments()) {
      FailureOr<std::string> type =
          ptoas::spellType(arg.getType(), block.getParentOp());
      if (failed(type))
        return failure();
      args.push_back(define(arg) + ": " + *type);
    }
    os.indent(2 * (depth - 1)) << "^bb" << nextBlockId++;
    if (!args.empty())
      os << "(" << llvm::join(args, ", ") << ")";
    os << ":\n";
  }
  for (Operation &op : block)
    if (failed(writeOp(op)))
      return failure();
  return success();
}

LogicalResult Writer::checkTilesStayLocal(func::FuncOp func) {
  FunctionType type = func.getFunctionType();
  // A Level 1 signature is refused as such first (its own, clearer reason).
  for (Type input :
       llvm::concat<const Type>(type.getInputs(), type.getResults()))
    if (failed(ptoas::spellType(input, func)))
      return failure();
  if (type.getNumResults() > 1)
    return ptoas::emitManyResults(func), failure();
  for (auto [index, input] : llvm::enumerate(type.getInputs()))
    if (isa<TileBufType>(input))
      return ptoas::emitTileArgument(func, index), failure();
  for (auto [index, result] : llvm::enumerate(type.getResults()))
    if (isa<TileBufType>(result))
      return ptoas::emitTileResult(func, index), failure();
  for (auto [index, input] : llvm::enumerate(type.getInputs()))
    if (isa<TensorViewType, PartitionTensorViewType>(input))
      return ptoas::emitViewInSignature(func, "argument", index), failure();
  for (auto [index, result] : llvm::enumerate(type.getResults()))
    if (isa<TensorViewType, PartitionTensorViewType>(result))
      return ptoas::emitViewInSignature(func, "result", index), failure();
  auto isTile = [](Type type) { return isa<TileBufType>(type); };
  WalkResult walk = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<PtoDialect>(op->getDialect()))
      return WalkResult::advance();
    if (llvm::any_of(op->getOperandTypes(), isTile) ||
        llvm::any_of(op->getResultTypes(), isTile)) {
      ptoas::emitTileCarried(op);
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// `func.func private @f(T0, T1) -> (R)`: a declaration lists its
/// parameter types (it has no arguments to name).
LogicalResult Writer::writeDeclaration(func::FuncOp func) {
  SmallVector<std::string> params;
  for (auto [index, input] : llvm::enumerate(func.getArgumentTypes())) {
    FailureOr<std::string> type = ptoas::spellType(input, func);
    if (failed(type))
      return failure();
    std::string text = *type;
    if (DictionaryAttr attrs = func.getArgAttrDict(index);
        attrs && !attrs.empty()) {
      llvm::raw_string_ostream attrText(text);
      attrText << " " << attrs;
    }
    params.push_back(text);
  }
  FailureOr<std::string> results = typeList(func.getResultTypes(), func);
  if (failed(results))
    return failure();
  line() << "func.func ";
  if (std::optional<StringRef> visibility = func.getSymVisibility())
    os << *visibility << " ";
  os << "@" << func.getSymName() << "(" << llvm::join(params, ", ") << ")";
  if (func.getNumResults() != 0)
    os << " -> (" << *results << ")";
  NamedAttrList attrs(func->getDiscardableAttrDictionary());
  if (!attrs.empty())
    os << " attributes " << attrs.getDictionary(func.getContext());
  os << "\n";
  return success();
}

/// `entry`: ptoas makes the function a kernel (`__global__`), which returns
/// nothing; `markEntry`: it says so with `pto.entry`, which it needs when
/// the module has more than one definition.
LogicalResult Writer::writeFunc(func::FuncOp func, bool entry, bool markEntry) {
  if (failed(checkTilesStayLocal(func)))
    return failure();
  if (entry && func.getNumResults() != 0)
    return ptoas::emitEntryResult(func), failure();
  if (func.isExternal())
    return writeDeclaration(func);
  if (failed(collectPlacement(func)))
    return failure();
  // A function is an isolated scope: its names start over.
  names.clear();
  nextId = 0;
  nextBlockId = 0;
  SmallVector<std::string> args;
  for (BlockArgument arg : func.getArguments()) {
    FailureOr<std::string> type = ptoas::spellType(arg.getType(), func);
    if (failed(type))
      return failure();
    std::string name = names[arg] = "%arg" + std::to_string(arg.getArgNumber());
    std::string text = name + ": " + *type;
    if (DictionaryAttr attrs = func.getArgAttrDict(arg.getArgNumber());
        attrs && !attrs.empty()) {
      llvm::raw_string_ostream attrText(text);
      attrText << " " << attrs;
    }
    args.push_back(text);
  }
  FailureOr<std::string> results =
      typeList(func.getFunctionType().getResults(), func);
  if (failed(results))
    return failure();
  line() << "func.func ";
  if (func.isPrivate())
    os << "private ";
  os << "@" << func.getSymName() << "(" << llvm::join(args, ", ") << ")";
  if (func.getNumResults() != 0)
    os << " -> (" << *results << ")";
  NamedAttrList attrs(func->getDiscardableAttrDictionary());
  if (markEntry)
    attrs.set(PtoDialect::kEntryAttrName, UnitAttr::get(func.getContext()));
  if (!attrs.empty())
    os << " attributes " << attrs.getDictionary(func.getContext());
  os << " {\n";
  ++depth;
  for (Block &block : func.getBody())
    if (failed(writeBlock(block, /*label=*/!block.isEntryBlock())))
      return failure();
  --depth;
  line() << "}\n";
  return success();
}

/// The call of `func` through which, depth first, a cycle of calls is
/// reached (`path`: the functions being visited), or null.
static func::CallOp findRecursiveCall(func::FuncOp func, SymbolTable &symbols,
                                      SmallVectorImpl<func::FuncOp> &path,
                                      llvm::DenseSet<Operation *> &done) {
  path.push_back(func);
  func::CallOp found;
  func.walk([&](func::CallOp call) {
    auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
    if (!callee)
      return WalkResult::advance();
    if (llvm::is_contained(path, callee) ||
        (!done.contains(callee) &&
         findRecursiveCall(callee, symbols, path, done))) {
      found = found ? found : call;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  path.pop_back();
  done.insert(func);
  return found;
}

/// ptoas's C++ emission refuses recursive calls ("recursive function calls
/// are not supported for EmitC C++ emission"): refused at the first call,
/// depth first from the module's first function, that leads into a cycle.
static LogicalResult checkNoRecursion(ModuleOp module) {
  SymbolTable symbols(module);
  llvm::DenseSet<Operation *> done;
  for (auto func : module.getOps<func::FuncOp>()) {
    SmallVector<func::FuncOp> path;
    if (func::CallOp call = findRecursiveCall(func, symbols, path, done))
      return call.emitError() << "a recursive call (of @" << call.getCallee()
                              << ") has no PTOAS form: ptoas's C++ emission "
                                 "refuses recursive "
                                 "calls",
             failure();
  }
  return success();
}

LogicalResult Writer::writeModule(ModuleOp module) {
  if (failed(checkNoRecursion(module)))
    return failure();
  // Always a target: ptoas would assume a3 without one.
  NamedAttrList attrs(module->getAttrDictionary());
  attrs.set(
      PtoDialect::kTargetArchAttrName,
      StringAttr::get(module.getContext(),
                      getPtoasTargetArchName(lookupTargetArch(module).value_or(
                          kPtoasDefaultTarget))));
  os << "module";
  if (!attrs.empty())
    os << " attributes " << attrs.getDictionary(module.getContext());
  os << " {\n";
  ++depth;
  // ptoas's entries (PTO.cpp, isPTOEntryFunction): the one definition of a
  // module, or those marked `pto.entry`; ours are the public definitions.
  unsigned definitions =
      llvm::count_if(module.getOps<func::FuncOp>(),
                     [](func::FuncOp func) { return !func.isExternal(); });
  for (Operation &op : module.getBody()->getOperations()) {
    auto func = dyn_cast<func::FuncOp>(op);
    if (!func)
      return ptoas::emitForeignOp(&op), failure();
    bool entry = !func.isExternal() && (definitions == 1 || func.isPublic());
    if (failed(writeFunc(func, entry, entry && definitions > 1)))
      return failure();
  }
  --depth;
  os << "}\n";
  return success();
}

StringRef mlir::pto::stringifyPtoasLevel(PtoasLevel level) {
  return level == PtoasLevel::Level2 ? "level2" : "level3";
}

std::optional<PtoasLevel> mlir::pto::parsePtoasLevel(StringRef name) {
  for (PtoasLevel level : {PtoasLevel::Level2, PtoasLevel::Level3})
    if (name == stringifyPtoasLevel(level))
      return level;
  return std::nullopt;
}

LogicalResult mlir::pto::exportPtoas(ModuleOp module, raw_ostream &os,
                                     PtoasLevel level) {
  // The writer reads a window's layout from its type.
  if (failed(moveViewLayoutsIntoTypes(module)))
    return failure();
  std::string text;
  llvm::raw_string_ostream buffer(text);
  if (failed(Writer(buffer, level).writeModule(module)))
    return failure();
  os << text;
  return success();
}

void mlir::pto::registerPtoasTranslations() {
  // Registered here, not at load time, so that a library holding the
  // exporter (the Python extension) registers no command-line option.
  static llvm::cl::opt<std::string> levelOption(
      "ptoas-level",
      llvm::cl::desc("--export-ptoas: the ptoas --pto-level to write for, "
                     "level2 (unplaced buffers) or level3 (placed buffers)"),
      llvm::cl::init(stringifyPtoasLevel(kDefaultPtoasLevel).str()));
  static TranslateFromMLIRRegistration exportRegistration(
      "export-ptoas", "a Level 2 pto module to PTOAS text",
      [](ModuleOp module, raw_ostream &os) -> LogicalResult {
        std::optional<PtoasLevel> level = parsePtoasLevel(levelOption);
        if (!level)
          return module.emitError()
                 << "--ptoas-level=" << levelOption
                 << " is unknown: ptoas's levels are level2 and level3";
        return exportPtoas(module, os, *level);
      },
      // memref as for PTO-AS (PtoAsmTranslation.cpp): PTOAS's memref form
      // parses and is refused by its op.
      [](DialectRegistry &registry) {
        registry.insert<PtoDialect, func::FuncDialect, arith::ArithDialect,
                        memref::MemRefDialect, scf::SCFDialect>();
      });
}
