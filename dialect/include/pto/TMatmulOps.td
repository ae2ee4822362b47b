//===- TMatmulOps.td - tmatmul, tmatmul.acc, tmatmul.bias --*- tablegen -*-===//
#ifndef PTO_TMATMULOPS_TD
#define PTO_TMATMULOPS_TD

include "pto/PtoOpBase.td"
include "pto/PtoInterfaces.td"

// The cube unit's matrix multiply: `lhs` (a left tile, M x K) times `rhs`
// (a right tile, K x N) into an acc tile (M x N), with M, K and N the valid
// rows of lhs, the valid columns of lhs and the valid columns of rhs
// (pto-isa include/pto/cpu/TMatmul.hpp:54-56). One verifier for the three
// (verifyMatmul, TMatmulOps.cpp), rules tmatmul_c1 ... (docs/ops/tmatmul.md).
class Pto_MatmulOp<string mnemonic, string isa, list<Trait> traits = []>
    : Pto_TileOp<mnemonic, traits> {
  let summary = "matrix multiply on the cube unit (" # isa # ")";
}

def Pto_TMatmulOp : Pto_MatmulOp<"tmatmul", "TMATMUL", [Pto_WritesValidRegion]> {
  let description = [{
    `dst[i, j] = sum(lhs[i, k] * rhs[k, j] for k < K)` for `i < M`, `j < N`,
    as pto-isa's CPU simulator sums (include/pto/cpu/TMatmul.hpp:58-72): one
    chain per element from zero, in k order; f32 accumulators by `std::fma`
    of the inputs converted exactly to f32, i32 accumulators of i8 inputs by
    `+=`. Other elements of dst keep their content (Level 1: zero).

    ```mlir
    %c = pto.tmatmul %a, %b : (!pto.tile<left, ...>, !pto.tile<right, ...>) -> !pto.tile<acc, ...>
    pto.tmatmul ins(%a, %b : !pto.tile_buf<left, ...>, !pto.tile_buf<right, ...>) outs(%c : !pto.tile_buf<acc, ...>)
    ```
  }];
  let tileIns = (ins Pto_AnyTile:$lhs, Pto_AnyTile:$rhs);
}

def Pto_TMatmulAccOp : Pto_MatmulOp<"tmatmul.acc", "TMATMUL_ACC", [
    DeclareOpInterfaceMethods<Pto_DestinationInitOpInterface>]> {
  let description = [{
    `dst[i, j] = acc_in[i, j] + sum(...)`, the sum as `pto.tmatmul`'s, added
    in one rounding (TMatmul.hpp:74). The result starts from `acc_in`
    (outside M x N it is acc_in); at Level 2 `acc_in` is `dst` itself, as
    the cube unit accumulates into its destination (tmatmul_c9).

    ```mlir
    %c1 = pto.tmatmul.acc %c0, %a, %b : (!pto.tile<acc, ...>, !pto.tile<left, ...>, !pto.tile<right, ...>) -> !pto.tile<acc, ...>
    pto.tmatmul.acc ins(%c, %a, %b : ...) outs(%c : !pto.tile_buf<acc, ...>)
    ```
  }];
  let tileIns = (ins Pto_AnyTile:$acc_in, Pto_AnyTile:$lhs, Pto_AnyTile:$rhs);
}

def Pto_TMatmulBiasOp : Pto_MatmulOp<"tmatmul.bias", "TMATMUL_BIAS",
                                     [Pto_WritesValidRegion]> {
  let description = [{
    `pto.tmatmul`, then `dst[i, j] += bias[0, j]` in one rounding per
    element (TMatmul.hpp:189-195).

    ```mlir
    %c = pto.tmatmul.bias %a, %b, %bias : (...) -> !pto.tile<acc, ...>
    pto.tmatmul.bias ins(%a, %b, %bias : ...) outs(%c : !pto.tile_buf<acc, ...>)
    ```
  }];
  let tileIns = (ins Pto_AnyTile:$lhs, Pto_AnyTile:$rhs, Pto_AnyTile:$bias);
}

#endif // PTO_TMATMULOPS_TD
