//===- PtoTypes.cpp - !pto.tile and !pto.tile_buf -------------------------===//
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "pto/PtoDialect.h"
#include "pto/PtoTarget.h"
#include "pto/TileTypeSyntax.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pto;

#include "pto/PtoTypeInterfaces.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "pto/PtoTypes.cpp.inc"

void PtoDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "pto/PtoTypes.cpp.inc"
      >();
}

Type PtoDialect::parseType(DialectAsmParser &parser) const {
  // The parser resumes after the type's text whatever this consumes of it.
  StringRef spec = parser.getFullSymbolSpec();
  // Under --pto-arch a text means another type (a left tile's block layout
  // is the target's): the target is then part of the key.
  SmallString<128> keyed;
  StringRef key = spec;
  if (std::optional<TargetArch> arch = getPtoasParserArch())
    key = (getPtoasTargetArchName(*arch) + "|" + spec).toStringRef(keyed);
  {
    std::lock_guard<std::mutex> lock(parsedTypesMutex);
    if (lastParsedType && lastParsedType->getKey() == key)
      return lastParsedType->getValue();
    auto found = parsedTypes.find(key);
    if (found != parsedTypes.end()) {
      lastParsedType = &*found;
      return found->getValue();
    }
  }
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type type;
  OptionalParseResult result = generatedTypeParser(parser, &mnemonic, type);
  if (!result.has_value()) {
    parser.emitError(loc) << "unknown type '" << mnemonic
                          << "' in dialect 'pto'";
    return {};
  }
  if (!type)
    return {};
  std::lock_guard<std::mutex> lock(parsedTypesMutex);
  lastParsedType = &*parsedTypes.try_emplace(key, type).first;
  return type;
}

void PtoDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

// Both types forward to the shared grammar of TileTypeSyntax.cpp.
template <typename TileT> static Type parseTileLike(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  FailureOr<TileParams> p = parseTileParams(parser);
  if (failed(p) || parser.parseGreater())
    return {};
  readLeftLayoutAsPtoas(parser, loc, *p);
  return TileT::getChecked([&] { return parser.emitError(loc); },
                           parser.getContext(), p->location, p->shape,
                           p->elementType, p->validShape, p->bLayout,
                           p->sLayout, p->fractal, p->pad);
}

template <typename TileT>
static void printTileLike(TileT type, AsmPrinter &printer) {
  printer << "<";
  printTileParams(printer, type.getLocation(), type.getShape(),
                  type.getElementType(), type.getValidShape(),
                  type.getBLayout(), type.getSLayout(), type.getFractal(),
                  type.getPad());
  printer << ">";
}

Type TileType::parse(AsmParser &parser) {
  return parseTileLike<TileType>(parser);
}
void TileType::print(AsmPrinter &printer) const {
  printTileLike(*this, printer);
}
LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               TileLocation location, ArrayRef<int64_t> shape,
                               Type elementType, ArrayRef<int64_t> validShape,
                               BLayout bLayout, SLayout sLayout,
                               int64_t fractal, PadValue pad) {
  return verifyTileParams(emitError, location, shape, elementType, validShape,
                          bLayout, sLayout, fractal);
}

Type TileBufType::parse(AsmParser &parser) {
  return parseTileLike<TileBufType>(parser);
}
void TileBufType::print(AsmPrinter &printer) const {
  printTileLike(*this, printer);
}
LogicalResult TileBufType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  TileLocation location,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  ArrayRef<int64_t> validShape, BLayout bLayout,
                                  SLayout sLayout, int64_t fractal,
                                  PadValue pad) {
  return verifyTileParams(emitError, location, shape, elementType, validShape,
                          bLayout, sLayout, fractal);
}

LogicalResult
EventIdArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                         int64_t size) {
  // eventid_array_c1: PTOAS declares a C array of `size` event ids
  // (PTOAS_EventIdArray<size> in its C++), which needs one at least.
  if (size <= 0)
    return emitError() << "eventid_array_c1: '!pto.eventid_array' size must "
                          "be greater than 0, got "
                       << size;
  return success();
}
