// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-std %s | FileCheck %s --check-prefix=ERRORS

// CHECK: module attributes {pto_host.errors = [{{.*}}]} {
// ERRORS: module attributes {pto_host.errors = [{kind = "mrgsort_block_len", op = "'pto.tmrgsort' op at {{.*}}", text = {tile = "src"}, unsigned = []}]}

// The lists form: one scf.while; each step loads every list's head (an
// unavailable list's at record 0), picks with `cmpf ogt` and selects,
// stores the record and moves the picked head; with exhausted the loop
// stops after a list is used up. Static extents: no run-time check.
// CHECK-LABEL: func.func private @tmrgsort_op(
// CHECK-NOT: scf.if
// CHECK: scf.while (%[[H0:.*]] = %{{.*}}, %[[H1:.*]] = %{{.*}}, %[[OUT:.*]] = %{{.*}}, %[[GO:.*]] = %true)
// CHECK: scf.condition
// CHECK: %[[A0:.*]] = arith.cmpi ult, %{{.*}}, %c32 : index
// CHECK: arith.select %[[A0]], %{{.*}}, %c0 : index
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
// CHECK: memref.store
// CHECK: memref.store
// CHECK: arith.xori %{{.*}}, %true{{.*}} : i1
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
