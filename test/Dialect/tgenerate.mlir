// RUN: pto-opt %s | pto-opt | FileCheck %s
// pto.tci and pto.ttri in PTOAS's spelling (include/PTO/IR/PTOOps.td:2657,
// :2686) at both levels; PTOAS writes the attribute inside ins(...), which reads, and
// it prints after outs(...).

// CHECK-LABEL: func.func @level1
// CHECK: pto.tci %arg0 {descending = true} : i32 -> !pto.tile<vec, 1x32xi32>
// CHECK: pto.ttri %arg0 {upperOrLower = 1 : i32} : i32 -> !pto.tile<vec, 16x16xf32>
func.func @level1(%s: i32) -> (!pto.tile<vec, 1x32xi32>, !pto.tile<vec, 16x16xf32>) {
  %a = pto.tci %s {descending = true} : (i32) -> !pto.tile<vec, 1x32xi32>
  %b = pto.ttri %s {upperOrLower = 1 : i32} : (i32) -> !pto.tile<vec, 16x16xf32>
  return %a, %b : !pto.tile<vec, 1x32xi32>, !pto.tile<vec, 16x16xf32>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tci ins(%arg0 : i16) outs(%arg1 : !pto.tile_buf<vec, 1x32xi16>) {descending = false}
// CHECK: pto.ttri ins(%arg2 : i32) outs(%arg3 : !pto.tile_buf<vec, 32x32xi32, valid=?x?>) {upperOrLower = 0 : i32}
func.func @level2(%s: i16, %t: !pto.tile_buf<vec, 1x32xi16>, %d: i32,
                  %m: !pto.tile_buf<vec, 32x32xi32, valid=?x?>) {
  pto.tci ins(%s {descending = false} : i16) outs(%t : !pto.tile_buf<vec, 1x32xi16>)
  pto.ttri ins(%d : i32) outs(%m : !pto.tile_buf<vec, 32x32xi32, valid=?x?>)
  return
}
