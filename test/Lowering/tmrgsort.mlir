// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-std %s | FileCheck %s --check-prefix=ERRORS

// CHECK: module attributes {pto_host.errors = [{{.*}}]} {
// ERRORS: module attributes {pto_host.errors = [{kind = "mrgsort_block_len", op = "'pto.tmrgsort' op at {{.*}}", text = {tile = "src"}, unsigned = []}]}

// The lists form: one scf.while carrying each list's position and head
// record (as integers, selected without branches); each step loads every
// list's next record (an unavailable one's at record 0), compares the heads
// with `cmpf ogt`, picks one flag per list, stores the picked record and
// moves its list on; with exhausted the loop stops after a list is used
// up. Static extents: no run-time check.
// CHECK-LABEL: func.func private @tmrgsort_op(
// CHECK-NOT: scf.if
// CHECK: scf.while (%[[H0:.*]] = %c0, %[[H1:.*]] = %c0, %[[OUT:.*]] = %c0, %[[GO:.*]] = %true, %{{.*}}) : (index, index, index, i1, i32, i32, i32, i32)
// CHECK: scf.condition
// CHECK: memref.load
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK: memref.store
// CHECK: memref.store
// CHECK: arith.xori %{{.*}}, %true : i1
// CHECK: scf.yield
func.func @lists(%a: !pto.tile_buf<vec, 1x64xf32>, %b: !pto.tile_buf<vec, 1x64xf32>, %t: !pto.tile_buf<vec, 1x128xf32>, %d: !pto.tile_buf<vec, 1x128xf32>) {
  pto.tmrgsort ins(%a, %b, %t {exhausted = true} : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x128xf32>) outs(%d : !pto.tile_buf<vec, 1x128xf32>)
  return
}

// The single-list form with a dynamic blockLen: its check (tmrgsort_c7,
// c8), then a loop over the groups, each one 4-list merge of its blocks.
// CHECK-LABEL: func.func private @tmrgsort_op_0(
// CHECK: %[[LEN:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: arith.cmpi sgt, %[[LEN]], %c0 : index
// CHECK: scf.if
// CHECK: scf.for
// CHECK: scf.while
// CHECK-COUNT-3: arith.cmpf ogt
func.func @single(%s: !pto.tile_buf<vec, 1x256xf16>, %d: !pto.tile_buf<vec, 1x256xf16>, %n: i32) {
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf16>, i32) outs(%d : !pto.tile_buf<vec, 1x256xf16>)
  return
}
