//===- PtoasPointerOps.td - PTOAS's pointer arithmetic ------*- tablegen -*-===//
// PTOAS's `pto.addptr` (include/PTO/IR/PTOOps.td at a56b18c3, AddPtrOp, and
// its verifier in PTO.cpp: "result type must match ptr operand type").
#ifndef PTO_PTOASPOINTEROPS_TD
#define PTO_PTOASPOINTEROPS_TD

include "pto/PtoBase.td"
include "pto/PtoTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Pto_AddPtrOp : Pto_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "a pointer `offset` elements (not bytes) past `ptr`";
  let description = [{
    ```mlir
    %q = pto.addptr %p, %n : <f32> -> <f32>
    ```
  }];
  let arguments = (ins Pto_PtrType:$ptr, Index:$offset);
  let results = (outs Pto_PtrType:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` type($ptr) `->` type($result)
  }];
}

#endif // PTO_PTOASPOINTEROPS_TD
