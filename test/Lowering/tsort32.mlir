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
// The keys' 64-bit lanes are joined from their two 32-bit words as
// vpunpckldq/vpunpckhdq put them (the sort does not depend on the order).
// CHECK: %[[WORDS:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 32, 1, 33, 4, 36, 5, 37, 2, 34, 3, 35, 6, 38, 7, 39, 8, 40,
// CHECK-NEXT: %[[KEYS:.*]] = vector.bitcast %[[WORDS]] : vector<64xi32> to vector<32xi64>
// CHECK-NEXT: %[[BIAS:.*]] = arith.constant dense<1157425104234217472> : vector<32xi64>
// CHECK-NEXT: %[[BIASED:.*]] = arith.addi %[[KEYS]], %[[BIAS]] : vector<32xi64>
// CHECK-NEXT: %[[D:.*]] = arith.bitcast %[[BIASED]] : vector<32xi64> to vector<32xf64>
// The first stage pairs elements 2m and 2m + 1: on the transposed layout
// (4 doubles per register) the same lane of registers 2r and 2r + 1, so
// the larger-keeping side X and its partners Y are whole registers, max
// and min take half the block each, and the way back interleaves them.
// CHECK-NEXT: %[[X:.*]] = vector.shuffle %[[D]], %[[D]] [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<32xf64>, vector<32xf64>
// CHECK-NEXT: %[[Y:.*]] = vector.shuffle %[[D]], %[[D]] [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<32xf64>, vector<32xf64>
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : vector<16xf64>
// CHECK-NEXT: %[[MAX:.*]] = arith.select %[[GT]], %[[X]], %[[Y]] : vector<16xi1>, vector<16xf64>
// CHECK-NEXT: %[[MIN:.*]] = arith.select %[[GT]], %[[Y]], %[[X]] : vector<16xi1>, vector<16xf64>
// CHECK-NEXT: vector.shuffle %[[MAX]], %[[MIN]] [0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23, 8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31] : vector<16xf64>, vector<16xf64>
// CHECK-COUNT-14: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<16xf64>
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

// Hardware form, 16-bit: one sort of i32 keys (value key, the idx's 11
// bits from the highest one in which the block's ids differ, complemented
// lane: the shift from an or-reduction and ctlz) by vector max/min; a block
// whose ties those bits cannot order (a compare of sorted neighbours) is
// sorted again exactly (scf.if: by idx and lane as doubles, then by the
// page form's keys); otherwise the values and ids follow the sorted lanes
// by register-wise permutations (extracts by index within 8 lanes). The
// records of 4 columns [value, 0, idx low, idx high] are interleaved into
// one vector and stored at block start * 4; dynamic extents are checked at
// run time.
// CHECK-LABEL: func.func private @tsort32_op_0(
// CHECK: scf.if
// CHECK: %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<32xi1>
// CHECK: %[[SRC:.*]] = vector.maskedload {{.*}} vector<32xf16> into vector<32xf16>
// CHECK: %[[ID:.*]] = vector.maskedload {{.*}} vector<32xi32> into vector<32xi32>
// CHECK: %[[SPREAD:.*]] = vector.reduction <or>, %{{.*}} : vector<32xi32> into i32
// CHECK-NEXT: math.ctlz %[[SPREAD]] : i32
// CHECK-COUNT-15: arith.cmpi sgt, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK-COUNT-3: arith.minui %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK-NEXT: %[[LANE:.*]] = arith.constant dense<32> : vector<8xi32>
// CHECK-NEXT: %[[BELOW:.*]] = arith.cmpi ult, %{{.*}}, %[[LANE]] : vector<8xi32>
// CHECK-NEXT: %[[TIED:.*]] = vector.reduction <or>, %[[BELOW]] : vector<8xi1> into i1
// CHECK: %[[SORTED:.*]]:2 = scf.if %{{.*}} -> (vector<32xf16>, vector<32xi32>) {
// CHECK-COUNT-15: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<16xf64>
// CHECK-COUNT-15: arith.cmpi sgt, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: } else {
// CHECK: vector.from_elements {{.*}} : vector<8xi32>
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: vector.gather
// CHECK-NOT: vector.scatter
// CHECK-NOT: memref.alloca
// CHECK: %[[IDS:.*]] = vector.bitcast %[[SORTED]]#1 : vector<32xi32> to vector<64xf16>
// CHECK: %[[PAIRS:.*]] = vector.shuffle %[[SORTED]]#0, %{{.*}} [0, 32, 1, 33,
// CHECK-NEXT: %[[RECORDS:.*]] = vector.shuffle %[[PAIRS]], %[[IDS]] [0, 1, 64, 65, 2, 3, 66, 67,
// CHECK: vector.maskedstore {{.*}}, %[[RECORDS]] : memref<1x128xf16, strided<[128, 1]>>, vector<128xi1>, vector<128xf16>
// CHECK: } else {
func.func @hardware(%s: !pto.tile_buf<vec, 1x32xf16, valid=1x?>, %i: !pto.tile_buf<vec, 1x32xui32, valid=1x?>,
                    %d: !pto.tile_buf<vec, 1x128xf16>) {
  // ERRORS-SAME: {kind = "sort_index_shape", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {ref = "src", tile = "idx"}, unsigned = []}, {kind = "records_exceed_cols", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {tile = "dst"}, unsigned = []}, {kind = "partial_sort_block", op = "'pto.tsort32' op at {{.*}}tsort32.mlir:[[#@LINE+1]]:3", text = {tile = "src"}, unsigned = []}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x32xf16, valid=1x?>, !pto.tile_buf<vec, 1x32xui32, valid=1x?>) outs(%d : !pto.tile_buf<vec, 1x128xf16>)
  // ERRORS-SAME: ]}
  return
}

// Hardware form, 32-bit: the same with 61-bit i64 keys holding 24 idx bits,
// biased into doubles; the tie check compares each key with the next in
// sorted order in the network's layout (mostly the same lane of the next
// register); the exact re-sort's second sort is the page form's (doubles).
// The sorted lanes are put in order by two-register shuffles of 8 words.
// No gather, scatter or stack buffer; one store of the interleaved records.
// CHECK-LABEL: func.func private @tsort32_op_1(
// CHECK-NOT: memref.alloca
// CHECK: vector.reduction <or>, %{{.*}} : vector<32xi32> into i32
// CHECK-NEXT: math.ctlz
// CHECK: %[[BIAS:.*]] = arith.constant dense<1157425104234217472> : vector<32xi64>
// CHECK-COUNT-15: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<16xf64>
// CHECK: %[[S:.*]] = arith.bitcast %{{.*}} : vector<32xf64> to vector<32xi64>
// CHECK-NEXT: %[[NEXT:.*]] = vector.shuffle %[[S]], %[[S]] [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 1, 2, 3, 27] : vector<32xi64>, vector<32xi64>
// CHECK-NEXT: %[[XOR:.*]] = arith.xori %[[S]], %[[NEXT]] : vector<32xi64>
// CHECK-NEXT: arith.bitcast %[[XOR]] : vector<32xi64> to vector<32xf64>
// CHECK-COUNT-8: vector.extract_strided_slice
// CHECK-COUNT-7: arith.cmpf olt, %{{.*}}, %{{.*}} : vector<4xf64>
// The lane's bits: keys equal above them are 2^5 apart at most (a denormal double).
// CHECK: %[[LANE:.*]] = arith.constant dense<1.581010e-322> : vector<4xf64>
// CHECK-NEXT: %[[BELOW:.*]] = arith.cmpf olt, %{{.*}}, %[[LANE]] : vector<4xf64>
// CHECK-NEXT: vector.reduction <or>, %[[BELOW]] : vector<4xi1> into i1
// CHECK: %[[SORTED:.*]]:2 = scf.if %{{.*}} -> (vector<32xf32>, vector<32xi32>) {
// CHECK-COUNT-30: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<16xf64>
// CHECK: } else {
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 8, 10, 4, 6, 12, 14] : vector<8xi32>, vector<8xi32>
// CHECK: vector.from_elements {{.*}} : vector<8xi32>
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: vector.gather
// CHECK-NOT: vector.scatter
// CHECK: %[[IDF:.*]] = vector.bitcast %[[SORTED]]#1 : vector<32xi32> to vector<32xf32>
// CHECK-NEXT: %[[RECORDS:.*]] = vector.shuffle %[[SORTED]]#0, %[[IDF]] [0, 32, 1, 33,
// CHECK: vector.maskedstore {{.*}}, %[[RECORDS]] : memref<2x128xf32, strided<[128, 1]>>, vector<64xi1>, vector<64xf32>
func.func @hardware32(%s: !pto.tile_buf<vec, 2x64xf32>, %i: !pto.tile_buf<vec, 2x64xui32>,
                      %d: !pto.tile_buf<vec, 2x128xf32>) {
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 2x64xf32>, !pto.tile_buf<vec, 2x64xui32>) outs(%d : !pto.tile_buf<vec, 2x128xf32>)
  return
}
