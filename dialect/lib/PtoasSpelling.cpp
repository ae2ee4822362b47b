//===- PtoasSpelling.cpp - PTOAS's names for our tile parameters ----------===//
#include "pto/PtoasSpelling.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::pto;

StringRef mlir::pto::getPtoasTargetArchName(TargetArch arch) {
  return arch == TargetArch::A2A3 ? "a3" : "a5";
}

namespace {
/// An element type PTOAS spells as another MLIR type.
struct ElementTypeSpelling {
  bool (*isOurs)(Type);
  bool (*isPtoas)(Type);
  Type (*ours)(MLIRContext *);
  Type (*ptoas)(MLIRContext *);
};
} // namespace

/// The E4M3 of the library (float8_e4m3_t: no infinities, one NaN) is MLIR's
/// f8E4M3FN; PTOAS names it f8E4M3 (in MLIR the IEEE-style variant).
static const ElementTypeSpelling kElementTypeSpellings[] = {
    {[](Type t) { return isa<Float8E4M3FNType>(t); },
     [](Type t) { return isa<Float8E4M3Type>(t); },
     [](MLIRContext *ctx) -> Type { return Float8E4M3FNType::get(ctx); },
     [](MLIRContext *ctx) -> Type { return Float8E4M3Type::get(ctx); }},
};

Type mlir::pto::getPtoasElementType(Type type) {
  for (const ElementTypeSpelling &spelling : kElementTypeSpellings)
    if (spelling.isOurs(type))
      return spelling.ptoas(type.getContext());
  return type;
}

Type mlir::pto::getElementTypeOfPtoas(Type written) {
  for (const ElementTypeSpelling &spelling : kElementTypeSpellings)
    if (spelling.isPtoas(written))
      return spelling.ours(written.getContext());
  return written;
}
