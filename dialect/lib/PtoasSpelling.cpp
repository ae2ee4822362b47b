//===- PtoasSpelling.cpp - PTOAS's names for our element types ------------===//
#include "pto/PtoasSpelling.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
/// An element type of ours and the MLIR type PTOAS writes for it.
struct ElementSpelling {
  Type (*ours)(MLIRContext *);
  Type (*ptoas)(MLIRContext *);
};
} // namespace

/// The library's float8_e4m3_t is the OCP E4M3 type without infinities (max
/// 448), MLIR's f8E4M3FN; PTOAS writes MLIR's f8E4M3, the IEEE-style variant
/// with infinities, for it.
static const ElementSpelling kElementSpellings[] = {
    {[](MLIRContext *ctx) -> Type { return Float8E4M3FNType::get(ctx); },
     [](MLIRContext *ctx) -> Type { return Float8E4M3Type::get(ctx); }},
};

Type mlir::pto::getPtoasElementType(Type type) {
  for (const ElementSpelling &spelling : kElementSpellings)
    if (spelling.ours(type.getContext()) == type)
      return spelling.ptoas(type.getContext());
  return type;
}

Type mlir::pto::readPtoasElementType(Type written) {
  for (const ElementSpelling &spelling : kElementSpellings)
    if (spelling.ptoas(written.getContext()) == written)
      return spelling.ours(written.getContext());
  return written;
}
