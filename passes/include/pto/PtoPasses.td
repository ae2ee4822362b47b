//===- PtoPasses.td - passes of the pto dialect ------------*- tablegen -*-===//
#ifndef PTO_PASSES_TD
#define PTO_PASSES_TD

include "mlir/Pass/PassBase.td"

#endif // PTO_PASSES_TD
