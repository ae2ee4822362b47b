// RUN: pto-opt --pto-to-std %s -split-input-file | pto-opt --pto-std-to-llvm -split-input-file | FileCheck %s --implicit-check-not=unrealized_conversion_cast

// pto-std-to-llvm, on pto-to-std's output: the upstream preparation runs on
// a function only if it holds what it rewrites; then one conversion to
// LLVM, casts reconciled, common subexpressions removed.

// A buffer allocated in a kernel: aligned_alloc's pointer is both the
// allocated and the aligned pointer of its descriptor, so the calls (bare
// pointers) get the pointer free releases. Each buffer's pointer is read
// once, right after its descriptor is made (the arguments' at the start),
// however many calls pass it.
// CHECK-LABEL: llvm.func @kernel(
// CHECK-SAME: %[[A:arg[0-9]+]]: !llvm.ptr, %[[ERR:arg[0-9]+]]: !llvm.ptr)
// CHECK: llvm.insertvalue %[[ERR]], %{{.*}}[0]
// CHECK: %[[ED:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[4, 0]
// CHECK-NEXT: %[[EP:.*]] = llvm.extractvalue %[[ED]][1]
// CHECK-NEXT: llvm.insertvalue %[[A]], %{{.*}}[0]
// CHECK: %[[AD:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[4, 0]
// CHECK-NEXT: %[[AP:.*]] = llvm.extractvalue %[[AD]][1]
// CHECK: %[[P:.*]] = llvm.call @aligned_alloc(%{{.*}}, %{{.*}}) : (i64, i64) -> !llvm.ptr
// CHECK-NEXT: %[[D0:.*]] = llvm.insertvalue %[[P]], %{{.*}}[0]
// CHECK-NEXT: %[[D1:.*]] = llvm.insertvalue %[[P]], %[[D0]][1]
// CHECK-NEXT: %[[D2:.*]] = llvm.insertvalue %{{.*}}, %[[D1]][2]
// CHECK-NEXT: %[[D3:.*]] = llvm.insertvalue %{{.*}}, %[[D2]][3, 0]
// CHECK-NEXT: %[[D:.*]] = llvm.insertvalue %{{.*}}, %[[D3]][4, 0]
// CHECK-NEXT: %[[TP:.*]] = llvm.extractvalue %[[D]][1]
// CHECK-NEXT: llvm.call @zero_fill(%[[TP]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @tor_op(%[[AP]], %[[TP]], %[[EP]], %{{.*}})
// CHECK-NEXT: llvm.call @tor_op_0(%[[TP]], %[[AP]], %[[EP]], %{{.*}})
// CHECK-NEXT: %[[F:.*]] = llvm.extractvalue %[[D]][0]
// CHECK-NEXT: llvm.call @free(%[[F]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.return
func.func @kernel(%a: !pto.tile_buf<vec, 1x32xi16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 1x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%t : !pto.tile_buf<vec, 1x32xi16>)
  pto.tor ins(%t, %a : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%a : !pto.tile_buf<vec, 1x32xi16>)
  return
}

// -----

// Calls with results or attributes beyond the callee are MLIR's call
// lowering's (it copies the attributes); the buffer's pointer read for the
// others is the one they all pass.
// CHECK-LABEL: llvm.func @caller(
// CHECK-SAME: %[[X:arg[0-9]+]]: i64, %[[M:arg[0-9]+]]: !llvm.ptr, %{{.*}}: !llvm.ptr) -> i64
// CHECK: %[[MD:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[4, 0]
// CHECK-NEXT: %[[MP:.*]] = llvm.extractvalue %[[MD]][1]
// CHECK-NEXT: %[[R:.*]] = llvm.call @twice(%[[X]]) : (i64) -> i64
// CHECK-NEXT: llvm.call @sink(%[[MP]]) {no_inline} : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @sink(%[[MP]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @sink(%[[MP]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.return %[[R]] : i64
func.func private @twice(i64) -> i64
func.func private @sink(memref<4xi8>)
func.func @caller(%x: i64, %m: memref<4xi8>) -> i64 {
  %r = func.call @twice(%x) : (i64) -> i64
  func.call @sink(%m) {no_inline} : (memref<4xi8>) -> ()
  func.call @sink(%m) : (memref<4xi8>) -> ()
  func.call @sink(%m) : (memref<4xi8>) -> ()
  return %r : i64
}

// -----

// A function with regions is canonicalized (its constant arithmetic
// folds) and its loops become branches; straight-line code is not
// canonicalized, but its arithmetic is expanded (bf16 as integer
// arithmetic, no fptrunc).
// CHECK-LABEL: llvm.func @loop(
// CHECK: %[[C65:.*]] = llvm.mlir.constant(65 : index) : i64
// CHECK: llvm.icmp "slt" %{{.*}}, %[[C65]] : i64
// CHECK: llvm.cond_br
// CHECK-LABEL: llvm.func @straight(
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NOT: llvm.fptrunc
// CHECK: %[[TWO:.*]] = llvm.add %[[ONE]], %[[ONE]] : i64
// CHECK-NOT: llvm.fptrunc
// CHECK: llvm.return
func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c63 = arith.constant 63 : index
  %end = arith.addi %c63, %c2 : index
  %r = scf.for %i = %c0 to %end step %c1 iter_args(%acc = %n) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}
func.func @straight(%x: f32) -> (i64, bf16) {
  %c1 = arith.constant 1 : i64
  %two = arith.addi %c1, %c1 : i64
  %y = arith.truncf %x : f32 to bf16
  return %two, %y : i64, bf16
}
