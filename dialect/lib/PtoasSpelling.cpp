//===- PtoasSpelling.cpp - PTOAS's names for our tile parameters ----------===//
#include "pto/PtoasSpelling.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
struct PadNumber {
  PadValue pad;
  int64_t number;
};
} // namespace

static const PadNumber kPadNumbers[] = {
    {PadValue::Null, 0},
    {PadValue::Zero, 1},
    {PadValue::Max, 2},
    {PadValue::Min, 3},
};

int64_t mlir::pto::getPtoasPadNumber(PadValue pad) {
  for (const PadNumber &entry : kPadNumbers)
    if (entry.pad == pad)
      return entry.number;
  llvm_unreachable("every pad policy has a PTOAS number");
}

std::optional<PadValue> mlir::pto::parsePtoasPadNumber(int64_t number) {
  for (const PadNumber &entry : kPadNumbers)
    if (entry.number == number)
      return entry.pad;
  return std::nullopt;
}

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

Type mlir::pto::parsePtoasElementType(Type type) {
  if (isa<Float8E4M3Type>(type))
    return Float8E4M3FNType::get(type.getContext());
  return type;
}
