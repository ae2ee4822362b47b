//===- Pto.td - umbrella of the pto dialect ----------------*- tablegen -*-===//
// Everything of the dialect, in one file: the C++ generators and the Python
// binding shim both include this.
#ifndef PTO_TD
#define PTO_TD

include "pto/PtoBase.td"
include "pto/PtoEnums.td"
include "pto/PtoTypes.td"
include "pto/PtoOps.td"
include "pto/PtoElementwiseOps.td"
include "pto/PtoLayoutOps.td"
include "pto/PtoInsertOps.td"

#endif // PTO_TD
