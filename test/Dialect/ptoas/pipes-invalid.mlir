// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's pipe ops (PTO.cpp at a56b18c3, verifyFrontendInitCommon,
// verifyFrontendSplitOp, verifyFrontendPopOp). One case per rule.

// aic_initialize_pipe_c1
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aic_initialize_pipe' op aic_initialize_pipe_c1: must be inside a cube kernel function (pto.kernel_kind = #pto.kernel_kind<cube>), got a vector kernel}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// aic_initialize_pipe_c1 (no kernel kind)
func.func @k()  {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aic_initialize_pipe' op aic_initialize_pipe_c1: must be inside a cube kernel function (pto.kernel_kind = #pto.kernel_kind<cube>), got a function without pto.kernel_kind}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// aic_initialize_pipe_c2
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aic_initialize_pipe' op aic_initialize_pipe_c2: requires at most one pto.aic_initialize_pipe op per function, got 2}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// aic_initialize_pipe_c3
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aic_initialize_pipe' op aic_initialize_pipe_c3: expects 'dir_mask' to be 1, 2, or 3, got 4}}
  pto.aic_initialize_pipe {dir_mask = 4, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// aic_initialize_pipe_c4
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aic_initialize_pipe' op aic_initialize_pipe_c4: expects 'slot_size' to be greater than 0, got 0}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 0} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// aiv_initialize_pipe_c1
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aiv_initialize_pipe' op aiv_initialize_pipe_c1: must be inside a vector kernel function (pto.kernel_kind = #pto.kernel_kind<vector>), got a cube kernel}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// aiv_initialize_pipe_c1 (no kernel kind)
func.func @k()  {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aiv_initialize_pipe' op aiv_initialize_pipe_c1: must be inside a vector kernel function (pto.kernel_kind = #pto.kernel_kind<vector>), got a function without pto.kernel_kind}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// aiv_initialize_pipe_c2
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aiv_initialize_pipe' op aiv_initialize_pipe_c2: requires at most one pto.aiv_initialize_pipe op per function, got 2}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// aiv_initialize_pipe_c3
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aiv_initialize_pipe' op aiv_initialize_pipe_c3: expects 'dir_mask' to be 1, 2, or 3, got 4}}
  pto.aiv_initialize_pipe {dir_mask = 4, slot_size = 64} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// aiv_initialize_pipe_c4
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %z = arith.constant 0 : i32
  // expected-error @+1 {{'pto.aiv_initialize_pipe' op aiv_initialize_pipe_c4: expects 'slot_size' to be greater than 0, got 0}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 0} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  return
}

// -----

// tpush_to_aiv_c1
func.func @k(%t: !pto.tile_buf<acc, 16x128xf32, blayout=col_major, slayout=row_major, fractal=1024>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tpush_to_aiv' op tpush_to_aiv_c1: must be inside a cube kernel function (pto.kernel_kind = #pto.kernel_kind<cube>), got a vector kernel}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x128xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
  return
}

// -----

// tpush_to_aiv_c2
func.func @k(%t: !pto.tile_buf<acc, 16x128xf32, blayout=col_major, slayout=row_major, fractal=1024>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.tpush_to_aiv' op tpush_to_aiv_c2: expects 'split' to be 0, 1, or 2, got 3}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x128xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 3}
  return
}

// -----

// tpush_to_aic_c1
func.func @k(%t: !pto.tile_buf<vec, 8x128xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.tpush_to_aic' op tpush_to_aic_c1: must be inside a vector kernel function (pto.kernel_kind = #pto.kernel_kind<vector>), got a cube kernel}}
  pto.tpush_to_aic(%t : !pto.tile_buf<vec, 8x128xf32>) {split = 0}
  return
}

// -----

// tpush_to_aic_c2
func.func @k(%t: !pto.tile_buf<vec, 8x128xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tpush_to_aic' op tpush_to_aic_c2: expects 'split' to be 0, 1, or 2, got 3}}
  pto.tpush_to_aic(%t : !pto.tile_buf<vec, 8x128xf32>) {split = 3}
  return
}

// -----

// tpop_from_aic_c1
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.tpop_from_aic' op tpop_from_aic_c1: must be inside a vector kernel function (pto.kernel_kind = #pto.kernel_kind<vector>), got a cube kernel}}
  %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 8x128xf32>
  return
}

// -----

// tpop_from_aic_c2
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tpop_from_aic' op tpop_from_aic_c2: expects 'split' to be 0, 1, or 2, got 3}}
  %t = pto.tpop_from_aic {split = 3} -> !pto.tile_buf<vec, 8x128xf32>
  return
}

// -----

// tpop_from_aiv_c1
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tpop_from_aiv' op tpop_from_aiv_c1: must be inside a cube kernel function (pto.kernel_kind = #pto.kernel_kind<cube>), got a vector kernel}}
  %t = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tpop_from_aiv_c2
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.tpop_from_aiv' op tpop_from_aiv_c2: expects 'split' to be 0, 1, or 2, got 3}}
  %t = pto.tpop_from_aiv {split = 3} -> !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tfree_from_aic_c1
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.tfree_from_aic' op tfree_from_aic_c1: must be inside a vector kernel function (pto.kernel_kind = #pto.kernel_kind<vector>), got a cube kernel}}
  pto.tfree_from_aic {split = 0}
  return
}

// -----

// tfree_from_aic_c2
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tfree_from_aic' op tfree_from_aic_c2: expects 'split' to be 0, 1, or 2, got 3}}
  pto.tfree_from_aic {split = 3}
  return
}

// -----

// tfree_from_aiv_c1
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tfree_from_aiv' op tfree_from_aiv_c1: must be inside a cube kernel function (pto.kernel_kind = #pto.kernel_kind<cube>), got a vector kernel}}
  pto.tfree_from_aiv {split = 0}
  return
}

// -----

// tfree_from_aiv_c2
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.tfree_from_aiv' op tfree_from_aiv_c2: expects 'split' to be 0, 1, or 2, got 3}}
  pto.tfree_from_aiv {split = 3}
  return
}

// -----

// tpop_from_aic_c3
func.func @k(%r: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tpop_from_aic' op tpop_from_aic_c3: expects valid_row and valid_col operands to be provided together}}
  %t = "pto.tpop_from_aic"(%r) {split = 0 : i8, operandSegmentSizes = array<i32: 1, 0>} : (index) -> !pto.tile_buf<vec, 8x128xf32>
  return
}

// -----

// tpop_from_aic_c4
func.func @k(%r: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tpop_from_aic' op tpop_from_aic_c4: expects tile result to have dynamic validShape (?, ?) when valid_row/valid_col operands are provided, got 8x128}}
  %t = pto.tpop_from_aic (%r, %r) {split = 0} -> !pto.tile_buf<vec, 8x128xf32>
  return
}

// -----

// tpop_from_aiv_c3
func.func @k(%r: index) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.tpop_from_aiv' op tpop_from_aiv_c3: expects valid_row and valid_col operands to be provided together}}
  %t = "pto.tpop_from_aiv"(%r) {split = 0 : i8, operandSegmentSizes = array<i32: 1, 0>} : (index) -> !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tpop_from_aiv_c4
func.func @k(%r: index) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.tpop_from_aiv' op tpop_from_aiv_c4: expects tile result to have dynamic validShape (?, ?) when valid_row/valid_col operands are provided, got 16x128}}
  %t = pto.tpop_from_aiv (%r, %r) {split = 0} -> !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>
  return
}
