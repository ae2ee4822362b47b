//===- GlobalMemoryOps.cpp - global tensors, windows, tload, tstore -------===//
//
// Syntax, effects and verifiers of GlobalMemoryOps.td. Pages (pto-isa
// docs/isa): tile/ops/view-and-tile-buf/make-tensor-view.md and
// partition-view.md, TLOAD.md, TSTORE.md; each rule cites its line.
//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "pto/GlobalMemory.h"
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// Windows and layouts (GlobalMemory.h)
//===----------------------------------------------------------------------===//

std::optional<GlobalLayout> mlir::pto::getViewLayout(Type view) {
  if (auto tensor = dyn_cast<TensorViewType>(view))
    return tensor.getLayout();
  return cast<PartitionTensorViewType>(view).getLayout();
}

/// A boxed tile takes the layout of its boxes: NZ (row-major boxes) loads
/// from ND, ZN (column-major boxes) from DN (TLOAD.md: "ND->NZ and DN->ZN").
GlobalLayout mlir::pto::getTileWindowLayout(TileLikeType tile) {
  bool rowMajor = tile.isBoxed() ? tile.getSLayout() == SLayout::RowMajor
                                 : tile.isRowMajor();
  return rowMajor ? GlobalLayout::ND : GlobalLayout::DN;
}

GlobalLayout mlir::pto::getWindowLayout(Value window, TileLikeType tile) {
  return getViewLayout(window.getType()).value_or(getTileWindowLayout(tile));
}

/// kDynamic when an extent is; std::nullopt when the product overflows
/// int64 (then the window covers no tile).
static std::optional<int64_t> multiplyExtents(ArrayRef<int64_t> extents) {
  int64_t product = 1;
  for (int64_t extent : extents) {
    if (ShapedType::isDynamic(extent))
      return ShapedType::kDynamic;
    std::optional<int64_t> next = llvm::checkedMul(product, extent);
    if (!next)
      return std::nullopt;
    product = *next;
  }
  return product;
}

WindowTileDims mlir::pto::getWindowTileDims(GlobalLayout layout) {
  static constexpr unsigned ndRows[] = {0, 1, 2, 3}, ndCols[] = {4};
  static constexpr unsigned dnRows[] = {3}, dnCols[] = {0, 1, 2, 4};
  if (layout == GlobalLayout::DN)
    return {dnRows, dnCols};
  return {ndRows, ndCols};
}

std::optional<std::pair<int64_t, int64_t>>
mlir::pto::getWindowTileShape(ArrayRef<int64_t> shape, GlobalLayout layout) {
  SmallVector<int64_t, kGlobalRank> padded(kGlobalRank - shape.size(), 1);
  llvm::append_range(padded, shape);
  auto cover = [&](ArrayRef<unsigned> dims) {
    SmallVector<int64_t, kGlobalRank> extents;
    for (unsigned dim : dims)
      extents.push_back(padded[dim]);
    return multiplyExtents(extents);
  };
  WindowTileDims dims = getWindowTileDims(layout);
  std::optional<int64_t> rows = cover(dims.rows), cols = cover(dims.cols);
  if (!rows || !cols)
    return std::nullopt;
  return std::pair(*rows, *cols);
}

//===----------------------------------------------------------------------===//
// pto.make_tensor_view
//===----------------------------------------------------------------------===//

/// `name = [%a, %b]`
static ParseResult
parseNamedIndexList(OpAsmParser &parser, StringRef name,
                    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  return failure(
      parser.parseKeyword(name) || parser.parseEqual() ||
      parser.parseOperandList(operands, OpAsmParser::Delimiter::Square));
}

// PTOAS's form (its PTO.cpp, MakeTensorViewOp::parse): the pointer's type is
// the one the view's element type implies.
ParseResult MakeTensorViewOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> shape, strides;
  TensorViewType type;
  if (parser.parseOperand(ptr) || parser.parseComma() ||
      parseNamedIndexList(parser, "shape", shape) || parser.parseComma() ||
      parseNamedIndexList(parser, "strides", strides) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  Type indexType = parser.getBuilder().getIndexType();
  if (parser.resolveOperand(
          ptr, PtrType::get(parser.getContext(), type.getElementType()),
          result.operands) ||
      parser.resolveOperands(shape, indexType, result.operands) ||
      parser.resolveOperands(strides, indexType, result.operands))
    return failure();
  auto &segments = result.getOrAddProperties<Properties>().operandSegmentSizes;
  segments = {1, static_cast<int32_t>(shape.size()),
              static_cast<int32_t>(strides.size())};
  result.addTypes(type);
  return success();
}

void MakeTensorViewOp::print(OpAsmPrinter &printer) {
  printer << " " << getPtr() << ", shape = [" << getShape() << "], strides = ["
          << getStrides() << "]";
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getOperandSegmentSizesAttrName()});
  printer << " : " << getResult().getType();
}

static std::optional<int64_t> getConstantIndex(Value value) {
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  return constant.getSExtValue();
}

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType type = getResult().getType();
  // make_tensor_view_c1 (make-tensor-view.md, Constraints: "%ptr element
  // type must match the result element type")
  if (getPtr().getType().getElementType() != type.getElementType())
    return emitOpError() << "ptr element type "
                         << typeToString(getPtr().getType().getElementType())
                         << " differs from the view's element type "
                         << typeToString(type.getElementType());
  // make_tensor_view_c2 ("shape and strides operand counts must match the
  // tensor_view rank")
  if (getShape().size() != static_cast<size_t>(type.getRank()) ||
      getStrides().size() != static_cast<size_t>(type.getRank()))
    return emitOpError() << "takes one shape and one stride operand per "
                            "dimension of the view (rank "
                         << type.getRank() << "), got " << getShape().size()
                         << " shape and " << getStrides().size()
                         << " stride operands";
  // make_tensor_view_c3 (the Inputs table: shape holds the view's
  // extents): a constant extent is the one the type states, and positive.
  for (auto [dim, operand] : llvm::enumerate(getShape())) {
    std::optional<int64_t> extent = getConstantIndex(operand);
    int64_t stated = type.getShape()[dim];
    if (extent &&
        (*extent <= 0 || (!ShapedType::isDynamic(stated) && *extent != stated)))
      return emitOpError() << "shape operand #" << dim << " is " << *extent
                           << " but the view's extent #" << dim << " is "
                           << (ShapedType::isDynamic(stated)
                                   ? std::string("?")
                                   : std::to_string(stated))
                           << " (a positive extent)";
  }
  // make_tensor_view_c5: PTOAS writes the layout as an attribute and the
  // view types without one (pto-view-layouts moves it into them); it must
  // not name another layout than the type, and obeys the type's rules.
  std::optional<GlobalLayout> layout = getViewLayout();
  if (getLayout() && type.getLayout() && *getLayout() != *type.getLayout())
    return emitOpError() << "layout attribute "
                         << stringifyGlobalLayout(*getLayout())
                         << " differs from the result type's layout "
                         << stringifyGlobalLayout(*type.getLayout());
  if (getLayout() && failed(TensorViewType::verify(
                         [&] { return emitOpError(); }, type.getShape(),
                         type.getElementType(), layout)))
    return failure();
  if (!layout)
    return success();
  // make_tensor_view_c4 ("If layout is provided with static shapes/strides,
  // it must be consistent with the inferred layout"): ND has unit stride in
  // its last dimension, DN in its second-to-last (pto-isa
  // include/pto/cpu/tile_offsets.hpp:169 walks them so).
  size_t unitDim =
      *layout == GlobalLayout::ND ? type.getRank() - 1 : type.getRank() - 2;
  std::optional<int64_t> stride = getConstantIndex(getStrides()[unitDim]);
  if (stride && *stride != 1)
    return emitOpError() << "layout " << stringifyGlobalLayout(*layout)
                         << " needs stride 1 in dimension #" << unitDim
                         << ", got " << *stride;
  return success();
}

std::optional<GlobalLayout> MakeTensorViewOp::getViewLayout() {
  if (std::optional<GlobalLayout> typed = getResult().getType().getLayout())
    return typed;
  return getLayout();
}

/// A view type's layout as its type writes it, "none" when it names none.
static std::string formatViewLayout(std::optional<GlobalLayout> layout) {
  return layout ? stringifyGlobalLayout(*layout).str() : "none";
}

//===----------------------------------------------------------------------===//
// pto.partition_view
//===----------------------------------------------------------------------===//

LogicalResult PartitionViewOp::verify() {
  TensorViewType source = getSource().getType();
  PartitionTensorViewType result = getResult().getType();
  int64_t rank = source.getRank();
  // partition_view_c1 (partition-view.md, Constraints: "offsets and sizes
  // operand counts MUST each match the rank of %tv")
  if (getOffsets().size() != static_cast<size_t>(rank) ||
      getSizes().size() != static_cast<size_t>(rank))
    return emitOpError() << "takes one offset and one size per dimension of "
                            "the source (rank "
                         << rank << "), got " << getOffsets().size()
                         << " offsets and " << getSizes().size() << " sizes";
  // partition_view_c2 (`result = source[offsets, sizes]`: the window has
  // the source's rank and element type)
  if (result.getRank() != rank)
    return emitOpError() << "result rank " << result.getRank()
                         << " differs from the source's rank " << rank;
  if (result.getElementType() != source.getElementType())
    return emitOpError() << "result element type "
                         << typeToString(result.getElementType())
                         << " differs from the source's element type "
                         << typeToString(source.getElementType());
  // partition_view_c6: the window keeps its tensor's layout (a window maps
  // onto a tile as its tensor does).
  if (result.getLayout() != source.getLayout())
    return emitOpError() << "result layout "
                         << formatViewLayout(result.getLayout())
                         << " differs from the source's layout "
                         << formatViewLayout(source.getLayout());
  for (int64_t dim = 0; dim < rank; ++dim) {
    std::optional<int64_t> offset = getConstantIndex(getOffsets()[dim]);
    std::optional<int64_t> size = getConstantIndex(getSizes()[dim]);
    int64_t stated = result.getShape()[dim];
    int64_t extent = source.getShape()[dim];
    // partition_view_c3: a constant offset is not negative.
    if (offset && *offset < 0)
      return emitOpError() << "offset #" << dim << " must not be negative, got "
                           << *offset;
    // partition_view_c4: a constant size is positive and is the result's
    // static extent (the sizes are the window's extents).
    if (size &&
        (*size <= 0 || (!ShapedType::isDynamic(stated) && *size != stated)))
      return emitOpError() << "size #" << dim << " is " << *size
                           << " but the result's extent #" << dim << " is "
                           << (ShapedType::isDynamic(stated)
                                   ? std::string("?")
                                   : std::to_string(stated))
                           << " (a positive extent)";
    // partition_view_c5: a static window fits in a static source ("out of
    // bounds combinations ... are target-defined": pto-mlir refuses them,
    // here when the extents are known, else at run time).
    int64_t windowExtent = size ? *size : stated;
    if (ShapedType::isDynamic(extent) || ShapedType::isDynamic(windowExtent))
      continue;
    // (`extent - windowExtent` does not wrap: both are positive.)
    if (windowExtent > extent || (offset && *offset > extent - windowExtent))
      return emitOpError() << "window ["
                           << (offset ? std::to_string(*offset)
                                      : std::string("?"))
                           << ", +" << windowExtent << ") of dimension #" << dim
                           << " exceeds the source's extent " << extent;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Shared by tload and tstore
//===----------------------------------------------------------------------===//

/// The element types of TLOAD.md's and TSTORE.md's A2/A3 lists (int8_t ...
/// float); A5 takes every element type of 1, 2, 4 or 8 bytes (TLOAD.md: "
/// sizeof(TileData::DType) must be 1, 2, 4, or 8 bytes").
static ArrayRef<ElementKind>
globalElementTypes(std::optional<TargetArch> target) {
  using K = ElementKind;
  static constexpr ElementKind a2a3[] = {K::I8,  K::UI8,  K::I16, K::UI16,
                                         K::I32, K::UI32, K::I64, K::UI64,
                                         K::F16, K::BF16, K::F32};
  static constexpr ElementKind a5AndAny[] = {
      K::I8,   K::UI8, K::I16,  K::UI16, K::I32,      K::UI32,   K::I64,
      K::UI64, K::F16, K::BF16, K::F32,  K::F8E4M3FN, K::F8E5M2, K::F8E8M0FNU};
  if (target == TargetArch::A2A3)
    return a2a3;
  return a5AndAny;
}

/// tload_c3 / tstore_c3: one element type for the window and the tile. The
/// pages ask for equal sizes; pto-mlir asks for equal types, since the NPU
/// copies the bytes where pto-isa's CPU simulator converts the values
/// (include/pto/cpu/TLoad.hpp:156, TStore.hpp:75).
static LogicalResult checkWindowElementType(Operation *op, StringRef tileName,
                                            TileLikeType tile,
                                            PartitionTensorViewType window) {
  if (tile.getElementType() == window.getElementType())
    return success();
  return op->emitOpError() << tileName << " element type "
                           << typeToString(tile.getElementType())
                           << " differs from the window's element type "
                           << typeToString(window.getElementType());
}

/// NZ or ZN: the boxed layouts a mat tile loads from ND or DN.
static bool isNZOrZN(TileLikeType tile) {
  return tile.isNZ() ||
         (tile.isRowMajor() && tile.getSLayout() == SLayout::ColMajor);
}

/// tload_c4 / tstore_c4: a tile without boxes, or a load's NZ/ZN mat tile,
/// in the layout of the window (TLOAD.md: "Vec loads only support matching
/// layouts: ND->ND, DN->DN", "Mat loads support: ND->ND, DN->DN, NZ->NZ,
/// plus ND->NZ and DN->ZN"; TSTORE.md: "Layouts must match ND/DN/NZ (or a
/// special case where TileData::Rows == 1 or TileData::Cols == 1)").
/// `vectorExempt`: the store's special case applies; `boxedMat`: the load's
/// boxed mat tiles are allowed.
static LogicalResult checkWindowLayout(Operation *op, StringRef tileName,
                                       TileLikeType tile, Value window,
                                       bool vectorExempt, bool boxedMat) {
  bool boxedAllowed =
      boxedMat && tile.getLocation() == TileLocation::Mat && isNZOrZN(tile);
  if (tile.isBoxed() && !boxedAllowed)
    return op->emitOpError()
           << tileName << " must have no boxes (slayout=none_box)"
           << (boxedMat ? ", or be an NZ or ZN mat tile: pto-mlir loads ND "
                          "and DN into tiles without boxes, ND into NZ and "
                          "DN into ZN mat tiles"
                        : ": pto-mlir moves ND and DN tiles between global "
                          "memory and tiles")
           << ", got " << formatLayout(tile);
  std::optional<GlobalLayout> layout = getViewLayout(window.getType());
  if (!layout || *layout == getTileWindowLayout(tile))
    return success();
  if (vectorExempt && (tile.getRows() == 1 || tile.getCols() == 1))
    return success();
  return op->emitOpError() << tileName << " layout " << formatLayout(tile)
                           << " does not match the window's layout "
                           << stringifyGlobalLayout(*layout).upper();
}

/// tload_c6 / tstore_c5: the window covers the tile's valid region, as
/// the window maps onto rows and columns (pto-isa include/pto/cpu/TLoad.hpp:74,
/// CheckTileData; TLOAD.md A5: "ValidRow must equal the product of
/// staticShape[0..3]"). Dynamic extents are checked at run time.
static LogicalResult checkWindowShape(Operation *op, StringRef tileName,
                                      TileLikeType tile, Value window) {
  auto windowType = cast<PartitionTensorViewType>(window.getType());
  GlobalLayout layout = getWindowLayout(window, tile);
  std::optional<std::pair<int64_t, int64_t>> covered =
      getWindowTileShape(windowType.getShape(), layout);
  if (!covered)
    return op->emitOpError()
           << "window " << formatShape(windowType.getShape()) << " covers more "
           << (layout == GlobalLayout::DN ? "columns" : "rows")
           << " than int64 holds in " << stringifyGlobalLayout(layout).upper()
           << " layout (the product of its extents exceeds 2^63 - 1)";
  auto [rows, cols] = *covered;
  int64_t validRows = tile.getValidRows(), validCols = tile.getValidCols();
  bool rowsDiffer = !ShapedType::isDynamic(rows) &&
                    !ShapedType::isDynamic(validRows) && rows != validRows;
  bool colsDiffer = !ShapedType::isDynamic(cols) &&
                    !ShapedType::isDynamic(validCols) && cols != validCols;
  if (!rowsDiffer && !colsDiffer)
    return success();
  return op->emitOpError() << "window " << formatShape(windowType.getShape())
                           << " covers " << formatShape({rows, cols}) << " in "
                           << stringifyGlobalLayout(layout).upper()
                           << " layout, but " << tileName << " valid shape is "
                           << formatShape(tile.getValidShape());
}

//===----------------------------------------------------------------------===//
// pto.tload (page: TLOAD)
//===----------------------------------------------------------------------===//

void TLoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemoryResource::get());
  getTileOpEffects(*this, effects);
}

// A load may fail at run time (a window outside its tensor).
Speculation::Speculatability TLoadOp::getSpeculatability() {
  return Speculation::NotSpeculatable;
}

/// tstore_c6: an acc source's conversions on the way out (the fixpipe),
/// TSTORE.md's "ACC-to-GM dtype support" tables without quantization
/// (:70-75 A2/A3, :93-98 A5): of the pairs the NPU headers take
/// (CheckAcc2gm, a2a3/TStore.hpp:198-207; CheckStaticAcc,
/// a5/TStore.hpp:119-121, :136-140) that the fixpipe converts: f32 ->
/// f16/bf16 by F322F16/F322BF16 (GetCastPreQuantMode,
/// a2a3/common.hpp:18-31; GetCastPreQuantModeGm, a5/TStore.hpp:18-30),
/// f32 and i32 as they are. The headers' other pairs (i32 -> f32, f32 ->
/// i32, ...) get no conversion mode there, so the NPU writes the
/// accumulator's bits where the simulator converts the value
/// (include/pto/cpu/common.hpp:174-186): refused. Both targets alike.
static ArrayRef<std::pair<ElementKind, SmallVector<ElementKind>>>
accStorePairs() {
  using K = ElementKind;
  static const std::pair<ElementKind, SmallVector<ElementKind>> pairs[] = {
      {K::F32, {K::F32, K::F16, K::BF16}}, {K::I32, {K::I32}}};
  return pairs;
}

void mlir::pto::appendGlobalMemoryRuleTables(
    SmallVectorImpl<RuleTable> &tables) {
  for (StringRef rule : {"tload_c1", "tstore_c2"}) {
    RuleTable &table = tables.emplace_back(RuleTable{
        rule,
        rule == "tload_c1" ? "dst element types" : "src element types",
        {},
        {}});
    for (std::optional<TargetArch> target : getRuleTargets())
      table.rows.push_back(
          {target, {}, stringifyElementKinds(globalElementTypes(target))});
  }
  RuleTable &pairs = tables.emplace_back(
      RuleTable{"tstore_c6", "window element types", {"src"}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    for (const auto &[from, to] : accStorePairs())
      pairs.rows.push_back(
          {target, {stringifyElementKind(from)}, stringifyElementKinds(to)});
}

LogicalResult TLoadOp::verify() {
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  TileLikeType dst = getDstType(tileOp, 0);
  std::optional<TargetArch> target = lookupTargetArch(*this);
  Operation *op = getOperation();
  // tload_c1 (TLOAD.md, A2A3: "TileData::DType must be one of ..."; A5:
  // 1, 2, 4 or 8 bytes)
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(),
                                globalElementTypes(target), target)))
    return failure();
  // tload_c2 (TLOAD.md, A2A3: "Destination tile location must be
  // TileType::Vec or TileType::Mat"; A5 loads vec and mat tiles)
  if (dst.getLocation() != TileLocation::Vec &&
      dst.getLocation() != TileLocation::Mat)
    return emitOpError() << "dst location must be vec or mat, got "
                         << stringifyTileLocation(dst.getLocation());
  // tload_c3
  if (failed(checkWindowElementType(op, "dst", dst, getSrc().getType())))
    return failure();
  // tload_c4
  if (failed(checkWindowLayout(op, "dst", dst, getSrc(),
                               /*vectorExempt=*/false, /*boxedMat=*/true)))
    return failure();
  // tload_c5 (TLOAD.md, A2A3: "Vec tile (UB path): 1 <= TileData::Rows <=
  // 4095", "Mat tile (L1 path): 1 <= TileData::Rows <= 16384")
  int64_t maxRows = dst.getLocation() == TileLocation::Vec ? 4095 : 16384;
  if (target == TargetArch::A2A3 && dst.getRows() > maxRows)
    return emitOpError() << "dst rows must be at most " << maxRows << " for a "
                         << stringifyTileLocation(dst.getLocation())
                         << " tile on a2a3, got " << dst.getRows();
  // tload_c6
  if (failed(checkWindowShape(op, "dst", dst, getSrc())))
    return failure();
  // tload_c7 (TLOAD.md, A5: "For int64_t/uint64_t, TileData::PadVal must be
  // PadValue::Null or PadValue::Zero")
  bool wide = dst.getElementBitWidth() == 64;
  if (target == TargetArch::A5 && wide && dst.getPad() != PadValue::Null &&
      dst.getPad() != PadValue::Zero)
    return emitOpError() << "a 64-bit dst must pad with null or zero on a5, "
                            "got pad="
                         << stringifyPadValue(dst.getPad());
  // tload_c8 (TLOAD.md, Mat: "For ND->NZ or DN->ZN:
  // GlobalData::staticShape[0..2] == 1 and TileData::SFractalSize == 512")
  if (dst.isBoxed()) {
    ArrayRef<int64_t> extents = getSrc().getType().getShape();
    bool leadingOnes =
        llvm::all_of(extents.drop_back(std::min<size_t>(2, extents.size())),
                     [](int64_t extent) { return extent == 1; });
    if (!leadingOnes || dst.getFractal() != 512)
      return emitOpError()
             << "an NZ or ZN dst needs a window of static extents 1 but the "
                "last two and fractal=512, got window "
             << formatShape(extents) << " and fractal=" << dst.getFractal();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// pto.tstore (page: TSTORE)
//===----------------------------------------------------------------------===//

// Level 1: `pto.tstore %src, %mem : (T, W) -> ()` (TSTORE.md, AS Level 1).
// Level 2: `pto.tstore ins(%src : T) outs(%mem : W)` (AS Level 2, PTOAS).
ParseResult TStoreOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand src, dst;
  Type srcType, dstType;
  if (succeeded(parser.parseOptionalKeyword("ins"))) {
    if (parser.parseLParen() || parser.parseOperand(src) ||
        parser.parseColonType(srcType))
      return failure();
    // PTOAS's quantizing store, `ins(%acc : T, %preQuantScalar : i64)`.
    if (succeeded(parser.parseOptionalComma()))
      return parser.emitError(parser.getCurrentLocation(),
                              "takes no preQuantScalar operand: PTOAS's "
                              "quantizing store is not supported by pto-mlir");
    if (parser.parseRParen() || parser.parseKeyword("outs") ||
        parser.parseLParen() || parser.parseOperand(dst) ||
        parser.parseColonType(dstType) || parser.parseRParen() ||
        parser.parseOptionalAttrDict(result.attributes))
      return failure();
  } else if (parser.parseOperand(src) || parser.parseComma() ||
             parser.parseOperand(dst) ||
             parser.parseOptionalAttrDict(result.attributes) ||
             parser.parseColon() || parser.parseLParen() ||
             parser.parseType(srcType) || parser.parseComma() ||
             parser.parseType(dstType) || parser.parseRParen() ||
             parser.parseArrow() || parser.parseLParen() ||
             parser.parseRParen()) {
    return failure();
  }
  return failure(parser.resolveOperand(src, srcType, result.operands) ||
                 parser.resolveOperand(dst, dstType, result.operands));
}

void TStoreOp::print(OpAsmPrinter &printer) {
  if (isBufferLevel()) {
    printer << " ins(" << getSrc() << " : " << getSrc().getType() << ") outs("
            << getDst() << " : " << getDst().getType() << ")";
    printer.printOptionalAttrDict((*this)->getAttrs());
    return;
  }
  printer << " " << getSrc() << ", " << getDst();
  printer.printOptionalAttrDict((*this)->getAttrs());
  printer << " : (" << getSrc().getType() << ", " << getDst().getType()
          << ") -> ()";
}

void TStoreOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get(),
                       GlobalMemoryResource::get());
  if (isBufferLevel())
    effects.emplace_back(MemoryEffects::Read::get(), &getSrcMutable(),
                         SideEffects::DefaultResource::get());
}

/// tstore_c6 ... tstore_c8: a store from an acc tile (TSTORE.md, "For
/// TileType::Acc"; the NPU headers' CheckAcc2gm, a2a3/TStore.hpp:191-237,
/// and CheckStaticAcc, a5/TStore.hpp:116-156).
static LogicalResult verifyAccStore(TStoreOp store, TileLikeType src,
                                    std::optional<TargetArch> target) {
  auto window = cast<PartitionTensorViewType>(store.getDst().getType());
  // tstore_c6
  std::optional<ElementKind> from = classifyElementType(src.getElementType());
  std::optional<ElementKind> to = classifyElementType(window.getElementType());
  auto pairs = accStorePairs();
  const auto *pair = llvm::find_if(
      pairs, [&](const auto &p) { return from && p.first == *from; });
  if (pair == pairs.end() || !to || !llvm::is_contained(pair->second, *to)) {
    InFlightDiagnostic diag = store.emitOpError();
    diag << "stores an acc tile of " << typeToString(src.getElementType())
         << " into a window of " << typeToString(window.getElementType())
         << ", which is not an acc store conversion " << describeTarget(target)
         << " (src -> window: ";
    llvm::interleave(
        pairs, diag,
        [&](const auto &p) {
          diag << stringifyElementKind(p.first) << " -> "
               << llvm::join(stringifyElementKinds(p.second), "|");
        },
        "; ");
    diag << ")";
    return diag;
  }
  // tstore_c7 (CheckAcc2gm, a2a3/TStore.hpp:194-197, and CheckStaticAcc,
  // a5/TStore.hpp:122-126: the acc tile (NZ) goes out as ND, NZ or a
  // convolution layout, never DN; pto-mlir's views are ND or DN)
  GlobalLayout layout = getWindowLayout(store.getDst(), src);
  if (layout != GlobalLayout::ND)
    return store.emitOpError() << "stores an acc tile into a "
                               << stringifyGlobalLayout(layout).upper()
                               << " window: acc tiles store into ND windows";
  // tstore_c8 (CheckAcc2gm, a2a3/TStore.hpp:222-230; CheckStaticAcc,
  // a5/TStore.hpp:127-135: for an ND window, Cols in [1, 4095] and Rows in
  // [1, 8192])
  if (src.getCols() > 4095 || src.getRows() > 8192)
    return store.emitOpError()
           << "acc src shape " << formatShape(src.getShape())
           << " exceeds 8192x4095 (rows in [1, 8192], cols in [1, 4095] "
              "for an ND window)";
  return success();
}

LogicalResult TStoreOp::verify() {
  auto src = cast<TileLikeType>(getSrc().getType());
  std::optional<TargetArch> target = lookupTargetArch(*this);
  Operation *op = getOperation();
  // tstore_c1 (TSTORE.md, A2A3: "Source tile location must be one of:
  // TileType::Vec, TileType::Mat, TileType::Acc"; A5: "TileType::Vec or
  // TileType::Acc"; a2a3/TStore.hpp:244-246, a5/TStore.hpp:294-296)
  TileLocation location = src.getLocation();
  bool mat = location == TileLocation::Mat;
  bool acc = location == TileLocation::Acc;
  if (location != TileLocation::Vec && !acc &&
      !(mat && target != TargetArch::A5))
    return emitOpError() << "src location must be vec"
                         << (target == TargetArch::A5 ? "" : ", mat")
                         << " or acc " << describeTarget(target) << ", got "
                         << stringifyTileLocation(location);
  // tstore_c9 (PTOAS's TStoreOp::verify, "expects reluPreMode form to use
  // loc=acc src"; the NPU's relu is the fixpipe's, a2a3/TStore.hpp:165-187,
  // a5/TStore.hpp:330-350)
  if (hasRelu() && !acc)
    return emitOpError() << "reluPreMode normal_relu needs an acc src, got "
                         << stringifyTileLocation(location);
  // tstore_c10 (SetAtomicAdd's static_assert, common/arch/memory/
  // tstore_common.hpp:149-155, a5/TStore.hpp:93-98)
  Type windowElement = getDst().getType().getElementType();
  if (isAtomicAdd() &&
      !(windowElement.isF16() || windowElement.isF32() ||
        windowElement.isBF16() || windowElement.isSignlessInteger(8) ||
        windowElement.isSignlessInteger(16) ||
        windowElement.isSignlessInteger(32)))
    return emitOpError()
           << "atomic_add stores into a window of "
           << typeToString(windowElement)
           << ", which the NPU cannot add into (f16, f32, bf16, i8, i16, i32)";
  if (acc) {
    if (failed(verifyAccStore(*this, src, target)))
      return failure();
    // tstore_c5
    return checkWindowShape(op, "src", src, getDst());
  }
  // tstore_c2 (TSTORE.md, "For TileType::Vec / TileType::Mat: TileData::DType
  // must be one of ...", per target)
  if (failed(checkElementTypeIn(op, "src", src.getElementType(),
                                globalElementTypes(target), target)))
    return failure();
  // tstore_c3
  if (failed(checkWindowElementType(op, "src", src, getDst().getType())))
    return failure();
  // tstore_c4
  if (failed(checkWindowLayout(op, "src", src, getDst(),
                               /*vectorExempt=*/true, /*boxedMat=*/false)))
    return failure();
  // tstore_c5
  return checkWindowShape(op, "src", src, getDst());
}

/// The (rows, cols) the window covers (getWindowTileShape): each extent of
/// the window static from its type, else the size the pto.partition_view
/// that cut it was given.
FailureOr<std::array<OpFoldResult, 2>>
TLoadOp::buildResultValidShape(OpBuilder &builder, unsigned, ValueRange ins) {
  Location loc = getLoc();
  Value window = ins[0];
  auto partition = window.getDefiningOp<PartitionViewOp>();
  ArrayRef<int64_t> shape =
      cast<PartitionTensorViewType>(window.getType()).getShape();
  if (!partition && ShapedType::isDynamicShape(shape))
    return emitOpError()
           << "window " << typeToString(window.getType())
           << " has dynamic extents and is not made by pto.partition_view in "
              "this function: the valid shape of its result cannot be "
              "determined";
  // Padded in front to pto-isa's five dimensions, as getWindowTileShape.
  SmallVector<OpFoldResult, kGlobalRank> extents(kGlobalRank - shape.size(),
                                                 builder.getIndexAttr(1));
  for (auto [dim, extent] : llvm::enumerate(shape))
    extents.push_back(ShapedType::isDynamic(extent)
                          ? OpFoldResult(partition.getSizes()[dim])
                          : OpFoldResult(builder.getIndexAttr(extent)));
  auto cover = [&](ArrayRef<unsigned> dims) {
    SmallVector<OpFoldResult, kGlobalRank> factors;
    for (unsigned dim : dims)
      factors.push_back(extents[dim]);
    return ValidShapeOp::multiplyExtents(builder, loc, factors);
  };
  auto tile = cast<TileLikeType>(getResult().getType());
  WindowTileDims dims = getWindowTileDims(getWindowLayout(window, tile));
  return std::array<OpFoldResult, 2>{cover(dims.rows), cover(dims.cols)};
}
