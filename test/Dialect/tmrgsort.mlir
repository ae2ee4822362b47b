// RUN: pto-opt %s | pto-opt | FileCheck %s
// pto.tmrgsort in PTOAS's spelling (include/PTO/IR/PTOOps.td:4001): the
// single-list form (src, blockLen) and the lists form (2 to 4 lists and
// tmp, `exhausted`: false when not given), at both levels.

// CHECK-LABEL: func.func @single_level1
// CHECK: pto.tmrgsort %arg0, %{{.*}} : (!pto.tile<vec, 1x256xf32>, i32) -> !pto.tile<vec, 1x256xf32>
func.func @single_level1(%src: !pto.tile<vec, 1x256xf32>) -> !pto.tile<vec, 1x256xf32> {
  %len = arith.constant 64 : i32
  %dst = pto.tmrgsort %src, %len : (!pto.tile<vec, 1x256xf32>, i32) -> !pto.tile<vec, 1x256xf32>
  return %dst : !pto.tile<vec, 1x256xf32>
}

// CHECK-LABEL: func.func @lists_level1
// CHECK: pto.tmrgsort %arg0, %arg1, %arg2, %arg3 {exhausted = true} : (!pto.tile<vec, 1x128xf16>, !pto.tile<vec, 1x128xf16>, !pto.tile<vec, 1x64xf16>, !pto.tile<vec, 1x320xf16>) -> !pto.tile<vec, 1x320xf16>
func.func @lists_level1(%a: !pto.tile<vec, 1x128xf16>, %b: !pto.tile<vec, 1x128xf16>, %c: !pto.tile<vec, 1x64xf16>, %tmp: !pto.tile<vec, 1x320xf16>) -> !pto.tile<vec, 1x320xf16> {
  %dst = pto.tmrgsort %a, %b, %c, %tmp {exhausted = true} : (!pto.tile<vec, 1x128xf16>, !pto.tile<vec, 1x128xf16>, !pto.tile<vec, 1x64xf16>, !pto.tile<vec, 1x320xf16>) -> !pto.tile<vec, 1x320xf16>
  return %dst : !pto.tile<vec, 1x320xf16>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tmrgsort ins(%arg0, %arg6 : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%arg5 : !pto.tile_buf<vec, 1x256xf32>)
// CHECK: pto.tmrgsort ins(%arg0, %arg1, %arg3 : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x1024xf32>) outs(%arg4 : !pto.tile_buf<vec, 1x1024xf32, valid=1x512>) {exhausted = false}
// CHECK: pto.tmrgsort ins(%arg0, %arg1, %arg2, %arg0, %arg3 : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x1024xf32>) outs(%arg4 : !pto.tile_buf<vec, 1x1024xf32, valid=1x512>) {exhausted = true}
func.func @level2(%a: !pto.tile_buf<vec, 1x256xf32>, %b: !pto.tile_buf<vec, 1x256xf32>, %c: !pto.tile_buf<vec, 1x256xf32>, %t: !pto.tile_buf<vec, 1x1024xf32>, %d: !pto.tile_buf<vec, 1x1024xf32, valid=1x512>, %s: !pto.tile_buf<vec, 1x256xf32>, %len: i32) {
  pto.tmrgsort ins(%a, %len : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%s : !pto.tile_buf<vec, 1x256xf32>)
  pto.tmrgsort ins(%a, %b, %t {exhausted = false} : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x1024xf32>) outs(%d : !pto.tile_buf<vec, 1x1024xf32, valid=1x512>)
  pto.tmrgsort ins(%a, %b, %c, %a, %t {exhausted = true} : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x1024xf32>) outs(%d : !pto.tile_buf<vec, 1x1024xf32, valid=1x512>)
  return
}

// PTOAS's executed counts after dst (its `excuted`, a vector<4xi16>, as
// PTOAS's test/basic/tmrgsort_executed_constant_emitc.pto writes them):
// read, checked and dropped (nothing can read them back).
// CHECK-LABEL: func.func @executed
// CHECK: pto.tmrgsort ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%arg3 : !pto.tile_buf<vec, 1x256xf32>) {exhausted = true}
// CHECK: pto.tmrgsort ins(%arg1, %arg0, %arg2 : {{.*}}) outs(%arg3 : !pto.tile_buf<vec, 1x256xf32>) {exhausted = false}
func.func @executed(%a: !pto.tile_buf<vec, 1x128xf32>, %b: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32>, %ex: vector<4xi16>) {
  %full = arith.constant dense<[128, 64, 0, 0]> : vector<4xi16>
  pto.tmrgsort ins(%a, %b, %t {exhausted = true} : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%d, %full : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  pto.tmrgsort ins(%b, %a, %t {exhausted = false} : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%d, %ex : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}
