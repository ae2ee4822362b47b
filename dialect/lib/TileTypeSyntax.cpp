//===- TileTypeSyntax.cpp - grammar and rules of tile types ---------------===//
//
// Compact spelling (printed):
//   <[loc,] RxCxT [, valid=VRxVC] [, blayout=B] [, slayout=S] [, fractal=N]
//    [, pad=P]>
// Keyed spelling of PTOAS (parsed):
//   <loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32,
//    blayout=row_major, slayout=none_box, fractal=512, pad=0 [, compact=0]>
// Positional spellings of the PTO documents (parsed):
//   <f32, 16, 16>                                 (dtype, rows, cols)
//   <loc=vec, f32, 16, 16, RowMajor, NoneBox, None, Zero>
//     (... block layout, stripe layout, fractal encoding, pad; the fields
//      after cols may be left off from the right)
//
#include "pto/TileTypeSyntax.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "pto/PtoMemory.h"
#include "pto/PtoTarget.h"
#include "pto/PtoTileOpSupport.h"
#include "pto/PtoasSpelling.h"
#include "pto/TileStorage.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::pto;

static constexpr int64_t kDynamic = ShapedType::kDynamic;

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

/// Parses an enum keyword through its generated `symbolize` function.
template <typename EnumT>
static ParseResult
parseEnumKeyword(AsmParser &parser, StringRef field,
                 std::optional<EnumT> (*symbolize)(StringRef), EnumT &out) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef word;
  if (parser.parseKeyword(&word))
    return failure();
  std::optional<EnumT> value = symbolize(word);
  if (!value)
    return parser.emitError(loc) << "unknown " << field << " '" << word << "'";
  out = *value;
  return success();
}

/// A valid-shape extent: an integer, `?`, or -1 (PTOAS writes both for
/// "dynamic").
static ParseResult parseValidExtent(AsmParser &parser, int64_t &out) {
  if (succeeded(parser.parseOptionalQuestion())) {
    out = kDynamic;
    return success();
  }
  if (parser.parseInteger(out))
    return failure();
  if (out == -1)
    out = kDynamic;
  return success();
}

/// `pad=` takes a keyword or the PTOAS integer code of the policy.
static ParseResult parsePad(AsmParser &parser, PadValue &out) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t code;
  OptionalParseResult asInt = parser.parseOptionalInteger(code);
  if (asInt.has_value()) {
    if (failed(*asInt))
      return failure();
    std::optional<PadValue> value = symbolizePadValue(code);
    if (!value)
      return parser.emitError(loc) << "unknown pad code " << code
                                   << " (0 null, 1 zero, 2 max, 3 min)";
    out = *value;
    return success();
  }
  return parseEnumKeyword<PadValue>(parser, "pad", symbolizePadValue, out);
}

static ParseResult parseKeyedDtype(AsmParser &parser, Type &out) {
  if (parser.parseType(out))
    return failure();
  out = readPtoasElementType(out);
  return success();
}

/// PTOAS's `compact=` field: pto-isa's CompactMode of the tile (0 null,
/// 1 normal, 2 row_plus_one). The non-null modes pack the tail blocks of
/// split left/right tiles, a storage none of our ops, the interpreter or the
/// lowering models; 0 is our (only) layout.
std::string mlir::pto::describeCompactRefusal(int64_t mode) {
  if (mode == 1 || mode == 2)
    return (Twine(" (pto-isa's CompactMode::") +
            (mode == 1 ? "Normal" : "RowPlusOne") +
            ", packed tail blocks) is not supported: pto-mlir models only "
            "uncompacted tiles, compact=0")
        .str();
  return " is not a compact mode (0 null, 1 normal, 2 row_plus_one)";
}

static ParseResult parseCompact(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t mode;
  if (parser.parseInteger(mode))
    return failure();
  if (mode == 0)
    return success();
  return parser.emitError(loc)
         << "compact=" << mode << describeCompactRefusal(mode);
}

namespace {
/// Fills TileParams from `key=value` fields, each at most once.
class TileFieldParser {
public:
  TileFieldParser(AsmParser &parser, TileParams &params, bool keyed)
      : parser(parser), params(params), keyed(keyed) {}

  ParseResult parseField(StringRef key, SMLoc keyLoc) {
    if (!seen.insert(key).second)
      return parser.emitError(keyLoc)
             << "tile field '" << key << "' is given twice";
    if (parser.parseEqual())
      return failure();
    if (key == "valid") {
      SmallVector<int64_t> dims;
      if (parser.parseDimensionList(dims, /*allowDynamic=*/true,
                                    /*withTrailingX=*/false))
        return failure();
      params.validShape.assign(dims.begin(), dims.end());
      return success();
    }
    if (key == "blayout")
      return parseEnumKeyword<BLayout>(parser, "blayout", symbolizeBLayout,
                                       params.bLayout);
    if (key == "slayout")
      return parseEnumKeyword<SLayout>(parser, "slayout", symbolizeSLayout,
                                       params.sLayout);
    if (key == "fractal")
      return parser.parseInteger(params.fractal);
    if (key == "pad")
      return parsePad(parser, params.pad);
    if (keyed) {
      if (key == "loc")
        return parseEnumKeyword<TileLocation>(
            parser, "location", symbolizeTileLocation, params.location);
      if (key == "dtype")
        return parseKeyedDtype(parser, params.elementType);
      if (key == "compact")
        return parseCompact(parser);
      if (key == "rows")
        return parser.parseInteger(keyedShape[0]);
      if (key == "cols")
        return parser.parseInteger(keyedShape[1]);
      if (key == "v_row")
        return parseValidExtent(parser, keyedValid[0]);
      if (key == "v_col")
        return parseValidExtent(parser, keyedValid[1]);
    }
    return parser.emitError(keyLoc)
           << "unknown tile field '" << key << "' (expected "
           << (keyed ? "loc, dtype, rows, cols, v_row, v_col, compact, " : "")
           << "valid, blayout, slayout, fractal or pad)";
  }

  /// Parses `, key=value` until `>` (not consumed).
  ParseResult parseRemainingFields() {
    while (succeeded(parser.parseOptionalComma())) {
      SMLoc keyLoc = parser.getCurrentLocation();
      StringRef key;
      if (parser.parseKeyword(&key) || parseField(key, keyLoc))
        return failure();
    }
    return success();
  }

  /// Completes the keyed form: dtype, rows and cols are mandatory.
  ParseResult finishKeyed(SMLoc startLoc) {
    for (StringRef key : {"dtype", "rows", "cols"})
      if (!seen.contains(key))
        return parser.emitError(startLoc)
               << "keyed tile type needs field '" << key << "'";
    if (seen.contains("valid") &&
        (seen.contains("v_row") || seen.contains("v_col")))
      return parser.emitError(startLoc)
             << "give the valid shape either as 'valid' or as 'v_row'/'v_col'";
    params.shape.assign({keyedShape[0], keyedShape[1]});
    if (!seen.contains("valid"))
      params.validShape.assign(
          {seen.contains("v_row") ? keyedValid[0] : keyedShape[0],
           seen.contains("v_col") ? keyedValid[1] : keyedShape[1]});
    return success();
  }

private:
  AsmParser &parser;
  TileParams &params;
  bool keyed;
  llvm::StringSet<> seen;
  int64_t keyedShape[2] = {0, 0};
  int64_t keyedValid[2] = {0, 0};
};
} // namespace

namespace {
/// A word of the positional spellings (the library's C++ enumerator names)
/// and what it sets.
template <typename EnumT> struct PositionalWord {
  StringRef word;
  EnumT value;
};
/// The fractal encodings of the positional full form, as the block and
/// stripe layouts they mean. None says "no boxes" and leaves the block
/// layout free.
struct FractalEncoding {
  StringRef word;
  std::optional<BLayout> bLayout;
  SLayout sLayout;
};
} // namespace

static const PositionalWord<BLayout> kBlockLayoutWords[] = {
    {"RowMajor", BLayout::RowMajor}, {"ColMajor", BLayout::ColMajor}};
static const PositionalWord<SLayout> kStripeLayoutWords[] = {
    {"NoneBox", SLayout::NoneBox},
    {"RowMajor", SLayout::RowMajor},
    {"ColMajor", SLayout::ColMajor}};
static const PositionalWord<PadValue> kPadWords[] = {{"Null", PadValue::Null},
                                                     {"Zero", PadValue::Zero},
                                                     {"Max", PadValue::Max},
                                                     {"Min", PadValue::Min}};
static const FractalEncoding kFractalEncodings[] = {
    {"None", std::nullopt, SLayout::NoneBox},
    {"NZ", BLayout::ColMajor, SLayout::RowMajor},
    {"ZN", BLayout::RowMajor, SLayout::ColMajor}};

/// Parses one of `words`, naming the field and the accepted words otherwise.
template <typename Entry>
static FailureOr<const Entry *> parseWord(AsmParser &parser, StringRef field,
                                          ArrayRef<Entry> words) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef word;
  if (parser.parseKeyword(&word))
    return failure();
  for (const Entry &entry : words)
    if (entry.word == word)
      return &entry;
  InFlightDiagnostic diag = parser.emitError(loc) << "unknown " << field << " '"
                                                  << word << "' (expected ";
  llvm::interleave(
      words, diag, [&](const Entry &entry) { diag << entry.word; }, ", ");
  diag << ")";
  return failure();
}

/// `, rows, cols [, BLayout [, SLayout [, encoding [, pad]]]]` after the
/// element type of a positional spelling.
static ParseResult parsePositionalFields(AsmParser &parser,
                                         TileParams &params) {
  int64_t rows, cols;
  if (parser.parseComma() || parser.parseInteger(rows) || parser.parseComma() ||
      parser.parseInteger(cols))
    return failure();
  params.shape.assign({rows, cols});
  params.validShape = params.shape;
  std::optional<StringRef> bWord, sWord;
  if (succeeded(parser.parseOptionalComma())) {
    auto b = parseWord<PositionalWord<BLayout>>(parser, "block layout",
                                                kBlockLayoutWords);
    if (failed(b))
      return failure();
    params.bLayout = (*b)->value;
    bWord = (*b)->word;
  }
  if (bWord && succeeded(parser.parseOptionalComma())) {
    auto sl = parseWord<PositionalWord<SLayout>>(parser, "stripe layout",
                                                 kStripeLayoutWords);
    if (failed(sl))
      return failure();
    params.sLayout = (*sl)->value;
    sWord = (*sl)->word;
  }
  if (sWord && succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    auto encoding = parseWord<FractalEncoding>(parser, "fractal encoding",
                                               kFractalEncodings);
    if (failed(encoding))
      return failure();
    // The encoding restates the layouts: it must agree with them.
    if ((*encoding)->bLayout && *(*encoding)->bLayout != params.bLayout)
      return parser.emitError(loc) << "fractal encoding " << (*encoding)->word
                                   << " contradicts block layout " << *bWord;
    if ((*encoding)->sLayout != params.sLayout)
      return parser.emitError(loc) << "fractal encoding " << (*encoding)->word
                                   << " contradicts stripe layout " << *sWord;
    if (succeeded(parser.parseOptionalComma())) {
      auto pad = parseWord<PositionalWord<PadValue>>(parser, "pad", kPadWords);
      if (failed(pad))
        return failure();
      params.pad = (*pad)->value;
    }
  }
  return success();
}

void mlir::pto::readLeftLayoutAsPtoas(AsmParser &parser, SMLoc loc,
                                      TileParams &params) {
  std::optional<TargetArch> arch = getPtoasParserArch();
  if (!arch || params.location != TileLocation::Left)
    return;
  // PTOAS a56b18c3 lib/PTO/IR/PTOTypeDefs.cpp:164-179.
  BLayout layout =
      *arch == TargetArch::A2A3 ? BLayout::RowMajor : BLayout::ColMajor;
  if (params.bLayout == layout)
    return;
  emitRemark(parser.getEncodedSourceLoc(loc))
      << "a left tile's blayout=" << stringifyBLayout(params.bLayout)
      << " is read as blayout=" << stringifyBLayout(layout)
      << ", the one ptoas --pto-arch=" << getPtoasTargetArchName(*arch)
      << " gives every left tile";
  params.bLayout = layout;
}

FailureOr<TileParams> mlir::pto::parseTileParams(AsmParser &parser) {
  TileParams params;
  SMLoc startLoc = parser.getCurrentLocation();

  // Positional short spelling: starts with the element type.
  OptionalParseResult positional = parser.parseOptionalType(params.elementType);
  if (positional.has_value()) {
    if (failed(*positional) || parsePositionalFields(parser, params))
      return failure();
    return params;
  }

  // Keyed spelling, or the positional full one: starts with `loc =`.
  if (succeeded(parser.parseOptionalKeyword("loc"))) {
    TileFieldParser fields(parser, params, /*keyed=*/true);
    if (fields.parseField("loc", startLoc))
      return failure();
    if (succeeded(parser.parseOptionalComma())) {
      positional = parser.parseOptionalType(params.elementType);
      if (positional.has_value()) {
        if (failed(*positional) || parsePositionalFields(parser, params))
          return failure();
        return params;
      }
      SMLoc keyLoc = parser.getCurrentLocation();
      StringRef key;
      if (parser.parseKeyword(&key) || fields.parseField(key, keyLoc))
        return failure();
    }
    if (fields.parseRemainingFields() || fields.finishKeyed(startLoc))
      return failure();
    return params;
  }

  // Compact spelling: optional location, then RxCxT.
  StringRef locWord;
  if (succeeded(parser.parseOptionalKeyword(&locWord))) {
    std::optional<TileLocation> loc = symbolizeTileLocation(locWord);
    if (!loc)
      return parser.emitError(startLoc)
             << "unknown location '" << locWord
             << "' (expected vec, mat, acc, left, right, bias or scaling)";
    params.location = *loc;
    if (parser.parseComma())
      return failure();
  }
  SmallVector<int64_t> shape;
  if (parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(params.elementType))
    return failure();
  params.shape.assign(shape.begin(), shape.end());
  TileFieldParser fields(parser, params, /*keyed=*/false);
  if (fields.parseRemainingFields())
    return failure();
  if (params.validShape.empty())
    params.validShape = params.shape;
  return params;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static void printDims(AsmPrinter &printer, ArrayRef<int64_t> dims) {
  llvm::interleave(
      dims, printer.getStream(),
      [&](int64_t d) {
        if (d == kDynamic)
          printer << "?";
        else
          printer << d;
      },
      "x");
}

void mlir::pto::printTileParams(AsmPrinter &printer, TileLocation location,
                                ArrayRef<int64_t> shape, Type elementType,
                                ArrayRef<int64_t> validShape, BLayout bLayout,
                                SLayout sLayout, int64_t fractal,
                                PadValue pad) {
  printer << stringifyTileLocation(location) << ", ";
  printDims(printer, shape);
  printer << "x" << elementType;
  if (validShape != shape) {
    printer << ", valid=";
    printDims(printer, validShape);
  }
  const TileParams defaults;
  if (bLayout != defaults.bLayout)
    printer << ", blayout=" << stringifyBLayout(bLayout);
  if (sLayout != defaults.sLayout)
    printer << ", slayout=" << stringifySLayout(sLayout);
  if (fractal != defaults.fractal)
    printer << ", fractal=" << fractal;
  if (pad != defaults.pad)
    printer << ", pad=" << stringifyPadValue(pad);
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

namespace {
/// An element type a tile may hold: MLIR's spelling (for messages) and the
/// test recognizing it (cheaper than printing every type verified).
struct TileElementType {
  StringRef name;
  bool (*matches)(Type);
};
} // namespace

static const TileElementType kTileElementTypes[] = {
    {"i8", [](Type t) { return t.isSignlessInteger(8); }},
    {"i16", [](Type t) { return t.isSignlessInteger(16); }},
    {"i32", [](Type t) { return t.isSignlessInteger(32); }},
    {"i64", [](Type t) { return t.isSignlessInteger(64); }},
    {"ui8", [](Type t) { return t.isUnsignedInteger(8); }},
    {"ui16", [](Type t) { return t.isUnsignedInteger(16); }},
    {"ui32", [](Type t) { return t.isUnsignedInteger(32); }},
    {"ui64", [](Type t) { return t.isUnsignedInteger(64); }},
    {"f16", [](Type t) { return t.isF16(); }},
    {"bf16", [](Type t) { return t.isBF16(); }},
    {"f32", [](Type t) { return t.isF32(); }},
    {"f8E4M3FN", [](Type t) { return isa<Float8E4M3FNType>(t); }},
    {"f8E5M2", [](Type t) { return isa<Float8E5M2Type>(t); }},
    {"f8E8M0FNU", [](Type t) { return isa<Float8E8M0FNUType>(t); }},
    {"f4E2M1FN", [](Type t) { return isa<Float4E2M1FNType>(t); }},
};

bool mlir::pto::isLegalTileElementType(Type type) {
  return llvm::any_of(kTileElementTypes, [&](const TileElementType &allowed) {
    return allowed.matches(type);
  });
}

std::string mlir::pto::formatBytes(int64_t bits) {
  std::string text = std::to_string(bits / 8);
  if (bits % 8)
    text += ".5";
  return text + " bytes";
}

/// tile_c8: a tile fits in the memory of its location on at least one
/// target. Checked on the type, so no pass (placement, the host lowering's
/// byte counts and memref shapes) ever sees a size that wraps around int64.
static LogicalResult
verifyTileFits(function_ref<InFlightDiagnostic()> emitError,
               TileLocation location, ArrayRef<int64_t> shape,
               Type elementType) {
  MemorySpace space = getMemorySpace(location);
  int64_t capacity = getMemoryCapacity(/*target=*/std::nullopt, space);
  // rows * cols * bits may need up to 64 + 64 + 7 bits.
  constexpr unsigned kWidth = 192;
  APInt bits = APInt(kWidth, shape[0]) * APInt(kWidth, shape[1]) *
               APInt(kWidth, elementType.getIntOrFloatBitWidth());
  APInt bytes = (bits + 7).udiv(8);
  if (bytes.ule(capacity))
    return success();
  return emitError() << stringifyTileLocation(location) << " tile " << shape[0]
                     << "x" << shape[1] << "x" << typeToString(elementType)
                     << " takes " << llvm::toString(bytes, 10, /*Signed=*/false)
                     << " bytes, more than " << stringifyMemorySpace(space)
                     << " holds on any target (" << capacity << " bytes)";
}

/// tile_c9: a boxed tile (slayout != none_box) is whole boxes, as the
/// static_asserts of pto-isa's Tile (include/pto/common/pto_tile.hpp) demand:
/// `Cols % InnerCols == 0` in every location, and `Rows % InnerRows == 0`
/// unless the tile is in vec, has MX fractals (fractal=32) or has one row.
/// (There InnerRows x InnerCols is the box shape for boxed layouts; the
/// library's asserts also reach none_box tiles with 1024- or 32-byte
/// fractals, which have no boxes here and are left alone.)
static LogicalResult
verifyWholeBoxes(function_ref<InFlightDiagnostic()> emitError,
                 TileLocation location, ArrayRef<int64_t> shape,
                 Type elementType, SLayout sLayout, int64_t fractal) {
  if (sLayout == SLayout::NoneBox)
    return success();
  auto [boxRows, boxCols] =
      getBoxShape(sLayout, fractal, elementType.getIntOrFloatBitWidth());
  int64_t rows = shape[0], cols = shape[1];
  bool rowsExempt =
      location == TileLocation::Vec || fractal == kMxFractal || rows == 1;
  bool rowsWhole = rowsExempt || rows % boxRows == 0;
  if (rowsWhole && cols % boxCols == 0)
    return success();
  InFlightDiagnostic diag = emitError();
  diag << "boxed " << stringifyTileLocation(location) << " tile " << rows << "x"
       << cols << "x" << typeToString(elementType) << " must be whole "
       << boxRows << "x" << boxCols << " boxes, got ";
  if (!rowsWhole)
    return diag << "rows=" << rows << " (a multiple of " << boxRows
                << " or 1 outside vec)";
  return diag << "cols=" << cols << " (a multiple of " << boxCols << ")";
}

LogicalResult
mlir::pto::verifyTileParams(function_ref<InFlightDiagnostic()> emitError,
                            TileLocation location, ArrayRef<int64_t> shape,
                            Type elementType, ArrayRef<int64_t> validShape,
                            BLayout bLayout, SLayout sLayout, int64_t fractal) {
  // The type rules tile_c1..tile_c9 (docs/types.md), in order.
  // tile_c1
  if (shape.size() != 2)
    return emitError() << "tile shape must have rank 2 (rows x cols), got rank "
                       << shape.size();
  // tile_c2
  if (shape[0] <= 0 || shape[1] <= 0)
    return emitError() << "tile " << (shape[0] <= 0 ? "rows" : "cols")
                       << " must be positive, got "
                       << (shape[0] <= 0 ? shape[0] : shape[1]);
  // tile_c3
  if (!isLegalTileElementType(elementType)) {
    InFlightDiagnostic diag = emitError();
    diag << "tile element type " << typeToString(elementType)
         << " is not supported (expected ";
    ArrayRef<TileElementType> allowed(kTileElementTypes);
    llvm::interleaveComma(allowed.drop_back(), diag,
                          [&](const TileElementType &t) { diag << t.name; });
    return diag << " or " << allowed.back().name << ")";
  }
  // tile_c4
  if (validShape.size() != 2)
    return emitError() << "tile valid shape must have rank 2, got rank "
                       << validShape.size();
  // tile_c5
  for (int dim = 0; dim < 2; ++dim) {
    int64_t valid = validShape[dim];
    if (valid != kDynamic && (valid < 0 || valid > shape[dim]))
      return emitError() << "tile valid " << (dim == 0 ? "rows" : "cols")
                         << " must be in [0, " << shape[dim] << "], got "
                         << valid;
  }
  // tile_c6
  if (!llvm::is_contained({16, 32, 512, 1024}, fractal))
    return emitError() << "tile fractal size must be 16, 32, 512 or 1024, got "
                       << fractal;
  // tile_c8, before the rules below, whose products need a bounded shape.
  if (failed(verifyTileFits(emitError, location, shape, elementType)))
    return failure();
  int64_t bits = elementType.getIntOrFloatBitWidth();
  // tile_c7 (pto_tile.hpp): an ND row (DN column) must fill whole 32-byte
  // blocks.
  if (sLayout == SLayout::NoneBox) {
    bool nd = bLayout == BLayout::RowMajor;
    int64_t extent = nd ? shape[1] : shape[0];
    if ((extent * bits) % 256 != 0)
      return emitError() << (nd ? "row_major (ND) tile needs cols"
                                : "col_major (DN) tile needs rows")
                         << " * sizeof(" << typeToString(elementType)
                         << ") to be a multiple of 32 bytes, got "
                         << (nd ? "cols=" : "rows=") << extent << " ("
                         << formatBytes(extent * bits) << ")";
  }
  // tile_c9
  return verifyWholeBoxes(emitError, location, shape, elementType, sLayout,
                          fractal);
}
