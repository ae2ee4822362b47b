// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-llvm %s | FileCheck %s --check-prefix=LLVM --implicit-check-not=pto.

// One message per run-time check; the error slot holds its index + 1.
// CHECK: module attributes {pto_host.errors = ["'pto.tor' op at {{.*}}tor.mlir:{{[0-9]+}}:3: valid shapes of src0, src1 and dst differ"]}

// Static valid shapes: no run-time check, loops over the valid region.
// CHECK-LABEL: func.func @tor_static(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<1024xi8>, %[[B:arg[0-9]+]]: memref<1024xi8>, %[[D:arg[0-9]+]]: memref<1024xi8>, %[[ERR:arg[0-9]+]]: memref<1xi32>)
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

// LLVM: module attributes {pto_host.errors = ["{{.*}}"]}
// LLVM-LABEL: llvm.func @tor_static(
// LLVM-SAME: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// LLVM: llvm.or %{{.*}}, %{{.*}} : i16
func.func @tor_static(%a: !pto.tile_buf<vec, 16x32xi16, valid=16x20>,
                      %b: !pto.tile_buf<vec, 16x32xi16, valid=16x20>,
                      %d: !pto.tile_buf<vec, 16x32xi16, valid=16x20>) {
  pto.tor ins(%a, %b : !pto.tile_buf<vec, 16x32xi16, valid=16x20>, !pto.tile_buf<vec, 16x32xi16, valid=16x20>) outs(%d : !pto.tile_buf<vec, 16x32xi16, valid=16x20>)
  return
}

// Dynamic extents arrive as index arguments right after their buffer and
// are compared at run time; a mismatch stores check code 1 in the error slot.
// CHECK-LABEL: func.func @tor_dynamic(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<2048xi8>, %[[AR:arg[0-9]+]]: index, %[[AC:arg[0-9]+]]: index, %[[D:arg[0-9]+]]: memref<2048xi8>, %[[DC:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<1xi32>)
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [32, 64], strides: [64, 1]
// CHECK-DAG: arith.cmpi eq, %[[AR]], %[[C32]] : index
// CHECK-DAG: arith.cmpi eq, %[[AC]], %[[DC]] : index
// CHECK: %[[OK:.*]] = arith.andi
// CHECK: scf.if %[[OK]] {
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C32]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[DC]]
// CHECK: arith.ori %{{.*}}, %{{.*}} : i8
// CHECK: } else {
// CHECK: %[[OLD:.*]] = memref.load %[[ERR]]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]]
// CHECK: %[[NEW:.*]] = arith.select %[[FIRST]], %{{.*}}, %[[OLD]] : i32
// CHECK: memref.store %[[NEW]], %[[ERR]]
// CHECK: }
func.func @tor_dynamic(%a: !pto.tile_buf<vec, 32x64xui8, valid=?x?>,
                       %d: !pto.tile_buf<vec, 32x64xui8, valid=32x?>) {
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 32x64xui8, valid=?x?>, !pto.tile_buf<vec, 32x64xui8, valid=?x?>) outs(%d : !pto.tile_buf<vec, 32x64xui8, valid=32x?>)
  return
}

// Allocations become aligned, zero-filled heap buffers freed at the end of
// their block; a placement means nothing on the host and disappears; a
// buffer compared with itself needs no check.
// CHECK-LABEL: func.func @tor_alloc(
// CHECK-SAME: %[[N:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<1xi32>)
// CHECK: %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: scf.for %[[I:.*]] = %{{.*}} to %[[C64]]
// CHECK-NEXT: memref.store %[[ZERO]], %[[T]][%[[I]]] : memref<64xi8>
// CHECK-NOT: scf.if
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]]
// CHECK: memref.dealloc %[[T]] : memref<64xi8>
// CHECK-NEXT: return
func.func @tor_alloc(%n: index) {
  %t = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 1x32xi16, valid=1x?>
  pto.tassign %t, @tile(0x0)
  pto.tor ins(%t, %t : !pto.tile_buf<vec, 1x32xi16, valid=1x?>, !pto.tile_buf<vec, 1x32xi16, valid=1x?>) outs(%t : !pto.tile_buf<vec, 1x32xi16, valid=1x?>)
  return
}

// A DN (column-major) buffer is viewed with column-major strides.
// CHECK-LABEL: func.func @dn_argument(
// CHECK-SAME: %{{.*}}: memref<8192xi8>, %{{.*}}: memref<1xi32>)
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [32, 64], strides: [1, 32] : memref<2048xf32> to memref<32x64xf32, strided<[1, 32]>>
func.func @dn_argument(%t: !pto.tile_buf<vec, 32x64xf32, blayout=col_major>) {
  return
}
