// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.

// Dynamic alloc_tile valid extents are checked at run time, one check per
// `?` extent, each against the type's rows / cols (unsigned: a negative
// extent fails too); the kernel then uses the extent, or 0 when it is out
// of range, so the ops after a failed check stay inside the buffer.
// CHECK: module attributes {pto_host.errors = [{kind = "valid_extent_out_of_range", op = "'pto.alloc_tile' op at {{.*}}buffers.mlir:[[#@LINE+19]]:8", text = {dim = "0"}, unsigned = []}, {kind = "valid_extent_out_of_range", op = "'pto.alloc_tile' op at {{.*}}buffers.mlir:[[#@LINE+19]]:8", text = {dim = "1"}, unsigned = []}]}
// CHECK-LABEL: func.func private @alloc_tile_op(
// CHECK-SAME: %[[R:arg[0-9]+]]: index, %[[C:arg[0-9]+]]: index, %{{.*}}: memref<7xi64>, %{{.*}}: i32)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[ROK:.*]] = arith.cmpi ule, %[[R]], %[[C1]] : index
// CHECK-NEXT: scf.if %[[ROK]] {
// CHECK-NEXT: %[[COK:.*]] = arith.cmpi ule, %[[C]], %[[C32]] : index
// CHECK-NEXT: scf.if %[[COK]] {
// CHECK-LABEL: func.func @k(
// CHECK-SAME: %[[R:arg[0-9]+]]: index, %[[C:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK: call @alloc_tile_op(%[[R]], %[[C]], %[[ERR]], %{{.*}})
// CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK: %[[ROK:.*]] = arith.cmpi ule, %[[R]], %{{.*}} : index
// CHECK: %[[VR:.*]] = arith.select %[[ROK]], %[[R]], %{{.*}} : index
// CHECK: %[[COK:.*]] = arith.cmpi ule, %[[C]], %{{.*}} : index
// CHECK: %[[VC:.*]] = arith.select %[[COK]], %[[C]], %{{.*}} : index
// CHECK: call @tor_op(%[[BUF]], %[[VR]], %[[VC]], %[[ERR]], %{{.*}})
func.func @k(%r: index, %c: index) {
  %t = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<vec, 1x32xi16, valid=?x?>
  pto.tor ins(%t, %t : !pto.tile_buf<vec, 1x32xi16, valid=?x?>, !pto.tile_buf<vec, 1x32xi16, valid=?x?>) outs(%t : !pto.tile_buf<vec, 1x32xi16, valid=?x?>)
  return
}
