// RUN: pto-opt --pto-to-std %s -split-input-file -verify-diagnostics

func.func @packed(%s: !pto.tile_buf<vec, 1x64xf4E2M1FN>, %d: !pto.tile_buf<vec, 2x64xf4E2M1FN>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pto.tinsert' op element type f4E2M1FN packs several elements per byte, which the host lowering does not support}}
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<vec, 1x64xf4E2M1FN>, index, index) outs(%d : !pto.tile_buf<vec, 2x64xf4E2M1FN>)
  return
}
