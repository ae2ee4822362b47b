//===- PtoasBufferOps.td - PTOAS's reserved buffers ---------*- tablegen -*-===//
// The local slot buffers of PTOAS's cube/vector pipes (include/PTO/IR/
// PTOOps.td at a56b18c3: ReserveBufferOp, ImportReservedBufferOp; their
// verifiers in PTO.cpp): a kernel reserves a buffer in its local memory,
// its peer kernel imports it by name to address it.
#ifndef PTO_PTOASBUFFEROPS_TD
#define PTO_PTOASBUFFEROPS_TD

include "pto/PtoBase.td"
include "pto/PtoasEnums.td"
include "mlir/IR/SymbolInterfaces.td"

def Pto_ReserveBufferOp : Pto_Op<"reserve_buffer"> {
  let summary = "reserve a local buffer for a pipe's consumer slots";
  let description = [{
    `size` bytes of `location`, placed by PTOAS's planner (`auto = true`)
    or at `base`; the result is its address.

    ```mlir
    %a = pto.reserve_buffer {name = "c2v_fifo", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
    ```

    Rules: `reserve_buffer_c1` ... `_c6` (docs/ptoas.md).
  }];
  let arguments = (ins StrAttr:$name, I32Attr:$size,
                       Pto_AddressSpaceAttr:$location, BoolAttr:$autoAlloc,
                       OptionalAttr<I32Attr>:$base);
  let results = (outs I32:$addr);
  let assemblyFormat = [{
    `{` `name` `=` $name `,` `size` `=` $size `,` `location` `=` $location `,`
        `auto` `=` $autoAlloc (`,` `base` `=` $base^)? `}` attr-dict
    `->` type($addr)
  }];
  let hasVerifier = 1;
}

def Pto_ImportReservedBufferOp : Pto_Op<"import_reserved_buffer", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the address of a buffer a peer function reserved";
  let description = [{
    ```mlir
    %a = pto.import_reserved_buffer {name = "c2v_fifo", peer_func = @vector_kernel} -> i32
    ```

    Rules: `import_reserved_buffer_c1` ... `_c4` (docs/ptoas.md).
  }];
  let arguments = (ins StrAttr:$name, FlatSymbolRefAttr:$peer_func);
  let results = (outs I32:$addr);
  let assemblyFormat = [{
    `{` `name` `=` $name `,` `peer_func` `=` $peer_func `}` attr-dict
    `->` type($addr)
  }];
  let hasVerifier = 1;
}

#endif // PTO_PTOASBUFFEROPS_TD
