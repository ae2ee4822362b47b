// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-std %s | FileCheck %s --check-prefix=ERRORS

// CHECK: module attributes {pto_host.errors = [{{.*}}]} {
// ERRORS: module attributes {pto_host.errors = [

// Page form, f32: each 32-column block is one vector. Its keys (value key,
// complemented lane, sign and mantissa: i64 within +-2^60) are biased into
// positive doubles and sorted by a bitonic network of 15 compare-exchange
// stages; the sorted keys give back the columns and the values, stored
// with one masked vector store each: no gather, no scatter.
// CHECK-LABEL: func.func private @tsort32_op(
// CHECK-NOT: scf.if
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[START:.*]] = %{{.*}} to %[[C40:.*]] step %[[C32:.*]] {
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[C40]], %[[START]] : index
// CHECK-NEXT: %[[COUNT:.*]] = arith.minui %[[C32]], %[[LEFT]] : index
// CHECK-NEXT: %[[MASK:.*]] = vector.create_mask %[[COUNT]] : vector<32xi1>
// CHECK-NEXT: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : vector<32xf32>
// CHECK-NEXT: %[[V:.*]] = vector.maskedload %{{.*}}[%[[R]], %[[START]]], %[[MASK]], %[[NAN]] : memref<2x64xf32, strided<[64, 1]>>, vector<32xi1>, vector<32xf32> into vector<32xf32>
// CHECK: %[[BIAS:.*]] = arith.constant dense<1157425104234217472> : vector<32xi64>
// CHECK-NEXT: %[[BIASED:.*]] = arith.addi %{{.*}}, %[[BIAS]] : vector<32xi64>
// CHECK-NEXT: %[[D:.*]] = arith.bitcast %[[BIASED]] : vector<32xi64> to vector<32xf64>
// The first stage pairs elements 2m and 2m + 1: on the transposed layout
// (4 doubles per register) lanes 4 apart, in different registers.
// CHECK-NEXT: %[[P:.*]] = vector.shuffle %[[D]], %[[D]] [4, 5, 6, 7, 0, 1, 2, 3, 12,
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[D]], %[[P]] : vector<32xf64>
// CHECK-NEXT: %[[MAX:.*]] = arith.select %[[GT]], %[[D]], %[[P]] : vector<32xi1>, vector<32xf64>
// CHECK-NEXT: %[[MIN:.*]] = arith.select %[[GT]], %[[P]], %[[D]] : vector<32xi1>, vector<32xf64>
// CHECK-NEXT: %[[KEEP:.*]] = arith.constant dense<[true, true, true, true, false, false, false, false, true,
// CHECK-NEXT: arith.select %[[KEEP]], %[[MAX]], %[[MIN]] : vector<32xi1>, vector<32xf64>
// CHECK-COUNT-14: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<32xf64>
// The sorted elements back in order: element i sits at lane 4 * (i % 8) + i / 8.
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 8, 12, 16, 20, 24, 28, 1, 5,
// CHECK-NOT: vector.gather
// CHECK-NOT: vector.scatter
// CHECK: vector.maskedstore %{{.*}}[%[[R]], %[[START]]], %{{.*}}, %{{.*}} : memref<2x64xf32, strided<[64, 1]>>, vector<32xi1>, vector<32xf32>
// CHECK-NEXT: %{{.*}} = vector.create_mask %[[COUNT]] : vector<32xi1>
// CHECK-NEXT: vector.maskedstore %{{.*}}[%[[R]], %[[START]]], %{{.*}}, %{{.*}} : memref<2x64xi32, strided<[64, 1]>>, vector<32xi1>, vector<32xi32>
func.func @page(%s: !pto.tile_buf<vec, 2x64xf32, valid=2x40>, %d: !pto.tile_buf<vec, 2x64xf32, valid=2x40>,
                %i: !pto.tile_buf<vec, 2x64xui32, valid=2x40>) {
  pto.tsort32 ins(%s : !pto.tile_buf<vec, 2x64xf32, valid=2x40>) outs(%d, %i : !pto.tile_buf<vec, 2x64xf32, valid=2x40>, !pto.tile_buf<vec, 2x64xui32, valid=2x40>)
  return
}

// Hardware form, 16-bit: the keys are (value key, complemented idx,
// complemented lane) in 53 bits, sorted as doubles; the sorted keys give the
// lanes and the ids, the values are gathered by lane. The records of 4
// columns [value, 0, idx low, idx high] are interleaved into one vector
// and stored at block start * 4; dynamic extents are checked at run time.
// CHECK-LABEL: func.func private @tsort32_op_0(
// CHECK: scf.if
// CHECK: %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<32xi1>
// CHECK: vector.maskedload {{.*}} vector<32xi32> into vector<32xi32>
// CHECK-COUNT-15: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<32xf64>
// CHECK-NOT: vector.scatter
// CHECK: %[[VALUES:.*]] = vector.gather %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}], %[[MASK]], %{{.*}} : memref<1x32xf16, strided<[32, 1]>>, vector<32xi32>, vector<32xi1>, vector<32xf16> into vector<32xf16>
// CHECK-NEXT: %[[IDS:.*]] = vector.bitcast %{{.*}} : vector<32xi32> to vector<64xf16>
// CHECK: %[[PAIRS:.*]] = vector.shuffle %[[VALUES]], %{{.*}} [0, 32, 1, 33,
// CHECK-NEXT: %[[RECORDS:.*]] = vector.shuffle %[[PAIRS]], %[[IDS]] [0, 1, 64, 65, 2, 3, 66, 67,
// CHECK: vector.maskedstore {{.*}}, %[[RECORDS]] : memref<1x128xf16, strided<[128, 1]>>, vector<128xi1>, vector<128xf16>
// CHECK: } else {
func.func @hardware(%s: !pto.tile_buf<vec, 1x32xf16, valid=1x?>, %i: !pto.tile_buf<vec, 1x32xui32, valid=1x?>,
                    %d: !pto.tile_buf<vec, 1x128xf16>) {
  // ERRORS-SAME: {kind = "valid_shape_mismatch", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {ref = "src", tile = "idx"}, unsigned = []}, {kind = "records_exceed_cols", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {tile = "dst"}, unsigned = []}, {kind = "partial_sort_block", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {tile = "src"}, unsigned = []}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x32xf16, valid=1x?>, !pto.tile_buf<vec, 1x32xui32, valid=1x?>) outs(%d : !pto.tile_buf<vec, 1x128xf16>)
  // ERRORS-SAME: ]}
  return
}

// Hardware form, 32-bit: value key, idx and lane take 69 bits, so two
// sorts of doubles: by (complemented idx, complemented lane), then the
// values in that order (a stack buffer and a gather) by the page form's
// keys; the ids follow through the first order (another buffer and gather).
// No scatter; one store of the interleaved records.
// CHECK-LABEL: func.func private @tsort32_op_1(
// CHECK-NEXT: %[[IDBUF:.*]] = memref.alloca() : memref<32xi32>
// CHECK-NEXT: %[[VALBUF:.*]] = memref.alloca() : memref<32xf32>
// CHECK-COUNT-15: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<32xf64>
// CHECK: vector.store %{{.*}}, %[[VALBUF]][%{{.*}}] : memref<32xf32>, vector<32xf32>
// CHECK: vector.gather %[[VALBUF]]
// CHECK-COUNT-15: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<32xf64>
// CHECK-NOT: vector.scatter
// CHECK: %[[VALUES:.*]] = arith.bitcast %{{.*}} : vector<32xi32> to vector<32xf32>
// CHECK: vector.store %{{.*}}, %[[IDBUF]][%{{.*}}] : memref<32xi32>, vector<32xi32>
// CHECK: %[[IDS:.*]] = vector.gather %[[IDBUF]]
// CHECK-NEXT: %[[IDF:.*]] = vector.bitcast %[[IDS]] : vector<32xi32> to vector<32xf32>
// CHECK-NEXT: %[[RECORDS:.*]] = vector.shuffle %[[VALUES]], %[[IDF]] [0, 32, 1, 33,
// CHECK: vector.maskedstore {{.*}}, %[[RECORDS]] : memref<2x128xf32, strided<[128, 1]>>, vector<64xi1>, vector<64xf32>
func.func @hardware32(%s: !pto.tile_buf<vec, 2x64xf32>, %i: !pto.tile_buf<vec, 2x64xui32>,
                      %d: !pto.tile_buf<vec, 2x128xf32>) {
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 2x64xf32>, !pto.tile_buf<vec, 2x64xui32>) outs(%d : !pto.tile_buf<vec, 2x128xf32>)
  return
}
