// RUN: pto-opt %s -split-input-file -verify-diagnostics
// tprint's rules (pto-isa docs/isa/TPRINT.md; PTOAS's TPrintOp::verify).

// tprint_c1
func.func @k(%t: !pto.tile_buf<vec, 16x16xbf16>) {
  // expected-error @+1 {{'pto.tprint' op tprint_c1: src element type 'bf16' is not printable (f16, f32, i8, i16, i32, ui8, ui16, ui32)}}
  pto.tprint ins(%t : !pto.tile_buf<vec, 16x16xbf16>)
  return
}

// -----

// tprint_c1, on a window
func.func @k(%p: !pto.partition_tensor_view<16x16xi64>) {
  // expected-error @+1 {{'pto.tprint' op tprint_c1: src element type 'i64' is not printable (f16, f32, i8, i16, i32, ui8, ui16, ui32)}}
  pto.tprint ins(%p : !pto.partition_tensor_view<16x16xi64>)
  return
}

// -----

// tprint_c2
func.func @k(%t: !pto.tile_buf<mat, 16x16xf16>) {
  // expected-error @+1 {{'pto.tprint' op tprint_c2: src is a mat tile; tprint prints a vec tile}}
  pto.tprint ins(%t : !pto.tile_buf<mat, 16x16xf16>)
  return
}
