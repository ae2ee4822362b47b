//===- PtoTileOpSupport.cpp - what every tile op shares -------------------===//
#include "pto/PtoTileOpSupport.h"
#include "pto/PtoDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::pto;

/// MLIR's name of the operand segment sizes (every tile op has the trait).
static StringRef segmentsName() {
  return ::mlir::OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr();
}

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

void mlir::pto::setTileOpSegments(OperationState &result, int32_t numIns,
                                  int32_t numOuts,
                                  ArrayRef<int32_t> extraSegments) {
  SmallVector<int32_t> sizes = {numIns, numOuts};
  llvm::append_range(sizes, extraSegments);
  DenseI32ArrayAttr value = DenseI32ArrayAttr::get(result.getContext(), sizes);
  // The op's registered attribute name: naming it by its text would unique
  // the string in the context again for every op parsed. A PTOAS spelling
  // (PtoasSyntax.cpp) is parsed under its own, unregistered name.
  ArrayRef<StringAttr> names = result.name.getAttributeNames();
  const StringAttr *name = llvm::find_if(names, [](StringAttr attrName) {
    return attrName.getValue() == segmentsName();
  });
  if (name != names.end())
    result.attributes.set(*name, value);
  else
    result.attributes.set(segmentsName(), value);
}

/// `keyword ( %a, %b : A, B )`; an empty keyword means it was consumed.
static ParseResult
parseKeywordOperandList(OpAsmParser &parser, StringRef keyword,
                        SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ops,
                        SmallVectorImpl<Type> &types) {
  if ((!keyword.empty() && parser.parseKeyword(keyword)) ||
      parser.parseLParen() ||
      parser.parseOperandList(ops))
    return failure();
  if (!ops.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  return parser.parseRParen();
}

ParseResult mlir::pto::parseTileOpLevel2(OpAsmParser &parser,
                                         OperationState &result,
                                         TileOpSegmentSetter setSegments,
                                         ArrayRef<int32_t> extraSegments) {
  SmallVector<OpAsmParser::UnresolvedOperand> ins, outs;
  SmallVector<Type> inTypes, outTypes;
  SMLoc loc = parser.getCurrentLocation();
  if (parseKeywordOperandList(parser, /*keyword=*/"", ins, inTypes) ||
      parseKeywordOperandList(parser, "outs", outs, outTypes) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.resolveOperands(ins, inTypes, loc, result.operands) ||
      parser.resolveOperands(outs, outTypes, loc, result.operands))
    return failure();
  SmallVector<int32_t, 4> sizes = {static_cast<int32_t>(ins.size()),
                                   static_cast<int32_t>(outs.size())};
  llvm::append_range(sizes, extraSegments);
  setSegments(result, sizes);
  return success();
}

/// One type, or a parenthesized list of them.
static ParseResult parseTypeOrList(OpAsmParser &parser,
                                   SmallVectorImpl<Type> &types) {
  if (succeeded(parser.parseOptionalLParen()))
    return failure(parser.parseTypeList(types) || parser.parseRParen());
  return parser.parseType(types.emplace_back());
}

ParseResult mlir::pto::parseTileOpLevel1Types(OpAsmParser &parser,
                                              SmallVectorImpl<Type> &inTypes,
                                              SmallVectorImpl<Type> &resultTypes) {
  return failure(parser.parseColon() || parseTypeOrList(parser, inTypes) ||
                 parser.parseArrow() || parseTypeOrList(parser, resultTypes));
}

ParseResult mlir::pto::parseTileOp(OpAsmParser &parser,
                                   OperationState &result,
                                   TileOpSegmentSetter setSegments) {
  if (succeeded(parser.parseOptionalKeyword("ins")))
    return parseTileOpLevel2(parser, result, setSegments);
  SmallVector<OpAsmParser::UnresolvedOperand> ins;
  SmallVector<Type> inTypes;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(ins) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parseTileOpLevel1Types(parser, inTypes, result.types) ||
      parser.resolveOperands(ins, inTypes, loc, result.operands))
    return failure();
  setSegments(result, {static_cast<int32_t>(ins.size()), 0});
  return success();
}

ParseResult mlir::pto::parseOneInOneOutTileOp(OpAsmParser &parser,
                                              OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  // The segments parseTileOp reads land in an attribute of their own (the
  // op has none), taken off again here.
  auto keepSegments = [](OperationState &state, ArrayRef<int32_t> sizes) {
    setTileOpSegments(state, sizes[0], sizes[1]);
  };
  if (failed(parseTileOp(parser, result, keepSegments)))
    return failure();
  auto sizes =
      cast<DenseI32ArrayAttr>(result.attributes.erase(segmentsName()))
          .asArrayRef();
  if (sizes[0] != 1 || sizes[1] > 1)
    return parser.emitError(loc)
           << "expects 1 'ins' operand and at most 1 'outs' buffer, got "
           << sizes[0] << " 'ins' and " << sizes[1] << " 'outs'";
  return success();
}

static void printTypeOrList(OpAsmPrinter &printer, TypeRange types) {
  if (types.size() == 1) {
    printer << types.front();
    return;
  }
  printer << "(";
  llvm::interleaveComma(types, printer);
  printer << ")";
}

void mlir::pto::printTileOpLevel1Types(OpAsmPrinter &printer, TypeRange inTypes,
                                       TypeRange resultTypes) {
  printer << " : ";
  printTypeOrList(printer, inTypes);
  printer << " -> ";
  printTypeOrList(printer, resultTypes);
}

static void printKeywordOperandList(OpAsmPrinter &printer, StringRef keyword,
                                    ValueRange values) {
  printer << keyword << "(";
  printer << values;
  if (!values.empty()) {
    printer << " : ";
    llvm::interleaveComma(values.getTypes(), printer);
  }
  printer << ")";
}

static SmallVector<StringRef> withSegments(ArrayRef<StringRef> elided) {
  SmallVector<StringRef> all(elided);
  all.push_back(segmentsName());
  return all;
}

/// The attributes to print (before eliding). `op->getAttrs()` builds a
/// dictionary of the op's properties, which costs more than printing a
/// short op; when the operand segments (always elided) are the op's only
/// property, its discardable attributes are the same list.
static ArrayRef<NamedAttribute> attributesToPrint(Operation *op) {
  ArrayRef<StringAttr> inherent = op->getName().getAttributeNames();
  if (inherent.size() == 1 &&
      inherent.front().getValue() == segmentsName())
    return op->getDiscardableAttrDictionary().getValue();
  return op->getAttrs();
}

void mlir::pto::printTileOpLevel2(OpAsmPrinter &printer, Operation *op,
                                  ArrayRef<StringRef> elidedAttrs) {
  auto tileOp = cast<TileOpInterface>(op);
  printer << " ";
  printKeywordOperandList(printer, "ins", tileOp.getIns());
  printer << " ";
  printKeywordOperandList(printer, "outs", tileOp.getOuts());
  printer.printOptionalAttrDict(attributesToPrint(op),
                               withSegments(elidedAttrs));
}

void mlir::pto::printTileOp(OpAsmPrinter &printer, Operation *op,
                            ArrayRef<StringRef> elidedAttrs) {
  auto tileOp = cast<TileOpInterface>(op);
  if (tileOp.isBufferLevel()) {
    printTileOpLevel2(printer, op, elidedAttrs);
    return;
  }
  printer << " " << tileOp.getIns();
  printer.printOptionalAttrDict(attributesToPrint(op),
                               withSegments(elidedAttrs));
  printTileOpLevel1Types(printer, tileOp.getIns().getTypes(),
                         op->getResultTypes());
}

//===----------------------------------------------------------------------===//
// Memory effects
//===----------------------------------------------------------------------===//

void mlir::pto::getTileOpEffects(
    TileOpInterface op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  Operation *operation = op.getOperation();
  // Making a view touches no bytes: the view's users read and write them.
  if (auto view = dyn_cast<TileViewOpInterface>(operation); view && view.isView())
    return;
  // Operands are `ins` then `outs`, so the outs are the trailing ones.
  unsigned firstOut = operation->getNumOperands() - op.getOuts().size();
  for (OpOperand &operand : operation->getOpOperands()) {
    if (!isa<TileBufType>(operand.get().getType()))
      continue;
    if (operand.getOperandNumber() >= firstOut)
      effects.emplace_back(MemoryEffects::Write::get(), &operand,
                           SideEffects::DefaultResource::get());
    else
      effects.emplace_back(MemoryEffects::Read::get(), &operand,
                           SideEffects::DefaultResource::get());
  }
}

//===----------------------------------------------------------------------===//
// Verification helpers
//===----------------------------------------------------------------------===//

std::string mlir::pto::typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

std::string mlir::pto::formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      shape, os,
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          os << "?";
        else
          os << d;
      },
      "x");
  return text;
}

std::string mlir::pto::formatLayout(TileLikeType type) {
  BLayout b = type.getBLayout();
  SLayout s = type.getSLayout();
  if (s == SLayout::NoneBox)
    return b == BLayout::RowMajor ? "ND" : "DN";
  if (b == BLayout::ColMajor && s == SLayout::RowMajor)
    return "NZ";
  if (b == BLayout::RowMajor && s == SLayout::ColMajor)
    return "ZN";
  return ("blayout=" + stringifyBLayout(b) + ", slayout=" + stringifySLayout(s))
      .str();
}

std::string mlir::pto::describeTarget(std::optional<TargetArch> target) {
  return target ? ("on " + stringifyTargetArch(*target)).str()
                : "on any target";
}

StringRef mlir::pto::tileLevelName(Type type) {
  return isa<TileBufType>(type) ? "!pto.tile_buf" : "!pto.tile";
}

LogicalResult mlir::pto::verifyTileOpForm(TileOpInterface op, unsigned numIns,
                                          unsigned numDsts) {
  Operation *operation = op.getOperation();
  OperandRange ins = op.getIns();
  if (ins.size() != numIns)
    return operation->emitOpError()
           << "expects " << numIns << " 'ins' operands, got " << ins.size();
  unsigned numResults = operation->getNumResults();
  unsigned numOuts = op.getOuts().size();
  bool level1 = numOuts == 0 && numResults == numDsts;
  bool level2 = numResults == 0 && numOuts == numDsts;
  if (!level1 && !level2)
    return operation->emitOpError()
           << "expects " << numDsts << " results (Level 1) or " << numDsts
           << " 'outs' buffers (Level 2), got " << numResults
           << " results and " << numOuts << " 'outs'";
  // A tile operand of the wrong level: Level 1 reads !pto.tile values,
  // Level 2 reads !pto.tile_buf buffers.
  for (auto [i, value] : llvm::enumerate(ins)) {
    Type type = value.getType();
    if (!isa<TileLikeType>(type))
      continue;
    if (level1 != isa<TileType>(type))
      return operation->emitOpError()
             << "'ins' operand #" << i << " is " << tileLevelName(type)
             << " but the op is at Level " << (level1 ? 1 : 2) << " (expects "
             << (level1 ? "!pto.tile" : "!pto.tile_buf") << ")";
  }
  return success();
}

TileLikeType mlir::pto::getDstType(TileOpInterface op, unsigned i) {
  if (op.isBufferLevel())
    return cast<TileLikeType>(op.getOuts()[i].getType());
  return cast<TileLikeType>(op.getOperation()->getResult(i).getType());
}

LogicalResult mlir::pto::checkTileIns(TileOpInterface op,
                                      ArrayRef<StringRef> names) {
  OperandRange ins = op.getIns();
  for (auto [i, name] : llvm::enumerate(names)) {
    Type type = ins[i].getType();
    if (!isa<TileLikeType>(type))
      return op->emitOpError()
             << name << " ('ins' operand #" << i
             << ") must be a !pto.tile or !pto.tile_buf, got "
             << typeToString(type);
  }
  return success();
}

LogicalResult mlir::pto::checkElementTypeIn(Operation *op, StringRef what,
                                            Type elementType,
                                            ArrayRef<StringRef> allowed,
                                            std::optional<TargetArch> target) {
  // The op's own dialect: finding it in the context by name costs as much
  // as the check.
  std::string name =
      cast<PtoDialect>(op->getDialect())->getElementTypeName(elementType);
  if (llvm::is_contained(allowed, name))
    return success();
  InFlightDiagnostic diag = op->emitOpError();
  diag << what << " element type " << name << " is not supported "
       << describeTarget(target) << " (allowed: ";
  llvm::interleaveComma(allowed, diag);
  return diag << ")";
}

LogicalResult mlir::pto::checkLocation(Operation *op, StringRef what,
                                       TileLikeType type,
                                       TileLocation allowed) {
  if (type.getLocation() == allowed)
    return success();
  return op->emitOpError() << what << " location must be "
                           << stringifyTileLocation(allowed) << ", got "
                           << stringifyTileLocation(type.getLocation());
}

LogicalResult mlir::pto::checkRowMajor(Operation *op, StringRef what,
                                       TileLikeType type) {
  if (type.isRowMajor())
    return success();
  return op->emitOpError() << what
                           << " must be row-major (blayout=row_major), got "
                              "blayout="
                           << stringifyBLayout(type.getBLayout());
}

LogicalResult mlir::pto::checkSameElementType(Operation *op, StringRef what,
                                              TileLikeType type,
                                              StringRef refName,
                                              TileLikeType ref) {
  if (type.getElementType() == ref.getElementType())
    return success();
  return op->emitOpError() << what << " element type "
                           << typeToString(type.getElementType())
                           << " differs from " << refName << " element type "
                           << typeToString(ref.getElementType());
}

LogicalResult mlir::pto::checkSameValidShape(Operation *op, StringRef what,
                                             TileLikeType type,
                                             StringRef refName,
                                             TileLikeType ref) {
  for (int dim = 0; dim < 2; ++dim) {
    int64_t a = type.getValidShape()[dim], b = ref.getValidShape()[dim];
    if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b)
      return op->emitOpError()
             << what << " valid shape " << formatShape(type.getValidShape())
             << " does not match " << refName << " valid shape "
             << formatShape(ref.getValidShape());
  }
  return success();
}
