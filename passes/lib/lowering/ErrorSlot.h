//===- ErrorSlot.h - where run-time failures go ------------------*- C++
//-*-===//
//
// Every lowered function takes a trailing error slot (getErrorSlotType() of
// pto/PtoLowering.h): a failed run-time check stores its code and the values
// it reports there (TileLowering::guarded).
// The slot is added before the dialect conversion, to every function with a
// body and every call of one, so the conversion's structural patterns carry
// it like any other argument and each op's lowering finds it as the last
// argument of its function.
//
#ifndef PTO_LOWERING_ERRORSLOT_H
#define PTO_LOWERING_ERRORSLOT_H

#include "pto/PtoLowering.h"

namespace mlir::pto {

/// Appends the error slot to every function of `module` with a body, and
/// passes the caller's slot on at every call of such a function.
LogicalResult addErrorSlots(ModuleOp module);

/// The error slot of the function that holds `op`.
Value getErrorSlot(Operation *op);

} // namespace mlir::pto

#endif // PTO_LOWERING_ERRORSLOT_H
