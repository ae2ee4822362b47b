//===- TileTypeSyntax.h - shared grammar of tile types ----------*- C++ -*-===//
//
// `!pto.tile` and `!pto.tile_buf` share one parameter grammar and one set of
// legality rules; both types' parse/print/verify forward here.
//
#ifndef PTO_TILETYPESYNTAX_H
#define PTO_TILETYPESYNTAX_H

#include "pto/PtoDialect.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::pto {

/// The parameters of a tile type. The initializers are the defaults a type
/// spelling may leave out: the printer omits them and Python builds types
/// with them (through the C API).
struct TileParams {
  TileLocation location = TileLocation::Vec;
  SmallVector<int64_t, 2> shape;
  Type elementType;
  SmallVector<int64_t, 2> validShape;
  BLayout bLayout = BLayout::RowMajor;
  SLayout sLayout = SLayout::NoneBox;
  int64_t fractal = 512;
  PadValue pad = PadValue::Null;
};

/// Parses the text between `<` and `>`: the compact, PTOAS keyed or
/// positional (short or full) spelling.
FailureOr<TileParams> parseTileParams(AsmParser &parser);

/// Under `--pto-arch` (getPtoasParserArch), gives a `left` tile the block
/// layout ptoas's parser gives it for that target, with a remark at `loc`
/// when the text wrote another.
void readLeftLayoutAsPtoas(AsmParser &parser, SMLoc loc, TileParams &params);

void printTileParams(AsmPrinter &printer, TileLocation location,
                     ArrayRef<int64_t> shape, Type elementType,
                     ArrayRef<int64_t> validShape, BLayout bLayout,
                     SLayout sLayout, int64_t fractal, PadValue pad);

/// The type rules (tile_c1 ... in docs/types.md). The pad policy carries
/// none, so it is not passed.
LogicalResult verifyTileParams(function_ref<InFlightDiagnostic()> emitError,
                               TileLocation location, ArrayRef<int64_t> shape,
                               Type elementType, ArrayRef<int64_t> validShape,
                               BLayout bLayout, SLayout sLayout,
                               int64_t fractal);

/// Why PTOAS's `compact=<mode>` (a mode other than 0) is not read: the
/// text that follows "compact=<mode>" in the message.
std::string describeCompactRefusal(int64_t mode);

/// `bits` as bytes for messages ("12 bytes", "1.5 bytes" for 4-bit types).
std::string formatBytes(int64_t bits);

/// Element types a tile may hold (MLIR spellings of the PTO library's C++
/// types).
bool isLegalTileElementType(Type type);

} // namespace mlir::pto

#endif // PTO_TILETYPESYNTAX_H
