//===- PtoTileOpSupport.cpp - what every tile op shares -------------------===//
#include "pto/PtoTileOpSupport.h"
#include "mlir/IR/Builders.h"
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

/// MLIR's name of the operand segment sizes (every tile op has the trait).
static StringRef segmentsName() {
  return ::mlir::OpTrait::AttrSizedOperandSegments<
      void>::getOperandSegmentSizeAttr();
}

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

/// `expects 3 or 4 'ins' operands (src, index_row, index_col[, quant])`:
/// the numbers of operands a group admits and their names, the optional
/// ones in brackets.
static InFlightDiagnostic &describeGroup(InFlightDiagnostic &diag,
                                         StringRef group,
                                         ArrayRef<StringLiteral> names,
                                         unsigned numRequired) {
  diag << "expects " << numRequired;
  if (names.size() == numRequired + 1)
    diag << " or " << names.size();
  else if (names.size() > numRequired)
    diag << " to " << names.size();
  diag << " '" << group << "' operands (";
  for (auto [i, name] : llvm::enumerate(names))
    diag << (i == 0 ? "" : i < numRequired ? ", " : "[, ") << name;
  for (unsigned i = std::max(numRequired, 1u); i < names.size(); ++i)
    diag << "]";
  return diag << ")";
}

LogicalResult mlir::pto::getTileOpSegmentSizes(
    const TileOperandGroups &groups, unsigned numIns, ArrayRef<int32_t> inits,
    unsigned numOuts, SmallVectorImpl<int32_t> &sizes,
    function_ref<InFlightDiagnostic()> emitError) {
  if (numIns < groups.numRequiredIns || numIns > groups.ins.size()) {
    InFlightDiagnostic diag = emitError();
    return describeGroup(diag, "ins", groups.ins, groups.numRequiredIns)
           << ", got " << numIns;
  }
  if (numOuts > groups.outs.size()) {
    InFlightDiagnostic diag = emitError();
    return describeGroup(diag, "outs", groups.outs, /*numRequired=*/0)
           << ", got " << numOuts;
  }
  assert(inits.size() == groups.numInits && "one size per init group");
  sizes.clear();
  for (unsigned i = 0; i < groups.ins.size(); ++i)
    sizes.push_back(i < numIns ? 1 : 0);
  llvm::append_range(sizes, inits);
  for (unsigned i = 0; i < groups.outs.size(); ++i)
    sizes.push_back(i < numOuts ? 1 : 0);
  return success();
}

LogicalResult
mlir::pto::setTileOpSegments(OperationState &result, unsigned numIns,
                             ArrayRef<int32_t> inits, unsigned numOuts,
                             function_ref<InFlightDiagnostic()> emitError) {
  std::optional<RegisteredOperationName> name = result.name.getRegisteredInfo();
  auto *tileOp = name ? name->getInterface<TileOpInterface>() : nullptr;
  assert(tileOp && "a registered tile op");
  SmallVector<int32_t, 8> sizes;
  if (failed(getTileOpSegmentSizes(tileOp->getOperandGroups(), numIns, inits,
                                   numOuts, sizes, emitError)))
    return failure();
  if (name->hasTrait<::mlir::OpTrait::AttrSizedOperandSegments>())
    result.attributes.set(segmentsName(),
                          DenseI32ArrayAttr::get(result.getContext(), sizes));
  return success();
}

void mlir::pto::setParsedTileOpCounts(OperationState &result, unsigned numIns,
                                      unsigned numOuts,
                                      ArrayRef<int32_t> inits) {
  SmallVector<int32_t> counts = {static_cast<int32_t>(numIns),
                                 static_cast<int32_t>(numOuts)};
  llvm::append_range(counts, inits);
  result.attributes.set(segmentsName(),
                        DenseI32ArrayAttr::get(result.getContext(), counts));
}

ArrayRef<int32_t> mlir::pto::parsedTileOpCounts(const OperationState &result) {
  return cast<DenseI32ArrayAttr>(result.attributes.get(segmentsName()))
      .asArrayRef();
}

/// `keyword ( %a, %b : A, B )`; an empty keyword means it was consumed.
/// With `attributes`, an attribute dictionary may follow the operands, as
/// PTOAS writes an op's attributes (`ins(%src {rmode = ...} : A)`).
static ParseResult
parseKeywordOperandList(OpAsmParser &parser, StringRef keyword,
                        SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ops,
                        SmallVectorImpl<Type> &types,
                        NamedAttrList *attributes = nullptr) {
  if ((!keyword.empty() && parser.parseKeyword(keyword)) ||
      parser.parseLParen() || parser.parseOperandList(ops))
    return failure();
  if (attributes && parser.parseOptionalAttrDict(*attributes))
    return failure();
  if (!ops.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  return parser.parseRParen();
}

ParseResult mlir::pto::parseTileOpLevel2(OpAsmParser &parser,
                                         OperationState &result,
                                         TileOpSegmentSetter setSegments,
                                         ArrayRef<int32_t> inits) {
  SmallVector<OpAsmParser::UnresolvedOperand> ins, outs;
  SmallVector<Type> inTypes, outTypes;
  SMLoc loc = parser.getCurrentLocation();
  if (parseKeywordOperandList(parser, /*keyword=*/"", ins, inTypes,
                              &result.attributes) ||
      parseKeywordOperandList(parser, "outs", outs, outTypes) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.resolveOperands(ins, inTypes, loc, result.operands) ||
      parser.resolveOperands(outs, outTypes, loc, result.operands))
    return failure();
  return setSegments(parser, loc, result, ins.size(), outs.size(), inits);
}

/// One type, or a parenthesized list of them.
static ParseResult parseTypeOrList(OpAsmParser &parser,
                                   SmallVectorImpl<Type> &types) {
  if (succeeded(parser.parseOptionalLParen()))
    return failure(parser.parseTypeList(types) || parser.parseRParen());
  return parser.parseType(types.emplace_back());
}

ParseResult
mlir::pto::parseTileOpLevel1Types(OpAsmParser &parser,
                                  SmallVectorImpl<Type> &inTypes,
                                  SmallVectorImpl<Type> &resultTypes) {
  return failure(parser.parseColon() || parseTypeOrList(parser, inTypes) ||
                 parser.parseArrow() || parseTypeOrList(parser, resultTypes));
}

ParseResult mlir::pto::parseTileOp(OpAsmParser &parser, OperationState &result,
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
  return setSegments(parser, loc, result, ins.size(), /*numOuts=*/0,
                     /*inits=*/{});
}

/// The segment check of an op of one `ins` operand and at most one `outs`
/// buffer: it has no segments to set.
static ParseResult checkOneInOneOut(OpAsmParser &parser, SMLoc loc,
                                    OperationState &, unsigned numIns,
                                    unsigned numOuts, ArrayRef<int32_t>) {
  if (numIns != 1 || numOuts > 1)
    return parser.emitError(loc)
           << "expects 1 'ins' operand and at most 1 'outs' buffer, got "
           << numIns << " 'ins' and " << numOuts << " 'outs'";
  return success();
}

ParseResult mlir::pto::parseOneInOneOutTileOp(OpAsmParser &parser,
                                              OperationState &result) {
  return parseTileOp(parser, result, checkOneInOneOut);
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
/// short op; when the op has no property but the operand segments (always
/// elided), its discardable attributes are the same list.
static ArrayRef<NamedAttribute> attributesToPrint(Operation *op) {
  ArrayRef<StringAttr> inherent = op->getName().getAttributeNames();
  if (inherent.empty() ||
      (inherent.size() == 1 && inherent.front().getValue() == segmentsName()))
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
  if (auto view = dyn_cast<TileViewOpInterface>(operation);
      view && view.isView())
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

IsaLayout mlir::pto::getIsaLayout(TileLikeType type) {
  BLayout b = type.getBLayout();
  SLayout s = type.getSLayout();
  if (s == SLayout::NoneBox)
    return b == BLayout::RowMajor ? IsaLayout::ND : IsaLayout::DN;
  if (b == BLayout::ColMajor && s == SLayout::RowMajor)
    return IsaLayout::NZ;
  if (b == BLayout::RowMajor && s == SLayout::ColMajor)
    return IsaLayout::ZN;
  return IsaLayout::Other;
}

std::string mlir::pto::formatLayout(TileLikeType type) {
  switch (getIsaLayout(type)) {
  case IsaLayout::ND:
    return "ND";
  case IsaLayout::DN:
    return "DN";
  case IsaLayout::NZ:
    return "NZ";
  case IsaLayout::ZN:
    return "ZN";
  case IsaLayout::Other:
    break;
  }
  return ("blayout=" + stringifyBLayout(type.getBLayout()) +
          ", slayout=" + stringifySLayout(type.getSLayout()))
      .str();
}

std::string mlir::pto::describeTarget(std::optional<TargetArch> target) {
  return target ? ("on " + stringifyTargetArch(*target)).str()
                : "on any target";
}

StringRef mlir::pto::tileLevelName(Type type) {
  return isa<TileBufType>(type) ? "!pto.tile_buf" : "!pto.tile";
}

LogicalResult mlir::pto::verifyTileOpForm(TileOpInterface op,
                                          unsigned numDsts) {
  Operation *operation = op.getOperation();
  OperandRange ins = op.getIns();
  unsigned numResults = operation->getNumResults();
  unsigned numOuts = op.getOuts().size();
  bool level1 = numOuts == 0 && numResults == numDsts;
  bool level2 = numResults == 0 && numOuts == numDsts;
  if (!level1 && !level2)
    return operation->emitOpError()
           << "expects " << numDsts << " results (Level 1) or " << numDsts
           << " 'outs' buffers (Level 2), got " << numResults << " results and "
           << numOuts << " 'outs'";
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

LogicalResult mlir::pto::checkElementTypeIn(Operation *op, StringRef what,
                                            Type elementType,
                                            ArrayRef<ElementKind> allowed,
                                            std::optional<TargetArch> target) {
  std::optional<ElementKind> kind = classifyElementType(elementType);
  if (kind && llvm::is_contained(allowed, *kind))
    return success();
  InFlightDiagnostic diag = op->emitOpError();
  diag << what << " element type " << typeToString(elementType)
       << " is not supported " << describeTarget(target) << " (allowed: ";
  llvm::interleaveComma(allowed, diag, [&](ElementKind allowedKind) {
    diag << stringifyElementKind(allowedKind);
  });
  diag << ")";
  noteAssumedTarget(diag, op);
  return diag;
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
