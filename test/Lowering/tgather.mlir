// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.

// CHECK: module attributes {pto_host.errors = []} {

// The index form: over dst's valid region, the index widened with its sign
// and compared unsigned with src's rows * cols (a negative one is huge), the
// element at its flat position loaded from a clamped index, 0 selected
// outside (pto-isa's cpu/TGather.hpp:103-105).
// CHECK-LABEL: func.func private @tgather_op(
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: %[[COUNT:.*]] = arith.constant 128 : i64
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[RAW:.*]] = memref.load %{{.*}} : memref<2x32xi32, strided<[32, 1]>>
// CHECK: %[[WIDE:.*]] = arith.extsi %[[RAW]] : i32 to i64
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[WIDE]], %[[COUNT]] : i64
// CHECK: %[[FLAT:.*]] = arith.select %[[IN]], %[[WIDE]], %{{.*}} : i64
// CHECK: arith.index_castui %[[FLAT]] : i64 to index
// CHECK-DAG: arith.remui
// CHECK-DAG: arith.divui
// CHECK: %[[V:.*]] = memref.load %{{.*}} : memref<4x32xf16, strided<[32, 1]>>
// CHECK: %[[OUT:.*]] = arith.select %[[IN]], %[[V]], %[[ZERO]] : f16
// CHECK: memref.store %[[OUT]], %{{.*}} : memref<2x32xf16, strided<[32, 1]>>

// The mask form: the kept columns j * 4 + 1 of each valid row of src, their
// bits stored one after another into dst's flat storage at r * kept + j.
// CHECK-LABEL: func.func private @tgather_op_0(
// CHECK: arith.maxui
// CHECK: %[[KEPT:.*]] = arith.divui
// CHECK: %[[STREAM:.*]] = memref.view %{{.*}} : memref<128xi8> to memref<64xi16>
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[KEPT]] step
// CHECK: %[[V2:.*]] = memref.load %{{.*}} : memref<4x32xf16, strided<[32, 1]>>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[V2]] : f16 to i16
// CHECK: %[[ROW:.*]] = arith.muli %[[R]], %[[KEPT]] : index
// CHECK: %[[K:.*]] = arith.addi %[[ROW]], %[[J]] : index
// CHECK: memref.store %[[BITS]], %[[STREAM]][%[[K]]] : memref<64xi16>
func.func @gather(%s: !pto.tile_buf<vec, 4x32xf16>, %i: !pto.tile_buf<vec, 2x32xi32>, %t: !pto.tile_buf<vec, 2x32xi32>, %d: !pto.tile_buf<vec, 2x32xf16>, %m: !pto.tile_buf<vec, 2x32xi16>) {
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 4x32xf16>, !pto.tile_buf<vec, 2x32xi32>, !pto.tile_buf<vec, 2x32xi32>) outs(%d : !pto.tile_buf<vec, 2x32xf16>)
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0010>} : !pto.tile_buf<vec, 4x32xf16>) outs(%m : !pto.tile_buf<vec, 2x32xi16>)
  return
}
