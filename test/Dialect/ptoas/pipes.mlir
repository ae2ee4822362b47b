// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's cube/vector pipe ops read and print back (pipes-invalid.mlir has
// their rules; no engine runs them: docs/ptoas.md).

// CHECK-LABEL: func.func @cube
// CHECK: pto.aic_initialize_pipe{dir_mask = 3, slot_size = 8192} ( c2v_consumer_buf = %{{.*}} : i32, v2c_consumer_buf = %{{.*}} : i32)
// CHECK: pto.tpush_to_aiv(%{{.*}} : !pto.tile_buf<acc, 16x128xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
// CHECK: %{{.*}} = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>
// CHECK: pto.tfree_from_aiv{split = 0}
func.func @cube(%acc: !pto.tile_buf<acc, 16x128xf32, blayout=col_major, slayout=row_major, fractal=1024>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c2v = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
  %v2c = pto.reserve_buffer {name = "v2c", size = 8192, location = #pto.address_space<mat>, auto = true} -> i32
  pto.aic_initialize_pipe {dir_mask = 3, slot_size = 8192} (c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
  pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x128xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
  %t = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>
  pto.tfree_from_aiv {split = 0}
  return
}

// CHECK-LABEL: func.func @vector
// CHECK: pto.aiv_initialize_pipe{dir_mask = 1, slot_size = 4096, nosplit = true} (gm_slot_buffer = %{{.*}} : !pto.ptr<f32>, c2v_consumer_buf = %{{.*}} : i32, v2c_consumer_buf = %{{.*}} : i32)
// CHECK: %{{.*}} = pto.tpop_from_aic(%{{.*}}, %{{.*}}) {split = 1} -> !pto.tile_buf<vec, 8x128xf32, valid=?x?>
// CHECK: pto.tpush_to_aic(%{{.*}} : !pto.tile_buf<vec, 8x128xf32, valid=?x?>) {split = 2}
// CHECK: pto.tfree_from_aic{split = 1}
func.func @vector(%slots: !pto.ptr<f32>, %rows: index, %cols: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : i32
  %c2v = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, nosplit = true} (gm_slot_buffer = %slots : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %c0 : i32)
  %t = pto.tpop_from_aic (%rows, %cols) {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tpush_to_aic(%t : !pto.tile_buf<vec, 8x128xf32, valid=?x?>) {split = 2}
  pto.tfree_from_aic {split = 1}
  return
}
