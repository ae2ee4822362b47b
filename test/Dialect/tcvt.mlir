// RUN: pto-opt %s | pto-opt | FileCheck %s
// pto.tcvt in PTOAS's spelling (include/PTO/IR/PTOOps.td:3182): rmode
// (default CAST_RINT) and sat_mode, at Level 2 inside `ins(...)` as PTOAS
// writes them; tmp is optional.

// CHECK-LABEL: func.func @level1
// CHECK: pto.tcvt %arg0 {rmode = #pto<round_mode FLOOR>, sat_mode = #pto<saturation_mode ON>} : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xi32>
func.func @level1(%src: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xi32> {
  %dst = pto.tcvt %src {rmode = #pto<round_mode FLOOR>, sat_mode = #pto<saturation_mode ON>} : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xi32>
  return %dst : !pto.tile<vec, 16x16xi32>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tcvt ins(%arg0 : !pto.tile_buf<vec, 16x16xf32>) outs(%arg1 : !pto.tile_buf<vec, 16x16xf16>) {rmode = #pto<round_mode CAST_RINT>}
// CHECK: pto.tcvt ins(%arg0, %arg2 : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%arg3 : !pto.tile_buf<vec, 16x16xi16>) {rmode = #pto<round_mode ROUND>, sat_mode = #pto<saturation_mode OFF>}
func.func @level2(%src: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x16xf16>,
                  %tmp: !pto.tile_buf<vec, 16x16xf32>, %i: !pto.tile_buf<vec, 16x16xi16>) {
  pto.tcvt ins(%src : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xf16>)
  pto.tcvt ins(%src, %tmp {rmode = #pto<round_mode ROUND>, sat_mode = #pto<saturation_mode OFF>} : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%i : !pto.tile_buf<vec, 16x16xi16>)
  return
}
