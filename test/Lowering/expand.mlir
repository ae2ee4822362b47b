// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// The expand families' lowering: a row expand reads each operand at
// [r, c % its valid columns], folded where the extents are static (the
// full operand at [r, c], a column at [r, 0], a 32-byte block at
// [r, c % 8]); a column expand src1 at [0, c]; with `?` extents the run-time
// checks come first (row_expand_shape, then a divisor's zeros).

// CHECK: module attributes {pto_host.errors = [{kind = "row_expand_shape", op = "'pto.trowexpanddiv' op at {{.*}}expand.mlir:{{[0-9]+}}:3", text = {block = "8"}, unsigned = []}, {kind = "division_by_zero", op = "'pto.trowexpanddiv' op at {{.*}}expand.mlir:{{[0-9]+}}:3", text = {tile = "src1"}, unsigned = []}]} {

// CHECK-LABEL: func.func private @trowexpandmul_op(
// CHECK-NOT: scf.if
// CHECK: scf.for %[[R:.*]] = %c0 to %c16 step %c1 {
// CHECK-NEXT: scf.for %[[C:.*]] = %c0 to %c64 step %c1 {
// CHECK-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[R]], %[[C]]]
// CHECK-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[R]], %c0]
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[X]], %[[V]] : f32
// CHECK-NEXT: memref.store %[[P]], %{{.*}}[%[[R]], %[[C]]]
func.func @trowexpandmul(%a: !pto.tile_buf<vec, 16x64xf32>, %v: !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, %d: !pto.tile_buf<vec, 16x64xf32>) {
  pto.trowexpandmul ins(%a, %v : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// An expanded src0 keeps the operand order: block - full.
// CHECK-LABEL: func.func private @trowexpandsub_op(
// CHECK: scf.for %[[C:.*]] = %c0 to %c64 step %c1 {
// CHECK-NEXT: %[[K:.*]] = arith.remui %[[C]], %c8 : index
// CHECK-NEXT: %[[B:.*]] = memref.load %{{.*}}[%{{.*}}, %[[K]]]
// CHECK-NEXT: %[[A:.*]] = memref.load %{{.*}}[%{{.*}}, %[[C]]]
// CHECK-NEXT: arith.subf %[[B]], %[[A]] : f32
func.func @trowexpandsub_block(%k: !pto.tile_buf<vec, 16x8xf32>, %a: !pto.tile_buf<vec, 16x64xf32>, %d: !pto.tile_buf<vec, 16x64xf32>) {
  pto.trowexpandsub ins(%k, %a : !pto.tile_buf<vec, 16x8xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// `?` extents: the shape check, then src1's read region (its valid rows by
// at most dst's valid columns) scanned for a zero, then the loops.
// CHECK-LABEL: func.func private @trowexpanddiv_op(
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: %[[COLS:.*]] = arith.minui
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %[[COLS]]
// CHECK: arith.cmpf oeq
// CHECK: scf.if
// CHECK: arith.remui
// CHECK: arith.remui
// CHECK: arith.divf
func.func @trowexpanddiv_dynamic(%a: !pto.tile_buf<vec, 16x64xf32, valid=?x?>, %v: !pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=?x?>, %d: !pto.tile_buf<vec, 16x64xf32, valid=?x?>) {
  pto.trowexpanddiv ins(%a, %v : !pto.tile_buf<vec, 16x64xf32, valid=?x?>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=?x?>) outs(%d : !pto.tile_buf<vec, 16x64xf32, valid=?x?>)
  return
}

// src1's row 0 for every row; expdif: the f16 difference, exp in f64,
// rounded once back to f16 (through f32 rounded to odd).
// CHECK-LABEL: func.func private @tcolexpandexpdif_op(
// CHECK-NOT: scf.if
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %[[C:.*]]] : memref<16x64xf16
// CHECK-NEXT: %[[G:.*]] = memref.load %{{.*}}[%c0, %[[C]]] : memref<1x64xf16
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[X]], %[[G]] : f16
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[D]] : f16 to f64
// CHECK-NEXT: math.exp %[[W]] : f64
func.func @tcolexpandexpdif(%a: !pto.tile_buf<vec, 16x64xf16>, %g: !pto.tile_buf<vec, 1x64xf16>, %d: !pto.tile_buf<vec, 16x64xf16>) {
  pto.tcolexpandexpdif ins(%a, %g : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 1x64xf16>) outs(%d : !pto.tile_buf<vec, 16x64xf16>)
  return
}
