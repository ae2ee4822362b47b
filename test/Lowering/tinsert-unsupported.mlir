// RUN: pto-opt --pto-to-std %s -split-input-file -verify-diagnostics

// Every converting form (relu, quant, saturate, acc_to_vec) has an acc
// source, which is NZ: boxed layouts are rejected at the function boundary.
// expected-error @+1 {{'func.func' op argument #0 has a boxed layout (!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>), which the host lowering does not support (allowed: slayout=none_box)}}
func.func @acc_quant(%s: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>,
                     %w: i64, %d: !pto.tile_buf<vec, 16x32xi8>) {
  %c0 = arith.constant 0 : index
  pto.tinsert ins(%s, %c0, %c0, %w : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) outs(%d : !pto.tile_buf<vec, 16x32xi8>) {relu}
  return
}

// -----

func.func @acc_alloc(%d: !pto.tile_buf<vec, 16x16xf16>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pto.alloc_tile' op result has a boxed layout (!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>), which the host lowering does not support (allowed: slayout=none_box)}}
  %s = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) outs(%d : !pto.tile_buf<vec, 16x16xf16>) {saturate}
  return
}

// -----

func.func @unsigned_index(%s: !pto.tile_buf<vec, 1x16xf16>, %i: ui16, %d: !pto.tile_buf<vec, 2x16xf16>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pto.tinsert' op index_row has type ui16, which the host lowering does not support (allowed: index or a signless integer type)}}
  pto.tinsert ins(%s, %i, %c0 : !pto.tile_buf<vec, 1x16xf16>, ui16, index) outs(%d : !pto.tile_buf<vec, 2x16xf16>)
  return
}

// -----

func.func @signed_index(%s: !pto.tile_buf<vec, 2x16xf16>, %i: si32, %d: !pto.tile_buf<vec, 1x16xf16>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pto.textract' op index_col has type si32, which the host lowering does not support (allowed: index or a signless integer type)}}
  pto.textract ins(%s, %c0, %i : !pto.tile_buf<vec, 2x16xf16>, index, si32) outs(%d : !pto.tile_buf<vec, 1x16xf16>)
  return
}

// -----

func.func @packed(%s: !pto.tile_buf<vec, 1x64xf4E2M1FN>, %d: !pto.tile_buf<vec, 2x64xf4E2M1FN>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pto.tinsert' op element type f4E2M1FN packs several elements per byte, which the host lowering does not support}}
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<vec, 1x64xf4E2M1FN>, index, index) outs(%d : !pto.tile_buf<vec, 2x64xf4E2M1FN>)
  return
}
