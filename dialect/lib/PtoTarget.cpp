//===- PtoTarget.cpp - target profiles ------------------------------------===//
#include "pto/PtoTarget.h"
#include "pto/PtoDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::pto;

std::optional<TargetArch> mlir::pto::parseTargetArch(StringRef name) {
  return llvm::StringSwitch<std::optional<TargetArch>>(name)
      .Case("a2a3", TargetArch::A2A3)
      .Case("a5", TargetArch::A5)
      .Default(std::nullopt);
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
