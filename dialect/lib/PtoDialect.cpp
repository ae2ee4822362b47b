//===- PtoDialect.cpp - the pto dialect -----------------------------------===//
#include "pto/PtoDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "pto/PtoTarget.h"
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

/// `pto.entry`: a unit attribute of a function definition, as PTOAS checks
/// it (PTO.cpp, validatePTOEntryFunctions). Errors are at the op's location,
/// without the op (for a module, all of it) printed after them.
static LogicalResult verifyEntryAttribute(Operation *op, Attribute value) {
  StringRef name = PtoDialect::kEntryAttrName;
  if (!isa<UnitAttr>(value))
    return emitError(op->getLoc())
           << "'" << name << "' is a unit attribute, got " << value;
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || func.isExternal())
    return emitError(op->getLoc())
           << "'" << name << "' must be set on a function definition, not on '"
           << op->getName() << (func ? "' without a body" : "'");
  return success();
}

/// `pto.kernel_kind`: a `#pto.kernel_kind<...>` on a function, as PTOAS
/// reads it (PTOWrapFunctionsInSectionsPass.cpp and PTOToEmitC.cpp take it
/// from the function).
static LogicalResult verifyKernelKindAttribute(Operation *op, Attribute value) {
  StringRef name = PtoDialect::kKernelKindAttrName;
  // kernel_kind_c1: the value is the dialect's kernel kind.
  if (!isa<KernelKindAttr>(value))
    return emitError(op->getLoc())
           << "'" << name
           << "' must be #pto.kernel_kind<cube> or #pto.kernel_kind<vector>, "
              "got "
           << value;
  // kernel_kind_c2: it sits on a function.
  if (!isa<FunctionOpInterface>(op))
    return emitError(op->getLoc())
           << "'" << name << "' must be set on a function, not on '"
           << op->getName() << "'";
  return success();
}

namespace {
/// An attribute of PTOAS's that pto-mlir keeps and does not use:
/// `pto.device-spec` names the chip (`"Ascend910B1"`) and
/// `pto.auto_sync_tail_hint` guides its synchronization, which PTOAS reads
/// only to place its set_flag/wait_flag (its PTOOps.td, InsertSync);
/// `pto.inferred_layout = true` marks a `layout` that PTOAS's
/// InferPTOLayout pass inferred rather than read (InferPTOLayout.cpp:229-235),
/// so that a later step may re-align an ambiguous ND/DN view. Our rules
/// follow `pto.target_arch` and the `layout` as written (docs/ptoas.md).
struct KeptPtoasAttr {
  StringLiteral name;
  StringLiteral what; // its value and owner, for the message
  bool (*isOwner)(Operation *op);
  bool (*isValue)(Attribute value);
};
} // namespace

static bool isString(Attribute value) { return isa<StringAttr>(value); }

static const KeptPtoasAttr kKeptPtoasAttrs[] = {
    {"pto.device-spec", "a string on a builtin.module",
     [](Operation *op) { return isa<ModuleOp>(op); }, isString},
    // Any function: the host lowering's functions keep it.
    {"pto.auto_sync_tail_hint", "a string on a function",
     [](Operation *op) { return isa<FunctionOpInterface>(op); }, isString},
    // Where PTOAS sets it: beside the `layout` of a view or of the op that
    // reads or writes one (make_tensor_view, tload, tstore, the memref form's
    // reinterpret_cast).
    {"pto.inferred_layout", "a bool on an op with a 'layout' attribute",
     [](Operation *op) { return op->hasAttr("layout"); },
     [](Attribute value) { return isa<BoolAttr>(value); }},
};

LogicalResult PtoDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  // At the op's location, without the op printed after the message (for a
  // module, all of it).
  Location loc = op->getLoc();
  if (attr.getName() == kEntryAttrName)
    return verifyEntryAttribute(op, attr.getValue());
  if (attr.getName() == kKernelKindAttrName)
    return verifyKernelKindAttribute(op, attr.getValue());
  for (const KeptPtoasAttr &kept : kKeptPtoasAttrs) {
    if (attr.getName() != kept.name)
      continue;
    if (!kept.isOwner(op) || !kept.isValue(attr.getValue()))
      return emitError(loc) << "'" << kept.name << "' must be " << kept.what;
    return success();
  }
  if (attr.getName() != kTargetArchAttrName) {
    InFlightDiagnostic diag =
        emitError(loc) << "unknown attribute '" << attr.getName().getValue()
                       << "' of the pto dialect (known: '"
                       << kTargetArchAttrName << "', '" << kEntryAttrName
                       << "', '" << kKernelKindAttrName << "'";
    for (const KeptPtoasAttr &kept : kKeptPtoasAttrs)
      diag << ", '" << kept.name << "'";
    return diag << ")";
  }
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
      diag << (i == 0                  ? ""
               : i + 1 == names.size() ? " or "
                                       : ", ")
           << "\"" << spelling << "\"";
    return diag << ", got " << attr.getValue();
  }
  return success();
}
