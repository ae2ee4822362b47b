//===- Pto.td - umbrella of the pto dialect ----------------*- tablegen -*-===//
// Everything of the dialect, in one file: the C++ generators and the Python
// binding shim both include this.
#ifndef PTO_TD
#define PTO_TD

include "pto/PtoBase.td"
include "pto/PtoEnums.td"
include "pto/PtoasEnums.td"
include "pto/PtoTypes.td"
include "pto/BufferOps.td"
include "pto/ElementwiseOps.td"
include "pto/TileScalarOps.td"
include "pto/TernaryElementwiseOps.td"
include "pto/PartOps.td"
include "pto/TInterleaveOps.td"
include "pto/TReshapeOps.td"
include "pto/TSort32Ops.td"
include "pto/TInsertOps.td"
include "pto/GlobalMemoryOps.td"
include "pto/TMovOps.td"
include "pto/ValidShapeOps.td"
include "pto/PtoasSyncOps.td"
include "pto/PtoasCoreOps.td"
include "pto/PtoasPointerOps.td"
include "pto/PtoasBufferOps.td"
include "pto/PtoasPipeOps.td"
include "pto/PtoasMemrefOps.td"
include "pto/PtoasInfraOps.td"
include "pto/TPrintOps.td"
include "pto/RowReduceOps.td"
include "pto/ColReduceOps.td"
include "pto/ArgReduceOps.td"
include "pto/TCvtOps.td"
include "pto/ExpandOps.td"
include "pto/TMatmulOps.td"
include "pto/TMrgSortOps.td"
include "pto/TFillPadOps.td"
include "pto/TGatherOps.td"
include "pto/TGenerateOps.td"
include "pto/TSelOps.td"
include "pto/TCmpOps.td"

#endif // PTO_TD
