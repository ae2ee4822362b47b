// RUN: pto-opt %s | pto-opt | FileCheck %s
// pto.tfillpad, pto.tfillpad_inplace and pto.tfillpad_expand in PTOAS's
// spelling (include/PTO/IR/PTOOps.td:3648-3730) at both levels; PTOAS
// writes the in-place form with one buffer as src and dst.

// CHECK-LABEL: func.func @level1
// CHECK: pto.tfillpad %arg0 : !pto.tile<vec, 16x16xf32, valid=8x8> -> !pto.tile<vec, 16x16xf32, pad=max>
// CHECK: pto.tfillpad_inplace %arg0 : !pto.tile<vec, 16x16xf32, valid=8x8> -> !pto.tile<vec, 16x16xf32, pad=min>
// CHECK: pto.tfillpad_expand %arg0 : !pto.tile<vec, 16x16xf32, valid=8x8> -> !pto.tile<vec, 32x64xf32, pad=zero>
func.func @level1(%src: !pto.tile<vec, 16x16xf32, valid=8x8>)
    -> (!pto.tile<vec, 16x16xf32, pad=max>, !pto.tile<vec, 16x16xf32, pad=min>, !pto.tile<vec, 32x64xf32, pad=zero>) {
  %a = pto.tfillpad %src : !pto.tile<vec, 16x16xf32, valid=8x8> -> !pto.tile<vec, 16x16xf32, pad=max>
  %b = pto.tfillpad_inplace %src : !pto.tile<vec, 16x16xf32, valid=8x8> -> !pto.tile<vec, 16x16xf32, pad=min>
  %c = pto.tfillpad_expand %src : !pto.tile<vec, 16x16xf32, valid=8x8> -> !pto.tile<vec, 32x64xf32, pad=zero>
  return %a, %b, %c : !pto.tile<vec, 16x16xf32, pad=max>, !pto.tile<vec, 16x16xf32, pad=min>, !pto.tile<vec, 32x64xf32, pad=zero>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tfillpad ins(%arg0 : !pto.tile_buf<vec, 16x16xi16, valid=?x?>) outs(%arg1 : !pto.tile_buf<vec, 16x16xi16, pad=max>)
// CHECK: pto.tfillpad_inplace ins(%arg1 : !pto.tile_buf<vec, 16x16xi16, pad=max>) outs(%arg1 : !pto.tile_buf<vec, 16x16xi16, pad=max>)
// CHECK: pto.tfillpad_expand ins(%arg0 : !pto.tile_buf<vec, 16x16xi16, valid=?x?>) outs(%arg2 : !pto.tile_buf<vec, 16x32xi16, pad=min>)
func.func @level2(%src: !pto.tile_buf<vec, 16x16xi16, valid=?x?>, %dst: !pto.tile_buf<vec, 16x16xi16, pad=max>,
                  %wide: !pto.tile_buf<vec, 16x32xi16, pad=min>) {
  pto.tfillpad ins(%src : !pto.tile_buf<vec, 16x16xi16, valid=?x?>) outs(%dst : !pto.tile_buf<vec, 16x16xi16, pad=max>)
  pto.tfillpad_inplace ins(%dst : !pto.tile_buf<vec, 16x16xi16, pad=max>) outs(%dst : !pto.tile_buf<vec, 16x16xi16, pad=max>)
  pto.tfillpad_expand ins(%src : !pto.tile_buf<vec, 16x16xi16, valid=?x?>) outs(%wide : !pto.tile_buf<vec, 16x32xi16, pad=min>)
  return
}
