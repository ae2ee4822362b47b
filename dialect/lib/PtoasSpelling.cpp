//===- PtoasSpelling.cpp - PTOAS's names for our tile parameters ----------===//
#include "pto/PtoasSpelling.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::pto;

StringRef mlir::pto::getPtoasTargetArchName(TargetArch arch) {
  return arch == TargetArch::A2A3 ? "a3" : "a5";
}

Type mlir::pto::getPtoasElementType(Type type) {
  // The E4M3 of the library (no infinities, one NaN) is MLIR's f8E4M3FN;
  // PTOAS names it f8E4M3.
  if (isa<Float8E4M3FNType>(type))
    return Float8E4M3Type::get(type.getContext());
  return type;
}
