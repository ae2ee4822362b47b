// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's rules of set_ffts, get_buf, rls_buf and tprefetch (PTOAS a56b18c3
// lib/PTO/IR/PTO.cpp: SetFFTsOp::verify, verifyBufSyncOp,
// TPrefetchOp::verify). One case per rule.

func.func @k(%f: memref<256xi32>) {
  // expected-error @+1 {{'pto.set_ffts' op set_ffts_c1: expects element type i64 (or i8), got 'i32'}}
  pto.set_ffts %f : memref<256xi32>
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.get_buf' op get_buf_c1: expects 'buf_id' in range [0, 31], got 32}}
  pto.get_buf[#pto.pipe_event_type<TLOAD>, 32]
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.get_buf' op get_buf_c2: expects 'mode' to be non-negative, got -1}}
  pto.get_buf[#pto.pipe_event_type<TLOAD>, 0] {mode = -1 : i32}
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.rls_buf' op rls_buf_c1: expects 'buf_id' in range [0, 31], got -1}}
  pto.rls_buf[#pto.pipe_event_type<TVEC>, -1]
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.rls_buf' op rls_buf_c2: expects 'mode' to be non-negative, got -3}}
  pto.rls_buf[#pto.pipe_event_type<TVEC>, 1] {mode = -3 : i32}
  return
}

// -----

func.func @k(%w: !pto.partition_tensor_view<16x16xf32>) {
  %t = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  // expected-error @+1 {{'pto.tprefetch' op tprefetch_c1: expects dst to use loc=vec or loc=mat, got acc}}
  pto.tprefetch ins(%w : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @k(%w: !pto.partition_tensor_view<16x16xf32>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=0x16>
  // expected-error @+1 {{'pto.tprefetch' op tprefetch_c2: expects dst valid_shape[0] to be positive, got 0}}
  pto.tprefetch ins(%w : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32, valid=0x16>)
  return
}

// -----

func.func @k(%w: !pto.partition_tensor_view<16x16xf32>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // expected-error @+1 {{'pto.tprefetch' op tprefetch_c3: expects src and dst element types to have the same element size, got 'f32' (4 bytes) and 'f16' (2 bytes)}}
  pto.tprefetch ins(%w : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  return
}
