// RUN: pto-opt --pto-to-std %s -split-input-file | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-llvm %s -split-input-file | FileCheck %s --check-prefix=LLVM --implicit-check-not=pto. --implicit-check-not=unrealized_conversion_cast

// Tile buffers through structured control flow and calls: MLIR's structural
// conversions carry a buffer's lowered values (its bytes, then one index per
// `?` valid extent) like any other values.

// The whole way down to the LLVM dialect, the lowered argument lists stay.
// LLVM: module attributes {pto_host.errors = [{kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:3", text = {ref = "src0", tile = "dst"}, unsigned = []}]}
// LLVM-LABEL: llvm.func @if_result(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i1, %{{.*}}: !llvm.ptr)
// LLVM: module attributes {pto_host.errors = [{kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:5", text = {ref = "src0", tile = "src1"}, unsigned = []}, {kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:5", text = {ref = "src0", tile = "dst"}, unsigned = []}]}
// LLVM-LABEL: llvm.func @for_iter_args(
// LLVM: module attributes {pto_host.errors = []}
// LLVM-LABEL: llvm.func @for_writes_argument(
// LLVM: module attributes {pto_host.errors = [{kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:5", text = {ref = "src0", tile = "src1"}, unsigned = []}, {kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:3", text = {ref = "src0", tile = "dst"}, unsigned = []}]}
// LLVM-LABEL: llvm.func @while_loop(
// LLVM: module attributes {pto_host.errors = []}
// LLVM-LABEL: llvm.func @inner(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// LLVM-LABEL: llvm.func @caller(
// LLVM: llvm.call @inner(

// A tile buffer yielded by scf.if: the if yields its bytes and both `?`
// extents, and the op after it reads the chosen ones. The calls' code bases
// are constants at the start of the function.
// CHECK: module attributes {pto_host.errors = [{kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:3", text = {ref = "src0", tile = "dst"}, unsigned = []}]}
// CHECK-LABEL: func.func @if_result(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<128xi8>, %[[AR:arg[0-9]+]]: index, %[[AC:arg[0-9]+]]: index, %[[B:arg[0-9]+]]: memref<128xi8>, %[[BR:arg[0-9]+]]: index, %[[BC:arg[0-9]+]]: index, %[[D:arg[0-9]+]]: memref<128xi8>, %[[DR:arg[0-9]+]]: index, %[[DC:arg[0-9]+]]: index, %[[P:arg[0-9]+]]: i1, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK-NEXT: %[[BASE:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[S:.*]]:3 = scf.if %[[P]] -> (memref<128xi8>, index, index) {
// CHECK-NEXT: scf.yield %[[A]], %[[AR]], %[[AC]] : memref<128xi8>, index, index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[B]], %[[BR]], %[[BC]] : memref<128xi8>, index, index
// CHECK-NEXT: }
// CHECK-NEXT: call @tor_op(%[[S]]#0, %[[S]]#1, %[[S]]#2, %[[D]], %[[DR]], %[[DC]], %[[ERR]], %[[BASE]])
// CHECK-NEXT: return
func.func @if_result(%a: !pto.tile_buf<vec, 4x16xi16, valid=?x?>, %b: !pto.tile_buf<vec, 4x16xi16, valid=?x?>,
                     %d: !pto.tile_buf<vec, 4x16xi16, valid=?x?>, %p: i1) {
  %s = scf.if %p -> (!pto.tile_buf<vec, 4x16xi16, valid=?x?>) {
    scf.yield %a : !pto.tile_buf<vec, 4x16xi16, valid=?x?>
  } else {
    scf.yield %b : !pto.tile_buf<vec, 4x16xi16, valid=?x?>
  }
  pto.tor ins(%s, %s : !pto.tile_buf<vec, 4x16xi16, valid=?x?>, !pto.tile_buf<vec, 4x16xi16, valid=?x?>) outs(%d : !pto.tile_buf<vec, 4x16xi16, valid=?x?>)
  return
}


// -----

// Buffers as scf.for iter_args, swapped by the yield: each carries its
// bytes and its `?` column extent.
// CHECK: module attributes {pto_host.errors = [{kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:5", text = {ref = "src0", tile = "src1"}, unsigned = []}, {kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:5", text = {ref = "src0", tile = "dst"}, unsigned = []}]}
// CHECK-LABEL: func.func @for_iter_args(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<128xi8>, %[[AC:arg[0-9]+]]: index, %[[B:arg[0-9]+]]: memref<128xi8>, %[[BC:arg[0-9]+]]: index, %[[N:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK-NEXT: %[[BASE:.*]] = arith.constant 0 : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[X:.*]] = %[[A]], %[[XC:.*]] = %[[AC]], %[[Y:.*]] = %[[B]], %[[YC:.*]] = %[[BC]]) -> (memref<128xi8>, index, memref<128xi8>, index) {
// CHECK-NEXT: func.call @tor_op(%[[X]], %[[XC]], %[[Y]], %[[YC]], %[[ERR]], %[[BASE]])
// CHECK-NEXT: scf.yield %[[Y]], %[[YC]], %[[X]], %[[XC]] : memref<128xi8>, index, memref<128xi8>, index
func.func @for_iter_args(%a: !pto.tile_buf<vec, 4x16xi16, valid=4x?>, %b: !pto.tile_buf<vec, 4x16xi16, valid=4x?>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (!pto.tile_buf<vec, 4x16xi16, valid=4x?>, !pto.tile_buf<vec, 4x16xi16, valid=4x?>) {
    pto.tor ins(%x, %y : !pto.tile_buf<vec, 4x16xi16, valid=4x?>, !pto.tile_buf<vec, 4x16xi16, valid=4x?>) outs(%y : !pto.tile_buf<vec, 4x16xi16, valid=4x?>)
    scf.yield %y, %x : !pto.tile_buf<vec, 4x16xi16, valid=4x?>, !pto.tile_buf<vec, 4x16xi16, valid=4x?>
  }
  return
}


// -----

// A loop body writing a function argument through a buffer allocated,
// zero-filled and freed in every iteration.
// CHECK: module attributes {pto_host.errors = []}
// CHECK-LABEL: func.func @for_writes_argument(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<128xi8>, %[[D:arg[0-9]+]]: memref<128xi8>, %[[N:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT: func.call @zero_fill(%[[T]]) : (memref<128xi8>) -> ()
// CHECK: func.call @tor_op(%[[D]], %[[A]], %[[T]], %[[ERR]], %{{.*}})
// CHECK: func.call @tor_op_0(%[[T]], %[[D]], %[[ERR]], %{{.*}})
// CHECK-NEXT: memref.dealloc %[[T]] : memref<128xi8>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @for_writes_argument(%a: !pto.tile_buf<vec, 4x16xi16>, %d: !pto.tile_buf<vec, 4x16xi16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 4x16xi16>
    pto.tor ins(%d, %a : !pto.tile_buf<vec, 4x16xi16>, !pto.tile_buf<vec, 4x16xi16>) outs(%t : !pto.tile_buf<vec, 4x16xi16>)
    pto.tor ins(%t, %t : !pto.tile_buf<vec, 4x16xi16>, !pto.tile_buf<vec, 4x16xi16>) outs(%d : !pto.tile_buf<vec, 4x16xi16>)
  }
  return
}


// -----

// scf.while carries the buffer (bytes and `?` row extent) with the count,
// through scf.condition to the after region and back; the result feeds
// the op after the loop.
// CHECK: module attributes {pto_host.errors = [{kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:5", text = {ref = "src0", tile = "src1"}, unsigned = []}, {kind = "valid_shape_mismatch", op = "'pto.tor' op at {{.*}}control-flow.mlir:{{[0-9]+}}:3", text = {ref = "src0", tile = "dst"}, unsigned = []}]}
// CHECK-LABEL: func.func @while_loop(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<128xi8>, %[[AR:arg[0-9]+]]: index, %[[B:arg[0-9]+]]: memref<128xi8>, %[[BR:arg[0-9]+]]: index, %[[N:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK: %[[R:.*]]:3 = scf.while (%[[X:.*]] = %[[A]], %[[XR:.*]] = %[[AR]], %[[I:.*]] = %[[N]]) : (memref<128xi8>, index, index) -> (memref<128xi8>, index, index) {
// CHECK: scf.condition(%{{.*}}) %[[X]], %[[XR]], %[[I]] : memref<128xi8>, index, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[X2:.*]]: memref<128xi8>, %[[XR2:.*]]: index, %[[I2:.*]]: index):
// CHECK: func.call @tor_op(%[[X2]], %[[XR2]], %[[B]], %[[BR]], %[[ERR]], %{{.*}})
// CHECK: scf.yield %[[X2]], %[[XR2]], %{{.*}} : memref<128xi8>, index, index
// CHECK: call @tor_op_0(%[[R]]#0, %[[R]]#1, %[[B]], %[[BR]], %[[ERR]], %{{.*}})
func.func @while_loop(%a: !pto.tile_buf<vec, 4x16xi16, valid=?x16>, %b: !pto.tile_buf<vec, 4x16xi16, valid=?x16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r:2 = scf.while (%x = %a, %i = %n) : (!pto.tile_buf<vec, 4x16xi16, valid=?x16>, index) -> (!pto.tile_buf<vec, 4x16xi16, valid=?x16>, index) {
    %more = arith.cmpi sgt, %i, %c0 : index
    scf.condition(%more) %x, %i : !pto.tile_buf<vec, 4x16xi16, valid=?x16>, index
  } do {
  ^bb0(%x: !pto.tile_buf<vec, 4x16xi16, valid=?x16>, %i: index):
    pto.tor ins(%x, %b : !pto.tile_buf<vec, 4x16xi16, valid=?x16>, !pto.tile_buf<vec, 4x16xi16, valid=?x16>) outs(%x : !pto.tile_buf<vec, 4x16xi16, valid=?x16>)
    %j = arith.subi %i, %c2 : index
    scf.yield %x, %j : !pto.tile_buf<vec, 4x16xi16, valid=?x16>, index
  }
  pto.tor ins(%r#0, %r#0 : !pto.tile_buf<vec, 4x16xi16, valid=?x16>, !pto.tile_buf<vec, 4x16xi16, valid=?x16>) outs(%b : !pto.tile_buf<vec, 4x16xi16, valid=?x16>)
  return
}


// -----

// A call between kernel functions passes the buffers' lowered values and
// the caller's error slot; a declaration keeps its signature and its calls
// get no slot.
// CHECK: module attributes {pto_host.errors = []}
// CHECK-LABEL: func.func private @external(index)
// CHECK-LABEL: func.func @inner(
// CHECK-SAME: %[[X:arg[0-9]+]]: memref<128xi8>, %[[XR:arg[0-9]+]]: index, %[[XC:arg[0-9]+]]: index, %{{.*}}: memref<128xi8>, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK: call @tor_op(%[[X]], %[[XR]], %[[XC]], %[[ERR]], %{{.*}})
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<128xi8>, %[[AR:arg[0-9]+]]: index, %[[AC:arg[0-9]+]]: index, %[[D:arg[0-9]+]]: memref<128xi8>, %[[N:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK-NEXT: call @inner(%[[A]], %[[AR]], %[[AC]], %[[D]], %[[ERR]]) : (memref<128xi8>, index, index, memref<128xi8>, memref<7xi64>) -> ()
// CHECK-NEXT: call @external(%[[N]]) : (index) -> ()
// CHECK-NEXT: return
func.func private @external(index)
func.func @inner(%x: !pto.tile_buf<vec, 4x16xi16, valid=?x?>, %d: !pto.tile_buf<vec, 4x16xi16>) {
  pto.tor ins(%x, %x : !pto.tile_buf<vec, 4x16xi16, valid=?x?>, !pto.tile_buf<vec, 4x16xi16, valid=?x?>) outs(%x : !pto.tile_buf<vec, 4x16xi16, valid=?x?>)
  return
}
func.func @caller(%a: !pto.tile_buf<vec, 4x16xi16, valid=?x?>, %d: !pto.tile_buf<vec, 4x16xi16>, %n: index) {
  func.call @inner(%a, %d) : (!pto.tile_buf<vec, 4x16xi16, valid=?x?>, !pto.tile_buf<vec, 4x16xi16>) -> ()
  func.call @external(%n) : (index) -> ()
  return
}

// -----

// A buffer allocated in a loop body and only read by an inner loop stays in
// the body, although the inner loop's result (another buffer) leaves it.
// CHECK-LABEL: func.func @alloc_read_in_inner_loop(
// CHECK: scf.for
// CHECK-NEXT: %[[T:.*]] = memref.alloc()
// CHECK: %[[R:.*]] = scf.for {{.*}} -> (memref<128xi8>) {
// CHECK: func.call @tor_op(%[[T]],
// CHECK: memref.dealloc %[[T]] : memref<128xi8>
// CHECK-NEXT: scf.yield %[[R]] : memref<128xi8>
func.func @alloc_read_in_inner_loop(%a: !pto.tile_buf<vec, 4x16xi16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!pto.tile_buf<vec, 4x16xi16>) {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 4x16xi16>
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%x = %acc) -> (!pto.tile_buf<vec, 4x16xi16>) {
      pto.tor ins(%t, %x : !pto.tile_buf<vec, 4x16xi16>, !pto.tile_buf<vec, 4x16xi16>) outs(%x : !pto.tile_buf<vec, 4x16xi16>)
      scf.yield %x : !pto.tile_buf<vec, 4x16xi16>
    }
    scf.yield %s : !pto.tile_buf<vec, 4x16xi16>
  }
  return
}
