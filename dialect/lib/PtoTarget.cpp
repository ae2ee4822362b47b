//===- PtoTarget.cpp - target profiles ------------------------------------===//
#include "pto/PtoTarget.h"
#include "pto/PtoDialect.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::pto;

std::optional<TargetArch> mlir::pto::parseTargetArch(StringRef name) {
  for (TargetArch arch : kTargetArchs)
    if (stringifyTargetArch(arch) == name)
      return arch;
  return std::nullopt;
}

StringRef mlir::pto::stringifyTargetArch(TargetArch arch) {
  return arch == TargetArch::A2A3 ? "a2a3" : "a5";
}

std::optional<TargetArch> mlir::pto::lookupTargetArch(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto name = op->getAttrOfType<StringAttr>(PtoDialect::kTargetArchAttrName))
      return parseTargetArch(name.getValue());
  return std::nullopt;
}
