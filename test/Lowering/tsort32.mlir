// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-std %s | FileCheck %s --check-prefix=ERRORS

// CHECK: module attributes {pto_host.errors = [{{.*}}]} {
// ERRORS: module attributes {pto_host.errors = [

// Page form: each 32-column block is one vector; its keys (integers that
// order as the values do) rank every lane with one compare per lane j, and
// the values and their columns are scattered to block start + rank.
// CHECK-LABEL: func.func private @tsort32_op(
// CHECK-NOT: scf.if
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[START:.*]] = %{{.*}} to %[[C40:.*]] step %[[C32:.*]] {
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[C40]], %[[START]] : index
// CHECK-NEXT: %[[COUNT:.*]] = arith.minui %[[C32]], %[[LEFT]] : index
// CHECK-NEXT: %[[MASK:.*]] = vector.create_mask %[[COUNT]] : vector<32xi1>
// CHECK-NEXT: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : vector<32xf32>
// CHECK-NEXT: %[[V:.*]] = vector.maskedload %{{.*}}[%[[R]], %[[START]]], %[[MASK]], %[[NAN]] : memref<2x64xf32, strided<[64, 1]>>, vector<32xi1>, vector<32xf32> into vector<32xf32>
// CHECK-NEXT: %[[BITS:.*]] = arith.bitcast %[[V]] : vector<32xf32> to vector<32xi32>
// CHECK-COUNT-32: arith.cmpi sgt, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: vector.scatter %{{.*}}[%[[R]], %[[START]]] [%[[RANK:.*]]], %[[MASK]], %[[V]] : memref<2x64xf32, strided<[64, 1]>>, vector<32xi32>, vector<32xi1>, vector<32xf32>
// CHECK-NEXT: vector.scatter %{{.*}}[%[[R]], %[[START]]] [%[[RANK]]], %[[MASK]], %{{.*}} : memref<2x64xi32, strided<[64, 1]>>, vector<32xi32>, vector<32xi1>, vector<32xi32>
func.func @page(%s: !pto.tile_buf<vec, 2x64xf32, valid=2x40>, %d: !pto.tile_buf<vec, 2x64xf32, valid=2x40>,
                %i: !pto.tile_buf<vec, 2x64xui32, valid=2x40>) {
  pto.tsort32 ins(%s : !pto.tile_buf<vec, 2x64xf32, valid=2x40>) outs(%d, %i : !pto.tile_buf<vec, 2x64xf32, valid=2x40>, !pto.tile_buf<vec, 2x64xui32, valid=2x40>)
  return
}

// Hardware form, 16-bit: the keys are (value key, complemented idx) as i64;
// records of 4 columns [value, 0, idx low, idx high] are scattered to
// (block start + rank) * 4; dynamic extents are checked at run time.
// CHECK-LABEL: func.func private @tsort32_op_0(
// CHECK: scf.if
// CHECK: %[[IDS:.*]] = vector.maskedload {{.*}} vector<32xi32> into vector<32xi32>
// CHECK: arith.ori %{{.*}}, %{{.*}} : vector<32xi64>
// CHECK-COUNT-32: arith.cmpi sgt, %{{.*}}, %{{.*}} : vector<32xi64>
// CHECK: %[[SHIFTED:.*]] = arith.shrui %[[IDS]]
// CHECK: %[[PAD:.*]] = arith.bitcast %{{.*}} : vector<32xi16> to vector<32xf16>
// CHECK: %[[LOW:.*]] = arith.trunci %[[IDS]] : vector<32xi32> to vector<32xi16>
// CHECK: %[[LOWF:.*]] = arith.bitcast %[[LOW]] : vector<32xi16> to vector<32xf16>
// CHECK: %[[HIGH:.*]] = arith.trunci %[[SHIFTED]] : vector<32xi32> to vector<32xi16>
// CHECK: %[[HIGHF:.*]] = arith.bitcast %[[HIGH]] : vector<32xi16> to vector<32xf16>
// CHECK: vector.scatter {{.*}} : memref<1x128xf16, strided<[128, 1]>>, vector<32xi32>, vector<32xi1>, vector<32xf16>
// CHECK: vector.scatter {{.*}}, %[[PAD]] : memref<1x128xf16
// CHECK: vector.scatter {{.*}}, %[[LOWF]] : memref<1x128xf16
// CHECK: vector.scatter {{.*}}, %[[HIGHF]] : memref<1x128xf16
// CHECK: } else {
func.func @hardware(%s: !pto.tile_buf<vec, 1x32xf16, valid=1x?>, %i: !pto.tile_buf<vec, 1x32xui32, valid=1x?>,
                    %d: !pto.tile_buf<vec, 1x128xf16>) {
  // ERRORS-SAME: {kind = "valid_shape_mismatch", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {ref = "src", tile = "idx"}, unsigned = []}, {kind = "records_exceed_cols", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {tile = "dst"}, unsigned = []}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x32xf16, valid=1x?>, !pto.tile_buf<vec, 1x32xui32, valid=1x?>) outs(%d : !pto.tile_buf<vec, 1x128xf16>)
  // ERRORS-SAME: ]}
  return
}
