// RUN: pto-opt %s | pto-opt | FileCheck %s
// RUN: pto-opt %s -canonicalize -cse | FileCheck %s --check-prefix=EFFECTS
// The forms of the TRESHAPE page (Level 1 view, DPS copy) and the buffer view.

// CHECK-LABEL: func.func @level1_view
// CHECK: %[[D:.*]] = pto.treshape %arg0 : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 8x32xf32>
// CHECK: return %[[D]]
func.func @level1_view(%src: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 8x32xf32> {
  %dst = pto.treshape %src : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 8x32xf32>
  return %dst : !pto.tile<vec, 8x32xf32>
}

// CHECK-LABEL: func.func @buffer_view
// CHECK: %[[V:.*]] = pto.treshape %arg0 : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
// CHECK: pto.tor ins(%[[V]], %[[V]] : {{.*}}) outs(%arg1 : {{.*}})
func.func @buffer_view(%src: !pto.tile_buf<vec, 16x16xi32>, %out: !pto.tile_buf<vec, 8x32xi32>) {
  %view = pto.treshape %src : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
  pto.tor ins(%view, %view : !pto.tile_buf<vec, 8x32xi32>, !pto.tile_buf<vec, 8x32xi32>) outs(%out : !pto.tile_buf<vec, 8x32xi32>)
  return
}

// CHECK-LABEL: func.func @level2_copy
// CHECK: pto.treshape ins(%arg0 : !pto.tile_buf<vec, 16x16xf32>) outs(%arg1 : !pto.tile_buf<vec, 8x32xf32>)
func.func @level2_copy(%src: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 8x32xf32>) {
  pto.treshape ins(%src : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// The page's manual mode.
// CHECK-LABEL: func.func @manual
// CHECK: pto.tassign %[[A:.*]], @tile(0x1000)
// CHECK: pto.tassign %[[B:.*]], @tile(0x2000)
// CHECK: pto.treshape ins(%[[A]] : !pto.tile_buf<vec, 16x16xf32>) outs(%[[B]] : !pto.tile_buf<vec, 8x32xf32>)
func.func @manual() {
  %src = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf32>
  pto.tassign %src, @tile(0x1000)
  pto.tassign %dst, @tile(0x2000)
  pto.treshape ins(%src : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// Integer <-> integer and float <-> float of other widths, equal bytes;
// valid shapes play no part, dynamic ones included.
// CHECK-LABEL: func.func @same_kind_types
// CHECK: pto.treshape %arg0 : !pto.tile<vec, 16x16xi32, valid=3x5> -> !pto.tile<vec, 16x64xui8, valid=?x64>
// CHECK: pto.treshape %arg1 : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 8x64xbf16, valid=1x1>
// CHECK: pto.treshape %arg2 : !pto.tile<vec, 4x64xf8E4M3FN> -> !pto.tile<vec, 2x256xf4E2M1FN>
func.func @same_kind_types(%a: !pto.tile<vec, 16x16xi32, valid=3x5>, %b: !pto.tile<vec, 16x16xf32>, %c: !pto.tile<vec, 4x64xf8E4M3FN>) {
  %0 = pto.treshape %a : !pto.tile<vec, 16x16xi32, valid=3x5> -> !pto.tile<vec, 16x64xui8, valid=?x64>
  %1 = pto.treshape %b : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 8x64xbf16, valid=1x1>
  %2 = pto.treshape %c : !pto.tile<vec, 4x64xf8E4M3FN> -> !pto.tile<vec, 2x256xf4E2M1FN>
  return
}

// ND <-> DN (both non-boxed) and boxed <-> boxed, in other locations.
// CHECK-LABEL: func.func @layouts
// CHECK: pto.treshape %arg0 : !pto.tile_buf<mat, 16x16xf16> -> !pto.tile_buf<mat, 16x16xf16, blayout=col_major>
// CHECK: pto.treshape %arg1 : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major> -> !pto.tile_buf<mat, 32x16xf16, blayout=col_major, slayout=row_major>
func.func @layouts(%a: !pto.tile_buf<mat, 16x16xf16>, %b: !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>) {
  %0 = pto.treshape %a : !pto.tile_buf<mat, 16x16xf16> -> !pto.tile_buf<mat, 16x16xf16, blayout=col_major>
  %1 = pto.treshape %b : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major> -> !pto.tile_buf<mat, 32x16xf16, blayout=col_major, slayout=row_major>
  return
}

// A view has no memory effects: unused, it is dead code, and two equal views
// are one even across a write to their source (a view reads nothing; its
// users do). The copy writes its outs and stays.
// EFFECTS-LABEL: func.func @effects
// EFFECTS-NEXT: %[[V:.*]] = pto.treshape %arg0 : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
// EFFECTS-NEXT: pto.tor ins(%arg0, %arg0 : {{.*}}) outs(%arg0 : {{.*}})
// EFFECTS-NEXT: pto.tor ins(%[[V]], %[[V]] : {{.*}}) outs(%arg1 : {{.*}})
// EFFECTS-NEXT: pto.treshape ins(%arg0 : !pto.tile_buf<vec, 16x16xi32>) outs(%arg1 : !pto.tile_buf<vec, 8x32xi32>)
// EFFECTS-NEXT: return
func.func @effects(%src: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 8x32xi32>, %t: !pto.tile<vec, 16x16xi32>) {
  %unused_view = pto.treshape %src : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
  %unused_value = pto.treshape %t : !pto.tile<vec, 16x16xi32> -> !pto.tile<vec, 8x32xi32>
  %v0 = pto.treshape %src : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
  pto.tor ins(%src, %src : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%src : !pto.tile_buf<vec, 16x16xi32>)
  %v1 = pto.treshape %src : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
  pto.tor ins(%v0, %v1 : !pto.tile_buf<vec, 8x32xi32>, !pto.tile_buf<vec, 8x32xi32>) outs(%dst : !pto.tile_buf<vec, 8x32xi32>)
  pto.treshape ins(%src : !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 8x32xi32>)
  return
}
