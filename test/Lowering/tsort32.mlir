// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-std %s | FileCheck %s --check-prefix=ERRORS

// CHECK: module attributes {pto_host.errors = [{{.*}}]} {
// ERRORS: module attributes {pto_host.errors = [

// Page form: for each element, its rank in its 32-column block (the number
// of elements before it) places the value and its column.
// CHECK-LABEL: func.func private @tsort32_op(
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C40:.*]] = arith.constant 40 : index
// CHECK-NOT: scf.if
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[C:.*]] = %{{.*}} to %[[C40]] step
// CHECK-NEXT: %[[OFF:.*]] = arith.remui %[[C]], %[[C32]] : index
// CHECK-NEXT: %[[START:.*]] = arith.subi %[[C]], %[[OFF]] : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[START]], %[[C32]] : index
// CHECK-NEXT: %[[END:.*]] = arith.minui %[[NEXT]], %[[C40]] : index
// CHECK-NEXT: %[[V:.*]] = memref.load
// CHECK-NEXT: %[[ID:.*]] = arith.index_castui %[[C]] : index to i32
// CHECK-NEXT: %[[RANK:.*]] = scf.for %{{.*}} = %[[START]] to %[[END]] step %{{.*}} iter_args
// CHECK: arith.cmpf uno
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf oeq
// CHECK: scf.yield
// CHECK: %[[TO:.*]] = arith.addi %[[START]], %[[RANK]] : index
// CHECK-NEXT: memref.store %[[V]], %{{.*}}[%[[R]], %[[TO]]] : memref<2x64xf32, strided<[64, 1]>>
// CHECK-NEXT: memref.store %[[ID]], %{{.*}}[%[[R]], %[[TO]]] : memref<2x64xi32, strided<[64, 1]>>
func.func @page(%s: !pto.tile_buf<vec, 2x64xf32, valid=2x40>, %d: !pto.tile_buf<vec, 2x64xf32, valid=2x40>,
                %i: !pto.tile_buf<vec, 2x64xui32, valid=2x40>) {
  pto.tsort32 ins(%s : !pto.tile_buf<vec, 2x64xf32, valid=2x40>) outs(%d, %i : !pto.tile_buf<vec, 2x64xf32, valid=2x40>, !pto.tile_buf<vec, 2x64xui32, valid=2x40>)
  return
}

// Hardware form, 16-bit: records of 4 columns [value, 0, idx low, idx high]
// at (block start + rank) * 4; dynamic extents are checked at run time.
// CHECK-LABEL: func.func private @tsort32_op_0(
// CHECK: scf.if
// CHECK: %[[AT:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %[[AT]]] : memref<1x128xf16, strided<[128, 1]>>
// CHECK: %[[LOW:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK: %[[SHIFTED:.*]] = arith.shrui
// CHECK: %[[HIGH:.*]] = arith.trunci %[[SHIFTED]] : i32 to i16
// CHECK: %[[PAD:.*]] = arith.bitcast %{{.*}} : i16 to f16
// CHECK: memref.store %[[PAD]]
// CHECK: %[[LOWF:.*]] = arith.bitcast %[[LOW]] : i16 to f16
// CHECK: memref.store %[[LOWF]]
// CHECK: %[[HIGHF:.*]] = arith.bitcast %[[HIGH]] : i16 to f16
// CHECK: memref.store %[[HIGHF]]
// CHECK: } else {
func.func @hardware(%s: !pto.tile_buf<vec, 1x32xf16, valid=1x?>, %i: !pto.tile_buf<vec, 1x32xui32, valid=1x?>,
                    %d: !pto.tile_buf<vec, 1x128xf16>) {
  // ERRORS-SAME: {kind = "valid_shape_mismatch", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {ref = "src", tile = "idx"}, unsigned = []}, {kind = "records_exceed_cols", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {tile = "dst"}, unsigned = []}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x32xf16, valid=1x?>, !pto.tile_buf<vec, 1x32xui32, valid=1x?>) outs(%d : !pto.tile_buf<vec, 1x128xf16>)
  // ERRORS-SAME: ]}
  return
}
