//===- PtoDialect.cpp - the pto dialect -----------------------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoTarget.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pto;

#include "pto/PtoDialect.cpp.inc"
#include "pto/PtoEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "pto/PtoAttrs.cpp.inc"

void PtoDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "pto/PtoAttrs.cpp.inc"
      >();
}

void PtoDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "pto/PtoOps.cpp.inc"
      >();
}

LogicalResult PtoDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  // At the op's location, without the op printed after the message (for a
  // module, all of it).
  Location loc = op->getLoc();
  if (attr.getName() != kTargetArchAttrName)
    return emitError(loc) << "unknown attribute '" << attr.getName().getValue()
                          << "' of the pto dialect (known: '"
                          << kTargetArchAttrName << "')";
  if (!isa<ModuleOp>(op))
    return emitError(loc) << "'" << kTargetArchAttrName
                          << "' must be set on a builtin.module, not on '"
                          << op->getName() << "'";
  auto name = dyn_cast<StringAttr>(attr.getValue());
  if (!name || !parseTargetArch(name.getValue())) {
    InFlightDiagnostic diag = emitError(loc)
                              << "'" << kTargetArchAttrName << "' must be ";
    ArrayRef<StringRef> names = getTargetArchNames();
    for (auto [i, spelling] : llvm::enumerate(names))
      diag << (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") << "\""
           << spelling << "\"";
    return diag << ", got " << attr.getValue();
  }
  return success();
}
