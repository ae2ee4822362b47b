//===- TInsertOps.cpp - tinsert and textract ------------------------------===//
//
// TINSERT copies a whole source tile into a window of the destination,
// TEXTRACT a window of the source into the whole destination. Both convert
// element types the same way (src -> dst) along the same location paths, so
// one verifier serves both; only the side holding the window differs. Rule
// ids are `<op>_cN` with the same N for the same rule (TInsertOps.td).
//
#include "mlir/IR/Matchers.h"
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"
#include "pto/PtoTarget.h"
#include "pto/TileStorage.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TInsertOp syntax: the tile op syntax plus `into %dst` at Level 1
//===----------------------------------------------------------------------===//

ParseResult TInsertOp::parse(OpAsmParser &parser, OperationState &result) {
  if (succeeded(parser.parseOptionalKeyword("ins")))
    return parseTileOpLevel2(parser, result, setParsedTileOpSegments<TInsertOp>,
                             /*inits=*/{0});
  SmallVector<OpAsmParser::UnresolvedOperand> ins, into;
  SmallVector<Type> inTypes;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(ins))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("into")) &&
      parser.parseOperand(into.emplace_back()))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  if (parseTileOpLevel1Types(parser, inTypes, result.types) ||
      parser.resolveOperands(ins, inTypes, loc, result.operands))
    return failure();
  if (!into.empty()) {
    // `into` has the result's type, which the types already spell.
    if (result.types.size() != 1)
      return parser.emitError(typesLoc)
             << "'into' needs exactly one result type, got "
             << result.types.size();
    if (parser.resolveOperand(into.front(), result.types.front(),
                              result.operands))
      return failure();
  }
  return setParsedTileOpSegments<TInsertOp>(
      parser, loc, result, ins.size(), /*numOuts=*/0,
      {static_cast<int32_t>(into.size())});
}

void TInsertOp::print(OpAsmPrinter &printer) {
  if (isBufferLevel()) {
    printTileOpLevel2(printer, getOperation(), /*elidedAttrs=*/{});
    return;
  }
  printer << " " << getIns();
  if (Value into = getInto())
    printer << " into " << into;
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getOperandSegmentSizeAttr()});
  printTileOpLevel1Types(printer, getIns().getTypes(), getResultTypes());
}

//===----------------------------------------------------------------------===//
// Paths and conversion tables of the TINSERT page
//===----------------------------------------------------------------------===//

namespace {

/// (src location -> dst location) pairs.
enum class Path {
  AccToMat,
  AccToVec,
  VecToVec,
  VecToMat,
  MatToLeft,
  MatToRight
};

struct PathInfo {
  Path path;
  TileLocation src, dst;
  StringRef name;
};

const PathInfo kPaths[] = {
    {Path::AccToMat, TileLocation::Acc, TileLocation::Mat, "acc -> mat"},
    {Path::AccToVec, TileLocation::Acc, TileLocation::Vec, "acc -> vec"},
    {Path::VecToVec, TileLocation::Vec, TileLocation::Vec, "vec -> vec"},
    {Path::VecToMat, TileLocation::Vec, TileLocation::Mat, "vec -> mat"},
    {Path::MatToLeft, TileLocation::Mat, TileLocation::Left, "mat -> left"},
    {Path::MatToRight, TileLocation::Mat, TileLocation::Right, "mat -> right"},
};

StringRef pathName(Path path) {
  for (const PathInfo &info : kPaths)
    if (info.path == path)
      return info.name;
  llvm_unreachable("every path has a name");
}

/// tinsert_c5 / textract_c5: the paths of each target. Without a target,
/// A5's (a superset of A2/A3's).
SmallVector<Path> supportedPaths(bool insert,
                                 std::optional<TargetArch> target) {
  SmallVector<Path> paths = {Path::AccToMat};
  if (target != TargetArch::A2A3)
    llvm::append_range(
        paths, ArrayRef<Path>{Path::AccToVec, Path::VecToVec, Path::VecToMat});
  // A2/A3's vec -> vec (pto-isa 3186c381: TEXTRACT.md "Vec -> Vec";
  // a2a3/TExtract.hpp:467 and a2a3/TInsert.hpp:164, although the TINSERT
  // page lists acc -> mat only for A2/A3: the header wins).
  if (target == TargetArch::A2A3)
    paths.push_back(Path::VecToVec);
  // TEXTRACT's own paths in the library (its page: both targets).
  if (!insert)
    llvm::append_range(paths,
                       ArrayRef<Path>{Path::MatToLeft, Path::MatToRight});
  return paths;
}

bool hasAccSource(Path path) {
  return path == Path::AccToMat || path == Path::AccToVec;
}

using K = ElementKind;

/// tinsert_c6 / textract_c6: element types of an acc source.
constexpr ElementKind kAccSourceTypes[] = {K::F32, K::I32};

enum class QuantMode { None, Scalar, Vector };

/// The quant key of the tinsert_c9 rule table.
StringRef quantKey(QuantMode mode) {
  switch (mode) {
  case QuantMode::None:
    return "none";
  case QuantMode::Scalar:
    return "scalar";
  case QuantMode::Vector:
    return "vector";
  }
  llvm_unreachable("covered switch");
}

StringRef quantModeName(QuantMode mode) {
  switch (mode) {
  case QuantMode::None:
    return "without quant";
  case QuantMode::Scalar:
    return "with scalar quant";
  case QuantMode::Vector:
    return "with vector quant";
  }
  llvm_unreachable("covered switch");
}

using ElementKinds = SmallVector<ElementKind>;

/// tinsert_c9 / textract_c9: dst element types of an acc source (f32 or i32),
/// by target and quant mode. A2/A3 lists acc -> mat only; A5 lists the same
/// table for acc -> mat and acc -> vec. hifloat8 has no MLIR type.
ElementKinds accDstTypes(TargetArch target, QuantMode mode, ElementKind src) {
  bool f32 = src == K::F32;
  if (target == TargetArch::A2A3) {
    switch (mode) {
    case QuantMode::None:
      return f32 ? ElementKinds{K::F16, K::BF16} : ElementKinds{};
    case QuantMode::Scalar:
      return f32 ? ElementKinds{K::I8}
                 : ElementKinds{K::I8, K::UI8, K::F16, K::I16};
    case QuantMode::Vector: // f32 -> i8 only: a2a3/common.hpp:114
      return f32 ? ElementKinds{K::I8}
                 : ElementKinds{K::I8, K::UI8, K::F16, K::I16};
    }
  }
  if (mode == QuantMode::None)
    return f32 ? ElementKinds{K::F16, K::BF16, K::F32} : ElementKinds{K::I32};
  return f32 ? ElementKinds{K::I8, K::UI8, K::F16, K::BF16, K::F8E4M3FN}
             : ElementKinds{K::I8, K::UI8, K::F16, K::BF16};
}

/// accDstTypes of `target`, or of both targets (A5's first) without one.
ElementKinds accDstTypes(std::optional<TargetArch> target, Path path,
                         QuantMode mode, ElementKind src) {
  if (target)
    return accDstTypes(*target, mode, src);
  ElementKinds all = accDstTypes(TargetArch::A5, mode, src);
  if (path == Path::AccToMat)
    for (ElementKind type : accDstTypes(TargetArch::A2A3, mode, src))
      if (!llvm::is_contained(all, type))
        all.push_back(type);
  return all;
}

/// tinsert_c14 / textract_c14: element types of the paths without conversion.
/// float4_e1m2x2_t and hifloat8_t have no MLIR type. Where pto-isa 3186c381's
/// pages and headers differ, the headers' static_asserts (what compiles).
ArrayRef<ElementKind> copyElementTypes(Path path,
                                       std::optional<TargetArch> target) {
  // A5's vec paths: a5/TExtract.hpp:1130 and the TINSERT page (its TEXTRACT
  // page lists the A2/A3 set for both targets, but the A5 header asserts
  // this one).
  static constexpr ElementKind vecPaths[] = {
      K::F16,      K::BF16,   K::F32,       K::I32,     K::I8,
      K::F8E4M3FN, K::F8E5M2, K::F8E8M0FNU, K::F4E2M1FN};
  // vec -> vec on A2/A3: textract_common.hpp:542, tinsert_common.hpp:96
  // (1-, 2- and 4-byte standard types).
  static constexpr ElementKind vecToVecA2A3[] = {
      K::I8, K::UI8, K::I16, K::UI16, K::I32, K::UI32, K::F16, K::BF16, K::F32};
  // Both sets, for vec -> vec without a target.
  static constexpr ElementKind vecToVecAny[] = {
      K::F16,      K::BF16,   K::F32,       K::I32,      K::I8,
      K::F8E4M3FN, K::F8E5M2, K::F8E8M0FNU, K::F4E2M1FN, K::UI8,
      K::I16,      K::UI16,   K::UI32};
  static constexpr ElementKind matToL0A2A3[] = {K::I8, K::F16, K::BF16, K::F32};
  static constexpr ElementKind matToL0A5[] = {
      K::I8,   K::F8E5M2, K::F8E4M3FN, K::F16,
      K::BF16, K::F32,    K::F4E2M1FN, K::F8E8M0FNU};
  if (path == Path::VecToVec) {
    if (!target)
      return vecToVecAny;
    if (*target == TargetArch::A2A3)
      return vecToVecA2A3;
  }
  if (path == Path::VecToVec || path == Path::VecToMat)
    return vecPaths;
  // A5's set contains A2/A3's: it is also the union.
  return target == TargetArch::A2A3 ? ArrayRef<ElementKind>(matToL0A2A3)
                                    : ArrayRef<ElementKind>(matToL0A5);
}

/// One TINSERT or TEXTRACT being verified.
struct WindowCopy {
  Operation *op;
  bool insert;
  TileLikeType src, dst;
  Value indexRow, indexCol, quant;
  bool relu, saturate;
  std::optional<AccToVecMode> accToVec;
  std::optional<TargetArch> target;
  Path path = Path::AccToMat;
  QuantMode quantMode = QuantMode::None;
  /// The element types' kinds (none for a type no rule names).
  std::optional<ElementKind> srcKind, dstKind;

  /// The tile holding the window (dst of TINSERT, src of TEXTRACT) and the
  /// one copied whole.
  TileLikeType windowed() const { return insert ? dst : src; }
  TileLikeType whole() const { return insert ? src : dst; }
  StringRef windowedName() const { return insert ? "dst" : "src"; }
  StringRef wholeName() const { return insert ? "src" : "dst"; }
  std::string elementName(TileLikeType type) const {
    return typeToString(type.getElementType());
  }
};

std::optional<int64_t> constantIndex(Value value) {
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  return constant.getSExtValue();
}

/// True when `count` elements of `bits` each fill whole 32-byte blocks.
bool isWholeBlocks(int64_t count, unsigned bits) {
  return (count * bits) % 256 == 0;
}

/// "16 bytes" (or "2.5 bytes" for 4-bit types) for messages.
std::string formatBytes(int64_t count, unsigned bits) {
  int64_t bitsTotal = count * bits;
  return std::to_string(bitsTotal / 8) + (bitsTotal % 8 ? ".5" : "") + " bytes";
}

} // namespace

//===----------------------------------------------------------------------===//
// Rule tables (PtoRules.h)
//===----------------------------------------------------------------------===//

/// tinsert_c5 / textract_c5 and tinsert_c14 / textract_c14 of one op.
static void appendPathTables(SmallVectorImpl<RuleTable> &tables, bool insert) {
  RuleTable paths{insert ? "tinsert_c5" : "textract_c5",
                  "paths (src location -> dst location)",
                  {},
                  {}};
  RuleTable copies{insert ? "tinsert_c14" : "textract_c14",
                   "element types (src and dst)",
                   {"path"},
                   {}};
  for (std::optional<TargetArch> target : getRuleTargets()) {
    RuleRow &row = paths.rows.emplace_back(RuleRow{target, {}, {}});
    for (Path path : supportedPaths(insert, target)) {
      row.values.push_back(pathName(path));
      if (!hasAccSource(path))
        copies.rows.push_back(
            {target,
             {pathName(path)},
             stringifyElementKinds(copyElementTypes(path, target))});
    }
  }
  tables.push_back(std::move(paths));
  tables.push_back(std::move(copies));
}

void mlir::pto::appendTInsertRuleTables(SmallVectorImpl<RuleTable> &tables) {
  appendPathTables(tables, /*insert=*/true);
  RuleTable accSources{"tinsert_c6", "acc src element types", {}, {}};
  // textract_c9 reads the same table: both ops have the same acc paths.
  RuleTable accDsts{
      "tinsert_c9", "dst element types", {"path", "quant", "src"}, {}};
  for (std::optional<TargetArch> target : getRuleTargets()) {
    accSources.rows.push_back(
        {target, {}, stringifyElementKinds(kAccSourceTypes)});
    for (Path path : supportedPaths(/*insert=*/true, target)) {
      if (!hasAccSource(path))
        continue;
      for (QuantMode mode :
           {QuantMode::None, QuantMode::Scalar, QuantMode::Vector})
        for (ElementKind src : kAccSourceTypes)
          accDsts.rows.push_back(
              {target,
               {pathName(path), quantKey(mode), stringifyElementKind(src)},
               stringifyElementKinds(accDstTypes(target, path, mode, src))});
    }
  }
  tables.push_back(std::move(accSources));
  tables.push_back(std::move(accDsts));
  appendPathTables(tables, /*insert=*/false);
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

/// tinsert_c2 / textract_c2: constant indices fit uint16 (tinsert_c1 /
/// textract_c1, their types, is the operands' ODS type).
static LogicalResult checkIndex(const WindowCopy &w, StringRef name,
                                Value index) {
  // tinsert_c2 / textract_c2
  std::optional<int64_t> value = constantIndex(index);
  if (value && (*value < 0 || *value > kTileIndexLimit))
    return w.op->emitOpError() << name << " = " << *value
                               << " is out of range: indices are uint16 "
                                  "(0.."
                               << kTileIndexLimit << ")";
  return success();
}

/// The quant mode of quant's type (tinsert_c3 / textract_c3, which types
/// it may have, is its ODS type).
static QuantMode classifyQuant(Value quant) {
  if (!quant)
    return QuantMode::None;
  return isa<TileLikeType>(quant.getType()) ? QuantMode::Vector
                                            : QuantMode::Scalar;
}

/// tinsert_c4 / textract_c4: the vector quant tile `fp`.
static LogicalResult checkVectorQuant(const WindowCopy &w) {
  auto fp = cast<TileLikeType>(w.quant.getType());
  if (fp.getLocation() != TileLocation::Scaling)
    return w.op->emitOpError()
           << "vector quant fp must be in loc=scaling, got loc="
           << stringifyTileLocation(fp.getLocation());
  if (!fp.getElementType().isUnsignedInteger(64))
    return w.op->emitOpError()
           << "vector quant fp element type must be ui64, got "
           << w.elementName(fp);
  if (fp.getRows() != 1)
    return w.op->emitOpError()
           << "vector quant fp must have 1 row, got " << fp.getRows();
  // Element (r, c) of the window scales with fp[0, c] (TINSERT) or
  // fp[0, index_col + c] (TEXTRACT).
  int64_t wholeCols = w.whole().getValidCols();
  if (ShapedType::isDynamic(wholeCols) ||
      ShapedType::isDynamic(fp.getValidCols()))
    return success();
  int64_t needed = wholeCols;
  if (!w.insert)
    needed += constantIndex(w.indexCol).value_or(0);
  if (fp.getValidCols() < needed)
    return w.op->emitOpError()
           << "vector quant fp valid cols " << fp.getValidCols()
           << " do not cover the " << needed << " columns it scales";
  return success();
}

/// tinsert_c5 / textract_c5: sets `path`.
static LogicalResult classifyPath(WindowCopy &w) {
  SmallVector<Path> allowed = supportedPaths(w.insert, w.target);
  for (const PathInfo &info : kPaths) {
    if (info.src == w.src.getLocation() && info.dst == w.dst.getLocation() &&
        llvm::is_contained(allowed, info.path)) {
      w.path = info.path;
      return success();
    }
  }
  InFlightDiagnostic diag = w.op->emitOpError();
  diag << "src location " << stringifyTileLocation(w.src.getLocation())
       << " -> dst location " << stringifyTileLocation(w.dst.getLocation())
       << " is not supported " << describeTarget(w.target) << " (allowed: ";
  llvm::interleaveComma(allowed, diag,
                        [&](Path path) { diag << pathName(path); });
  diag << ")";
  noteAssumedTarget(diag, w.op);
  return diag;
}

/// Modes that only some paths take: tinsert_c11, tinsert_c15, tinsert_c16,
/// tinsert_c17 and the textract_cN of the same N (tinsert_c22, split, is
/// checked by the caller: TINSERT only).
static LogicalResult checkModes(const WindowCopy &w) {
  bool acc = hasAccSource(w.path);
  // tinsert_c11, textract_c11
  if (w.accToVec && w.path != Path::AccToVec)
    return w.op->emitOpError()
           << "acc_to_vec applies to acc -> vec only, got " << pathName(w.path);
  // tinsert_c15, textract_c15
  if (w.relu && !acc)
    return w.op->emitOpError()
           << "relu applies to acc sources only, got src location "
           << stringifyTileLocation(w.src.getLocation());
  // tinsert_c16, textract_c16
  if (w.saturate && !(w.srcKind == K::F32 && w.dstKind == K::F16))
    return w.op->emitOpError()
           << "saturate applies to f32 -> f16 conversions only, got "
           << w.elementName(w.src) << " -> " << w.elementName(w.dst);
  // tinsert_c17, textract_c17
  if (w.quant && !acc)
    return w.op->emitOpError()
           << "quant applies to acc sources only, got src location "
           << stringifyTileLocation(w.src.getLocation());
  return success();
}

/// Paths from acc: tinsert_c6 ... tinsert_c10, tinsert_c12 and the
/// textract_cN of the same N.
static LogicalResult checkAccSource(const WindowCopy &w) {
  Operation *op = w.op;
  // tinsert_c6, textract_c6
  if (!w.srcKind || !llvm::is_contained(kAccSourceTypes, *w.srcKind)) {
    InFlightDiagnostic diag = op->emitOpError();
    diag << "acc src element type " << w.elementName(w.src)
         << " is not supported (allowed: ";
    llvm::interleaveComma(kAccSourceTypes, diag, [&](ElementKind kind) {
      diag << stringifyElementKind(kind);
    });
    return diag << ")";
  }
  if (!w.src.isNZ())
    return op->emitOpError() << "acc src must be NZ (blayout=col_major, "
                                "slayout=row_major), got "
                             << formatLayout(w.src);
  if (w.path == Path::AccToMat) {
    // tinsert_c7, textract_c7
    if (!w.dst.isNZ())
      return op->emitOpError() << "dst of acc -> mat must be NZ "
                                  "(blayout=col_major, slayout=row_major), got "
                               << formatLayout(w.dst);
    if (w.target == TargetArch::A2A3 && w.dst.getFractal() != 512) {
      InFlightDiagnostic diag =
          op->emitOpError()
          << "dst of acc -> mat needs fractal=512 on a2a3, got fractal="
          << w.dst.getFractal();
      noteAssumedTarget(diag, op);
      return diag;
    }
    // (tinsert_c8 and textract_c8, dst rows of whole 32-byte blocks, follow
    // from the type rule tile_c9: an NZ dst with 512-byte fractals is whole
    // boxes 32 bytes wide.)
  } else {
    // tinsert_c10, textract_c10. (The page's dst stride rule follows from
    // the tile type rules: ND cols and DN rows fill 32-byte blocks, NZ
    // columns are whole boxes.)
    IsaLayout layout = getIsaLayout(w.dst);
    if (layout != IsaLayout::NZ && layout != IsaLayout::ND &&
        layout != IsaLayout::DN)
      return op->emitOpError() << "dst of acc -> vec must be NZ, ND or DN, got "
                               << formatLayout(w.dst);
    // tinsert_c12, textract_c12
    if (w.accToVec == AccToVecMode::DualSplitM ||
        w.accToVec == AccToVecMode::DualSplitN) {
      StringRef mode = stringifyAccToVecMode(*w.accToVec);
      if (w.quant)
        return op->emitOpError()
               << "acc_to_vec = " << mode << " takes no quant operand";
      if (layout == IsaLayout::DN)
        return op->emitOpError()
               << "acc_to_vec = " << mode << " does not support a DN dst";
    }
  }
  // tinsert_c9, textract_c9
  ElementKinds allowed = accDstTypes(w.target, w.path, w.quantMode, *w.srcKind);
  if (w.dstKind && llvm::is_contained(allowed, *w.dstKind))
    return success();
  std::string srcType = w.elementName(w.src);
  InFlightDiagnostic diag = op->emitOpError();
  diag << pathName(w.path) << " element types " << srcType << " -> "
       << w.elementName(w.dst) << " " << quantModeName(w.quantMode)
       << " are not supported " << describeTarget(w.target)
       << " (allowed dst element types for " << srcType << ": ";
  if (allowed.empty())
    diag << "none";
  llvm::interleaveComma(allowed, diag, [&](ElementKind kind) {
    diag << stringifyElementKind(kind);
  });
  diag << ")";
  noteAssumedTarget(diag, op);
  return diag;
}

/// tinsert_c26 / textract_c26: what A2/A3's vec -> vec asserts besides the
/// shared rules (pto-isa 3186c381: textract_common.hpp:551-588,
/// tinsert_common.hpp:105-143): valid cols of the tile copied whole in
/// whole 2-byte units (the copies move 16-bit lanes) unless it is 1x1, and
/// NZ tiles of whole 16-row fractals.
static LogicalResult checkA2A3VecToVec(const WindowCopy &w, IsaLayout layout) {
  TileLikeType whole = w.whole();
  int64_t rows = whole.getValidRows(), cols = whole.getValidCols();
  bool single = rows == 1 && cols == 1;
  if (!ShapedType::isDynamic(cols) && !single &&
      cols * whole.getElementBitWidth() % 16 != 0)
    return w.op->emitOpError()
           << "vec -> vec on a2a3 needs " << w.wholeName()
           << " valid cols * sizeof(" << w.elementName(whole)
           << ") to be a multiple of 2 bytes, got valid cols=" << cols;
  if (layout == IsaLayout::NZ)
    for (auto [name, tile] :
         {std::pair<StringRef, TileLikeType>{"src", w.src}, {"dst", w.dst}})
      if (tile.getRows() % 16 != 0)
        return w.op->emitOpError()
               << "NZ vec -> vec on a2a3 needs " << name
               << " rows to be a multiple of 16, got " << tile.getRows();
  return success();
}

namespace {
/// A dst layout of mat -> left / right, and its name in messages.
struct L0Layout {
  BLayout bLayout;
  SLayout sLayout;
  StringRef name;
};
} // namespace

/// The dst layouts of mat -> left / right on a target: right takes ZN on
/// both targets (textract_common.hpp:485, a5/TExtract.hpp:540); left takes
/// NZ on A5 (a5/TExtract.hpp:509) and blayout=row_major, slayout=row_major
/// on A2/A3 (textract_common.hpp:457).
static SmallVector<L0Layout> l0DstLayouts(Path path,
                                          std::optional<TargetArch> target) {
  constexpr L0Layout nz{BLayout::ColMajor, SLayout::RowMajor, "NZ"};
  constexpr L0Layout zn{BLayout::RowMajor, SLayout::ColMajor, "ZN"};
  constexpr L0Layout zz{BLayout::RowMajor, SLayout::RowMajor,
                        "blayout=row_major, slayout=row_major"};
  if (path == Path::MatToRight)
    return {zn};
  if (!target)
    return {nz, zz};
  return {*target == TargetArch::A5 ? nz : zz};
}

/// textract_c22, textract_c27: mat -> left / right.
static LogicalResult checkL0Layouts(const WindowCopy &w, IsaLayout srcLayout) {
  Operation *op = w.op;
  // textract_c22: the library's static_asserts (TExtractToLeft/Right of
  // both targets) take an NZ or ZN source, and a one-row row-major source
  // into left (its GEMV path, TExtractToAVector), whose tiles are whole
  // 512-byte fractals wide.
  bool gemv = w.path == Path::MatToLeft;
  if (srcLayout != IsaLayout::NZ && srcLayout != IsaLayout::ZN) {
    if (!gemv || srcLayout != IsaLayout::ND || w.src.getRows() != 1)
      return op->emitOpError()
             << "src of " << pathName(w.path) << " must be NZ or ZN"
             << (gemv ? " (or ND with 1 row)" : "") << ", got "
             << formatLayout(w.src)
             << (srcLayout == IsaLayout::ND && gemv
                     ? " with " + std::to_string(w.src.getRows()) + " rows"
                     : "");
    constexpr int64_t kFractalBits = 512 * 8;
    for (auto [name, tile] :
         {std::pair<StringRef, TileLikeType>{"src", w.src}, {"dst", w.dst}})
      if (tile.getCols() * tile.getElementBitWidth() % kFractalBits != 0)
        return op->emitOpError()
               << "one-row ND src of mat -> left needs " << name
               << " cols * sizeof(" << w.elementName(tile)
               << ") to be a multiple of 512 bytes, got cols=" << tile.getCols()
               << " (" << formatBytes(tile.getCols(), tile.getElementBitWidth())
               << ")";
  }
  // textract_c27
  return verifyMatToL0Dst(op, ("dst of " + pathName(w.path)).str(),
                          w.path == Path::MatToLeft, w.dst, w.target);
}

LogicalResult mlir::pto::verifyMatToL0Dst(Operation *op, StringRef what,
                                          bool toLeft, TileLikeType dst,
                                          std::optional<TargetArch> target) {
  Path path = toLeft ? Path::MatToLeft : Path::MatToRight;
  SmallVector<L0Layout> allowed = l0DstLayouts(path, target);
  if (llvm::any_of(allowed, [&](const L0Layout &layout) {
        return dst.getBLayout() == layout.bLayout &&
               dst.getSLayout() == layout.sLayout;
      }))
    return success();
  InFlightDiagnostic diag = op->emitOpError();
  diag << what << " must be ";
  llvm::interleave(
      allowed, diag, [&](const L0Layout &layout) { diag << layout.name; },
      " or ");
  diag << " " << describeTarget(target) << ", got " << formatLayout(dst);
  noteAssumedTarget(diag, op);
  return diag;
}

/// Paths without conversion: tinsert_c13, tinsert_c14, tinsert_c18 ...
/// tinsert_c21, tinsert_c26, the textract_cN of the same N, and
/// textract_c22, textract_c27.
static LogicalResult checkCopy(const WindowCopy &w) {
  Operation *op = w.op;
  // tinsert_c13, textract_c13
  if (failed(checkSameElementType(op, "dst", w.dst, "src", w.src)))
    return failure();
  // tinsert_c14, textract_c14
  if (failed(checkElementTypeIn(op, "src", w.src.getElementType(),
                                copyElementTypes(w.path, w.target), w.target)))
    return failure();
  IsaLayout srcLayout = getIsaLayout(w.src), dstLayout = getIsaLayout(w.dst);
  switch (w.path) {
  case Path::VecToVec:
    // tinsert_c18, textract_c18
    if (srcLayout != dstLayout ||
        (srcLayout != IsaLayout::ND && srcLayout != IsaLayout::NZ))
      return op->emitOpError()
             << "vec -> vec needs src and dst both ND or "
                "both NZ, got src "
             << formatLayout(w.src) << " and dst " << formatLayout(w.dst);
    // tinsert_c19, textract_c19
    if (srcLayout == IsaLayout::NZ &&
        w.whole().getCols() > w.windowed().getCols())
      return op->emitOpError()
             << "NZ vec -> vec: " << w.wholeName() << " cols "
             << w.whole().getCols() << " exceed " << w.windowedName()
             << " cols " << w.windowed().getCols();
    // tinsert_c26, textract_c26
    return w.target == TargetArch::A2A3 ? checkA2A3VecToVec(w, srcLayout)
                                        : success();
  case Path::VecToMat: {
    // tinsert_c20, textract_c20
    if (!w.src.isRowMajor() && !w.src.isNZ())
      return op->emitOpError()
             << "src of vec -> mat must be row-major or NZ, got "
             << formatLayout(w.src);
    // tinsert_c21, textract_c21: row-wise bursts move whole 32-byte blocks.
    int64_t cols = w.src.getValidCols();
    unsigned bits = w.src.getElementBitWidth();
    if (w.src.isRowMajor() && !ShapedType::isDynamic(cols) &&
        !isWholeBlocks(cols, bits))
      return op->emitOpError()
             << "row-major src of vec -> mat needs valid cols * sizeof("
             << w.elementName(w.src)
             << ") to be a multiple of 32 bytes, got valid cols=" << cols
             << " (" << formatBytes(cols, bits) << ")";
    return success();
  }
  case Path::MatToLeft:
  case Path::MatToRight:
    return checkL0Layouts(w, srcLayout);
  case Path::AccToMat:
  case Path::AccToVec:
    break;
  }
  llvm_unreachable("acc paths are checked by checkAccSource");
}

/// tinsert_c23, tinsert_c24 / textract_c23, textract_c24, textract_c25: the
/// window fits, where the index is a constant and the extents are static
/// (the runtime checks the rest).
static LogicalResult checkBounds(const WindowCopy &w) {
  Value indices[2] = {w.indexRow, w.indexCol};
  StringRef indexNames[2] = {"index_row", "index_col"};
  StringRef dimNames[2] = {"rows", "cols"};
  TileLikeType whole = w.whole(), windowed = w.windowed();
  for (int dim = 0; dim < 2; ++dim) {
    std::optional<int64_t> index = constantIndex(indices[dim]);
    if (!index)
      continue;
    int64_t extent = whole.getValidShape()[dim];
    if (!ShapedType::isDynamic(extent)) {
      int64_t end = *index + extent;
      auto exceeds = [&](StringRef kind, int64_t limit) {
        return w.op->emitOpError()
               << indexNames[dim] << " " << *index << " + " << w.wholeName()
               << " valid " << dimNames[dim] << " " << extent << " = " << end
               << " exceeds " << w.windowedName() << kind << dimNames[dim]
               << " " << limit;
      };
      // tinsert_c23, textract_c23: the page's bound.
      if (end > windowed.getShape()[dim])
        return exceeds(" ", windowed.getShape()[dim]);
      // tinsert_c24, textract_c24: the library's stricter one, against the
      // valid shape.
      int64_t valid = windowed.getValidShape()[dim];
      if (!ShapedType::isDynamic(valid) && end > valid)
        return exceeds(" valid ", valid);
    }
    // textract_c25: the ISA page's TEXTRACT bound, on the static shapes:
    // the whole dst tile, valid or not, lies inside src's tile.
    int64_t dstExtent = whole.getShape()[dim];
    int64_t srcExtent = windowed.getShape()[dim];
    if (!w.insert && *index + dstExtent > srcExtent)
      return w.op->emitOpError()
             << indexNames[dim] << " " << *index << " + dst " << dimNames[dim]
             << " " << dstExtent << " = " << *index + dstExtent
             << " exceeds src " << dimNames[dim] << " " << srcExtent;
  }
  return success();
}

/// The checks of both ops, in rule order; `split` is TINSERT's own.
template <typename OpT>
static LogicalResult verifyWindowCopy(OpT op, bool insert,
                                      std::optional<SplitMode> split) {
  if (failed(verifyTileOpForm(op, /*numDsts=*/1)))
    return failure();
  Value quant = op.getQuant();
  WindowCopy w{op,
               insert,
               op.getSrc().getType(),
               getDstType(op, 0),
               op.getIndexRow(),
               op.getIndexCol(),
               quant,
               op.getRelu(),
               op.getSaturate(),
               op.getAccToVec(),
               lookupTargetArch(op),
               Path::AccToMat,
               classifyQuant(quant),
               classifyElementType(op.getSrc().getType().getElementType()),
               classifyElementType(getDstType(op, 0).getElementType())};
  if (failed(checkIndex(w, "index_row", w.indexRow)) ||
      failed(checkIndex(w, "index_col", w.indexCol)) ||
      (w.quantMode == QuantMode::Vector && failed(checkVectorQuant(w))) ||
      failed(classifyPath(w)) || failed(checkModes(w)))
    return failure();
  // tinsert_c22
  if (split && !(w.path == Path::VecToMat && w.src.isNZ()))
    return op.emitOpError()
           << "split applies to vec -> mat with an NZ src only, got "
           << pathName(w.path) << " with src layout " << formatLayout(w.src);
  if (failed(hasAccSource(w.path) ? checkAccSource(w) : checkCopy(w)))
    return failure();
  return checkBounds(w);
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// `into %dst`: the result is dst with the window replaced.
/// (Untyped: bufferization asks while it retypes the operand to a buffer.)
Value TInsertOp::getDestinationInit(unsigned i) {
  assert(i == 0 && "tinsert has one destination");
  OperandRange into = getIntoMutable();
  return into.empty() ? Value() : into.front();
}

LogicalResult TInsertOp::verify() {
  if (Value into = getInto()) {
    if (isBufferLevel())
      return emitOpError() << "'into' is a Level 1 operand: at Level 2 the "
                              "op writes its 'outs'";
    if (getNumResults() == 1 && into.getType() != getResult(0).getType())
      return emitOpError() << "'into' type " << typeToString(into.getType())
                           << " differs from the result type "
                           << typeToString(getResult(0).getType());
  }
  return verifyWindowCopy(*this, /*insert=*/true, getSplit());
}

LogicalResult TExtractOp::verify() {
  return verifyWindowCopy(*this, /*insert=*/false, /*split=*/std::nullopt);
}
