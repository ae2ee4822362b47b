// RUN: pto-translate --export-ptoas %s | FileCheck %s
// TMRGSORT in PTOAS's spelling: the single-list form as ours; the lists
// form with `{exhausted = ...}` after its ins and the executed counts,
// which ptoas's C++ writes and nothing reads, a zero vector<4xi16> made
// just before (PTOAS's test/basic/tmrgsort_executed_constant_emitc.pto).

// CHECK-LABEL: func.func @merge()
// CHECK: pto.tmrgsort ins(%{{.*}}, %{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i32) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: %[[EX:.*]] = arith.constant dense<0> : vector<4xi16>
// CHECK-NEXT: pto.tmrgsort ins(%{{.*}}, %{{.*}}, %{{.*}} {exhausted = true} : !pto.tile_buf<{{.*}}cols=128{{.*}}>, !pto.tile_buf<{{.*}}cols=128{{.*}}>, !pto.tile_buf<{{.*}}cols=256{{.*}}>) outs(%{{.*}}, %[[EX]] : !pto.tile_buf<{{.*}}cols=256{{.*}}>, vector<4xi16>)
// CHECK: %[[EX2:.*]] = arith.constant dense<0> : vector<4xi16>
// CHECK-NEXT: pto.tmrgsort ins({{.*}} {exhausted = false} : {{.*}}) outs(%{{.*}}, %[[EX2]] : {{.*}}, vector<4xi16>)
func.func @merge() {
  %len = arith.constant 64 : i32
  %src = pto.alloc_tile : !pto.tile_buf<vec, 1x256xf32>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 1x256xf32>
  %a = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  %tmp = pto.alloc_tile : !pto.tile_buf<vec, 1x256xf32>
  pto.tmrgsort ins(%src, %len : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%dst : !pto.tile_buf<vec, 1x256xf32>)
  pto.tmrgsort ins(%a, %a, %tmp {exhausted = true} : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%dst : !pto.tile_buf<vec, 1x256xf32>)
  pto.tmrgsort ins(%a, %a, %tmp : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%dst : !pto.tile_buf<vec, 1x256xf32>)
  return
}

// PTOAS's executed counts read (and dropped): written again as PTOAS's
// zero constant.
// CHECK-LABEL: func.func @given()
// CHECK: %[[Z:.*]] = arith.constant dense<0> : vector<4xi16>
// CHECK-NEXT: pto.tmrgsort ins({{.*}} {exhausted = true} : {{.*}}) outs(%{{.*}}, %[[Z]] : !pto.tile_buf<{{.*}}cols=256{{.*}}>, vector<4xi16>)
func.func @given() {
  %ex = arith.constant dense<[128, 64, 0, 0]> : vector<4xi16>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 1x256xf32>
  %a = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  %tmp = pto.alloc_tile : !pto.tile_buf<vec, 1x256xf32>
  pto.tmrgsort ins(%a, %a, %tmp {exhausted = true} : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%dst, %ex : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}
