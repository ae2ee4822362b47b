//===- PtoasCoreOps.td - PTOAS's sections and core queries --*- tablegen -*-===//
// Which core a kernel runs on and which part of its code a core runs, in
// PTOAS's spelling (include/PTO/IR/PTOOps.td at a56b18c3: SectionCubeOp,
// SectionVectorOp, GetBlockIdxOp, GetBlockNumOp, GetSubBlockIdxOp,
// GetSubBlockNumOp). A PTO kernel is SPMD: every core of the grid runs it
// and picks its work by its block index (pto-isa's get_block_idx()).
#ifndef PTO_PTOASCOREOPS_TD
#define PTO_PTOASCOREOPS_TD

include "pto/PtoBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Pto_SectionOp<string mnemonic, string core> :
    Pto_Op<mnemonic, [SingleBlock, NoTerminator]> {
  let summary = "code that only the " # core # " cores run";
  let description = [{
    PTOAS writes its body between `#if defined(__DAV_CUBE__)` (or
    `__DAV_VEC__`) and `#endif`. One block, no terminator.

    ```mlir
    pto.section.vector {
      pto.barrier <PIPE_ALL>
    }
    ```
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}
def Pto_SectionCubeOp : Pto_SectionOp<"section.cube", "cube (AIC)">;
def Pto_SectionVectorOp : Pto_SectionOp<"section.vector", "vector (AIV)">;

class Pto_CoreQueryOp<string mnemonic, string what> :
    Pto_Op<mnemonic, [Pure]> {
  let summary = what;
  let description = [{
    An `i64`, as PTOAS types it.

    ```mlir
    %i = pto.get_block_idx
    ```
  }];
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}
def Pto_GetBlockIdxOp : Pto_CoreQueryOp<"get_block_idx",
    "the index of this block (core) in the grid, 0 to get_block_num - 1">;
def Pto_GetBlockNumOp : Pto_CoreQueryOp<"get_block_num",
    "the number of blocks (cores) in the grid">;
def Pto_GetSubBlockIdxOp : Pto_CoreQueryOp<"get_subblock_idx",
    "the index of this vector core among its cube core's, 0 or 1">;
def Pto_GetSubBlockNumOp : Pto_CoreQueryOp<"get_subblock_num",
    "the number of vector cores of a cube core">;

#endif // PTO_PTOASCOREOPS_TD
