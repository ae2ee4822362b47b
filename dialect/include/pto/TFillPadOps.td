//===- TFillPadOps.td - tfillpad, tfillpad_inplace, tfillpad_expand -*- tablegen -*-===//
// PTOAS's three fill ops (include/PTO/IR/PTOOps.td at a56b18c3:3648-3730;
// pto-isa docs/isa/TFILLPAD*.md): one computation, pto-isa's TFILLPAD
// (include/pto/cpu/TFillPad.hpp), which the three differ only in the
// shapes they take (docs/ops/tfillpad.md).
#ifndef PTO_TFILLPADOPS_TD
#define PTO_TFILLPADOPS_TD

include "pto/PtoOpBase.td"

class Pto_TFillPadOpBase<string mnemonic, string isaName>
    : Pto_TileOp<mnemonic> {
  let summary = "copy src's valid region into dst and fill every other "
                "cell of dst with dst's pad value (" # isaName # ")";
  let description = [{
    Every cell (r, c) of dst's whole static tile becomes `src[r, c]` where
    r and c lie in src's valid region and dst's pad value (`pad=zero`: 0,
    `max`: +inf or the type's largest, `min`: -inf or its smallest)
    elsewhere, as pto-isa's CPU simulator fills it (include/pto/cpu/
    TFillPad.hpp:20-66); with a dst valid extent of 0 nothing is written
    (TFillPad.hpp:85). The three ops compute the same; `tfillpad` and
    `tfillpad_inplace` take src and dst of one shape (PTOAS writes the
    in-place form with one buffer as both), `tfillpad_expand` a dst at
    least as large. PTOAS's spelling:

    ```mlir
    %d = pto.tfillpad %s : !pto.tile<vec, 16x16xf32, valid=8x8> -> !pto.tile<vec, 16x16xf32, pad=max>
    pto.tfillpad ins(%s : !pto.tile_buf<vec, 16x16xf32, valid=8x8>) outs(%d : !pto.tile_buf<vec, 16x16xf32, pad=max>)
    ```

    Rules: docs/ops/tfillpad.md.
  }];
  let tileIns = (ins Pto_AnyTile:$src);
}

def Pto_TFillPadOp : Pto_TFillPadOpBase<"tfillpad", "TFILLPAD">;
def Pto_TFillPadInplaceOp
    : Pto_TFillPadOpBase<"tfillpad_inplace", "TFILLPAD_INPLACE">;
def Pto_TFillPadExpandOp
    : Pto_TFillPadOpBase<"tfillpad_expand", "TFILLPAD_EXPAND">;

#endif // PTO_TFILLPADOPS_TD
