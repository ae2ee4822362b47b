// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// The matmuls' lowering: rhs copied, widened, into a row-major scratch;
// then per row of dst a row of sums, one fused step per k over every j
// (each element's chain in k order; f16 inputs extended exactly, i8
// products summed in i32), then acc_in's element (read from dst, which it
// is) or bias's added.

// CHECK: module attributes {pto.target_arch = "a5", pto_host.errors = []} {
module attributes {pto.target_arch = "a5"} {
// CHECK-LABEL: func.func private @tmatmul_op(
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: memref.store {{.*}} : memref<32x16xf32, strided<[16, 1]>>
// CHECK: %[[A:.*]] = arith.extf {{.*}} : f16 to f32
// CHECK: scf.for
// CHECK: %[[B:.*]] = memref.load {{.*}} : memref<32x16xf32, strided<[16, 1]>>
// CHECK: %[[S:.*]] = memref.load {{.*}} : memref<1x16xf32, strided<[16, 1]>>
// CHECK: math.fma %[[A]], %[[B]], %[[S]] : f32
func.func @f16(%a: !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<right, 32x16xf16, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// CHECK-LABEL: func.func private @tmatmul.acc_op(
// CHECK: arith.extsi {{.*}} : i8 to i32
// CHECK: arith.extsi {{.*}} : i8 to i32
// CHECK: arith.muli {{.*}} : i32
// CHECK: arith.addi {{.*}} : i32
// CHECK: %[[SUM:.*]] = memref.load {{.*}} : memref<1x16xi32, strided<[16, 1]>>
// CHECK: %[[OLD:.*]] = memref.load
// CHECK: %[[NEW:.*]] = arith.addi %[[OLD]], %[[SUM]] : i32
// CHECK: memref.store %[[NEW]]
func.func @i8_acc(%a: !pto.tile_buf<left, 16x32xi8, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<right, 32x16xi8, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>) {
  pto.tmatmul.acc ins(%c, %a, %b : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xi8, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xi8, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}
}
