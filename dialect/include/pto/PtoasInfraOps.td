//===- PtoasInfraOps.td - PTOAS's runtime and prefetch ops --*- tablegen -*-===//
// PTOAS's infrastructure ops that the corpus uses (include/PTO/IR/PTOOps.td
// at a56b18c3: SetFFTsOp, GetBufOp, RlsBufOp, TSyncOp, TPrefetchOp), read
// and verified with PTOAS's rules (PTO.cpp: SetFFTsOp::verify at 1560,
// verifyBufSyncOp at 5368, TPrefetchOp::verify at 1471; TSyncOp has none).
// No engine runs them: each refuses them by name (docs/ptoas.md).
#ifndef PTO_PTOASINFRAOPS_TD
#define PTO_PTOASINFRAOPS_TD

include "pto/PtoBase.td"
include "pto/PtoTypes.td"
include "pto/PtoasEnums.td"
include "pto/PtoasSyncOps.td"

def Pto_SetFFTsOp : Pto_Op<"set_ffts"> {
  let summary = "hand the runtime the FFTS flags buffer of cross-core sync";
  let description = [{
    ```mlir
    pto.set_ffts %ffts : memref<256xi64>
    ```

    Rule `set_ffts_c1`: its elements are i64 or i8.
  }];
  let arguments = (ins AnyMemRef:$ffts);
  let assemblyFormat = "$ffts attr-dict `:` type($ffts)";
  let hasVerifier = 1;
}

class Pto_BufSyncOp<string mnemonic, string what> : Pto_Op<mnemonic> {
  let summary = what # " the buffer-id token of an op type's pipe (A5)";
  let description = [{
    ```mlir
    pto.}] # mnemonic # [{[#pto.pipe_event_type<TLOAD>, 0]
    ```

    Rules `}] # mnemonic # [{_c1` (`buf_id` in 0..31) and `_c2` (`mode` >= 0).
    Every op type maps to a pipe PTOAS accepts (its mapSyncOpTypeToPipe,
    lib/PTO/IR/PTOSyncUtils.cpp:25-50), so PTOAS's third rule always holds.
  }];
  let arguments = (ins Pto_SyncEndpointAttr:$op_type, I32Attr:$buf_id,
                       DefaultValuedAttr<I32Attr, "0">:$mode);
  let assemblyFormat = "`[` $op_type `,` $buf_id `]` attr-dict";
  let hasVerifier = 1;
}

def Pto_GetBufOp : Pto_BufSyncOp<"get_buf", "acquire">;
def Pto_RlsBufOp : Pto_BufSyncOp<"rls_buf", "release">;

def Pto_TSyncOp : Pto_Op<"tsync"> {
  let summary = "TSYNC of its operands' pending events";
  let description = [{
    ```mlir
    pto.tsync ins(%a, %b : !pto.partition_tensor_view<32x32xf32>, !pto.tile_buf<...>)
    ```

    PTOAS checks nothing of it but its operands' types: tile buffers or
    windows (its PTODpsType, of which a gm memref reads as a window).
  }];
  let arguments = (ins Variadic<AnyTypeOf<[Pto_TileBufType,
                                           Pto_PartitionTensorViewType]>>:$events);
  let assemblyFormat = "`ins` `(` $events `:` type($events) `)` attr-dict";
}

def Pto_TPrefetchOp : Pto_Op<"tprefetch"> {
  let summary = "prefetch a window of global memory into a tile buffer";
  let description = [{
    ```mlir
    pto.tprefetch ins(%w : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
    ```

    Rules `tprefetch_c1` ... `_c3` (docs/ptoas.md).
  }];
  let arguments = (ins Pto_PartitionTensorViewType:$src, Pto_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

#endif // PTO_PTOASINFRAOPS_TD
