// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-std %s | FileCheck %s --check-prefix=ERRORS
// RUN: pto-opt --pto-to-llvm %s | FileCheck %s --check-prefix=LLVM --implicit-check-not=pto.

// One entry per run-time check and call site: the failure kind, the op and
// its location, the text fields of the kind's message; the error slot holds
// its index + 1, then the values the check reports.
// CHECK: module attributes {pto_host.errors = [{{.*}}]} {
// ERRORS: module attributes {pto_host.errors = [

// Each op becomes a call of a private function that holds its loops (the
// kernel stays one block); LLVM must not inline it back.
// Static valid shapes: no run-time check, loops over the valid region.
// CHECK-LABEL: func.func private @tor_op(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<1024xi8>, %[[B:arg[0-9]+]]: memref<1024xi8>, %[[D:arg[0-9]+]]: memref<1024xi8>, %[[ERR:arg[0-9]+]]: memref<7xi64>, %[[BASE:arg[0-9]+]]: i32) attributes {passthrough = ["noinline"]}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C20:.*]] = arith.constant 20 : index
// CHECK: %[[AF:.*]] = memref.view %[[A]][%[[C0]]][] : memref<1024xi8> to memref<512xi16>
// CHECK: %[[AV:.*]] = memref.reinterpret_cast %[[AF]] to offset: [0], sizes: [16, 32], strides: [32, 1]
// CHECK: %[[BV:.*]] = memref.reinterpret_cast
// CHECK: %[[DV:.*]] = memref.reinterpret_cast
// CHECK-NOT: scf.if
// CHECK: scf.for %[[R:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT: scf.for %[[C:.*]] = %[[C0]] to %[[C20]] step %[[C1]] {
// CHECK-NEXT: %[[X:.*]] = memref.load %[[AV]][%[[R]], %[[C]]] : memref<16x32xi16, strided<[32, 1]>>
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[BV]][%[[R]], %[[C]]]
// CHECK-NEXT: %[[O:.*]] = arith.ori %[[X]], %[[Y]] : i16
// CHECK-NEXT: memref.store %[[O]], %[[DV]][%[[R]], %[[C]]]
// CHECK: return
// CHECK-LABEL: func.func @tor_static(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<1024xi8>, %[[B:arg[0-9]+]]: memref<1024xi8>, %[[D:arg[0-9]+]]: memref<1024xi8>, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK-NEXT: %[[NOCHECKS:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @tor_op(%[[A]], %[[B]], %[[D]], %[[ERR]], %[[NOCHECKS]])
// CHECK-NEXT: return

// LLVM: module attributes {pto_host.errors = [{kind = {{.*}}}]}
// LLVM-LABEL: llvm.func @tor_op(
// LLVM-SAME: attributes {passthrough = ["noinline"], sym_visibility = "private"}
// LLVM: llvm.or %{{.*}}, %{{.*}} : i16
// LLVM-LABEL: llvm.func @tor_static(
// LLVM-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// LLVM: llvm.call @tor_op(
func.func @tor_static(%a: !pto.tile_buf<vec, 16x32xi16, valid=16x20>,
                      %b: !pto.tile_buf<vec, 16x32xi16, valid=16x20>,
                      %d: !pto.tile_buf<vec, 16x32xi16, valid=16x20>) {
  pto.tor ins(%a, %b : !pto.tile_buf<vec, 16x32xi16, valid=16x20>, !pto.tile_buf<vec, 16x32xi16, valid=16x20>) outs(%d : !pto.tile_buf<vec, 16x32xi16, valid=16x20>)
  return
}

// Dynamic extents arrive as index arguments right after their buffer, are
// passed on to the op's function and compared there at run time; a
// mismatch stores code base + 1 in the error slot.
// CHECK-LABEL: func.func private @tor_op_0(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<2048xi8>, %[[AR:arg[0-9]+]]: index, %[[AC:arg[0-9]+]]: index, %[[D:arg[0-9]+]]: memref<2048xi8>, %[[DC:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>, %[[BASE:arg[0-9]+]]: i32)
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [32, 64], strides: [64, 1]
// CHECK-DAG: arith.cmpi eq, %[[C32]], %[[AR]] : index
// CHECK-DAG: arith.cmpi eq, %[[DC]], %[[AC]] : index
// CHECK: %[[OK:.*]] = arith.andi
// CHECK: scf.if %[[OK]] {
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C32]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[DC]]
// CHECK: arith.ori %{{.*}}, %{{.*}} : i8
// CHECK: } else {
// CHECK: %[[OLD:.*]] = memref.load %[[ERR]][%[[C0:.*]]] : memref<7xi64>
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]], %{{.*}} : i64
// CHECK: scf.if %[[FIRST]] {
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[SUM:.*]] = arith.addi %[[BASE]], %[[ONE]] : i32
// CHECK: %[[CODE:.*]] = arith.extui %[[SUM]] : i32 to i64
// CHECK: memref.store %[[CODE]], %[[ERR]][%[[C0]]]
// The values of valid_shape_mismatch: dst's valid shape, then src0's.
// CHECK: %[[V1:.*]] = arith.index_cast %[[C32]] : index to i64
// CHECK: memref.store %[[V1]], %[[ERR]][%[[C1:.*]]]
// CHECK: %[[V2:.*]] = arith.index_cast %[[DC]] : index to i64
// CHECK: memref.store %[[V2]], %[[ERR]][%[[C2:.*]]]
// CHECK: %[[V3:.*]] = arith.index_cast %[[AR]] : index to i64
// CHECK: memref.store %[[V3]], %[[ERR]][%[[C3:.*]]]
// CHECK: %[[V4:.*]] = arith.index_cast %[[AC]] : index to i64
// CHECK: memref.store %[[V4]], %[[ERR]][%[[C4:.*]]]
// CHECK: }
// CHECK: }
// CHECK-LABEL: func.func @tor_dynamic(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<2048xi8>, %[[AR:arg[0-9]+]]: index, %[[AC:arg[0-9]+]]: index, %[[D:arg[0-9]+]]: memref<2048xi8>, %[[DC:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK-NEXT: %[[BASE:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @tor_op_0(%[[A]], %[[AR]], %[[AC]], %[[D]], %[[DC]], %[[ERR]], %[[BASE]])
func.func @tor_dynamic(%a: !pto.tile_buf<vec, 32x64xui8, valid=?x?>,
                       %d: !pto.tile_buf<vec, 32x64xui8, valid=32x?>) {
  // ERRORS-SAME: {kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}tor.mlir:[[#@LINE+1]]:3", text = {ref = "src0", tile = "dst"}, unsigned = []}
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 32x64xui8, valid=?x?>, !pto.tile_buf<vec, 32x64xui8, valid=?x?>) outs(%d : !pto.tile_buf<vec, 32x64xui8, valid=32x?>)
  return
}

// Allocations become aligned, zero-filled heap buffers freed at the end of
// their block; a placement means nothing on the host and disappears; a
// buffer compared with itself needs no check. Another tile type makes
// another function; the code base counts the checks before the call, here
// the allocation's check of its `?` extent (test/Lowering/buffers.mlir).
// The zero fill is a call of one function per buffer size: a loop in the
// kernel would make scf-to-cf quadratic in the number of allocations.
// CHECK-LABEL: func.func private @zero_fill(
// CHECK-SAME: %[[B:arg[0-9]+]]: memref<64xi8>) {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: scf.for %[[I:.*]] = %{{.*}} to %[[C64]]
// CHECK-NEXT: memref.store %[[ZERO]], %[[B]][%[[I]]] : memref<64xi8>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @tor_op_1(
// CHECK-SAME: %{{.*}}: memref<64xi8>, %[[N:arg[0-9]+]]: index, %{{.*}}: memref<7xi64>, %{{.*}}: i32)
// CHECK-NOT: scf.if
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]]
// CHECK-LABEL: func.func @tor_alloc(
// CHECK-SAME: %[[N:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// The code bases are constants at the start of the kernel.
// CHECK-DAG: %[[CHECKBASE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[BASE:.*]] = arith.constant 2 : i32
// CHECK: call @alloc_tile_op(%[[N]], %[[ERR]], %[[CHECKBASE]])
// CHECK-NEXT: %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT: call @zero_fill(%[[T]]) : (memref<64xi8>) -> ()
// CHECK: %[[VALID:.*]] = arith.select %{{.*}}, %[[N]], %{{.*}} : index
// CHECK-NEXT: call @tor_op_1(%[[T]], %[[VALID]], %[[ERR]], %[[BASE]])
// CHECK-NEXT: memref.dealloc %[[T]] : memref<64xi8>
// CHECK-NEXT: return
func.func @tor_alloc(%n: index) {
  // ERRORS-SAME: , {kind = "valid_extent_out_of_range", op = "'pto.alloc_tile' op at {{.*}}tor.mlir:[[#@LINE+1]]:8", text = {dim = "1"}, unsigned = []}
  %t = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 1x32xi16, valid=1x?>
  pto.tor ins(%t, %t : !pto.tile_buf<vec, 1x32xi16, valid=1x?>, !pto.tile_buf<vec, 1x32xi16, valid=1x?>) outs(%t : !pto.tile_buf<vec, 1x32xi16, valid=1x?>)
  return
}

// Ops that differ only in their buffers share one function; each call site
// has its own checks (its location) and code base: two checks each here,
// src1 and dst against src0.
// CHECK-LABEL: func.func private @tor_op_2(
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @shared(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<64xi8>, %[[AC:arg[0-9]+]]: index, %[[B:arg[0-9]+]]: memref<64xi8>, %[[C:arg[0-9]+]]: memref<64xi8>, %[[CC:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK-DAG: %[[FIRST:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[SECOND:.*]] = arith.constant 4 : i32
// CHECK: call @tor_op_2(%[[A]], %[[AC]], %[[B]], %[[C]], %[[CC]], %[[ERR]], %[[FIRST]])
// CHECK-NEXT: call @tor_op_2(%[[C]], %[[CC]], %[[B]], %[[A]], %[[AC]], %[[ERR]], %[[SECOND]])
// CHECK-NEXT: return
func.func @shared(%a: !pto.tile_buf<vec, 1x16xi32, valid=1x?>, %b: !pto.tile_buf<vec, 1x16xi32, valid=1x8>,
                  %c: !pto.tile_buf<vec, 1x16xi32, valid=1x?>) {
  // ERRORS-SAME: , {kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}tor.mlir:[[#@LINE+1]]:3", text = {ref = "src0", tile = "src1"}, unsigned = []}, {kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}tor.mlir:[[#@LINE+1]]:3", text = {ref = "src0", tile = "dst"}, unsigned = []}
  pto.tor ins(%a, %b : !pto.tile_buf<vec, 1x16xi32, valid=1x?>, !pto.tile_buf<vec, 1x16xi32, valid=1x8>) outs(%c : !pto.tile_buf<vec, 1x16xi32, valid=1x?>)
  // ERRORS-SAME: , {kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}tor.mlir:[[#@LINE+1]]:3", text = {ref = "src0", tile = "src1"}, unsigned = []}, {kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}tor.mlir:[[#@LINE+1]]:3", text = {ref = "src0", tile = "dst"}, unsigned = []}
  pto.tor ins(%c, %b : !pto.tile_buf<vec, 1x16xi32, valid=1x?>, !pto.tile_buf<vec, 1x16xi32, valid=1x8>) outs(%a : !pto.tile_buf<vec, 1x16xi32, valid=1x?>)
  // ERRORS-SAME: ]}
  return
}

// A function of the user's keeps its name; the op function that would have
// had it takes the next free one.
// CHECK-LABEL: func.func private @tor_op_4(
// CHECK-LABEL: func.func @tor_op_3(
// CHECK: call @tor_op_4(
func.func @tor_op_3(%a: !pto.tile_buf<vec, 1x32xi8>) {
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 1x32xi8>, !pto.tile_buf<vec, 1x32xi8>) outs(%a : !pto.tile_buf<vec, 1x32xi8>)
  return
}
