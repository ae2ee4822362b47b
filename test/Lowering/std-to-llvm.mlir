// RUN: pto-opt --pto-std-to-llvm %s -split-input-file | FileCheck %s --implicit-check-not=unrealized_conversion_cast

// pto-std-to-llvm: the upstream preparation runs on a function only if it
// holds what it rewrites; then one conversion to LLVM, casts reconciled,
// common subexpressions removed.

// A buffer allocated in a kernel: aligned_alloc's pointer is both the
// allocated and the aligned pointer of its descriptor, so the calls (bare
// pointers) get the pointer free releases. Each argument's pointer is read
// once, however many calls pass it.
// CHECK-LABEL: llvm.func @kernel(
// CHECK-SAME: %[[A:arg[0-9]+]]: !llvm.ptr)
// CHECK: %[[P:.*]] = llvm.call @aligned_alloc(%{{.*}}, %{{.*}}) : (i64, i64) -> !llvm.ptr
// CHECK-NEXT: %[[D0:.*]] = llvm.insertvalue %[[P]], %{{.*}}[0]
// CHECK-NEXT: %[[D1:.*]] = llvm.insertvalue %[[P]], %[[D0]][1]
// CHECK-NEXT: %[[D2:.*]] = llvm.insertvalue %{{.*}}, %[[D1]][2]
// CHECK-NEXT: %[[D3:.*]] = llvm.insertvalue %{{.*}}, %[[D2]][3, 0]
// CHECK-NEXT: %[[D:.*]] = llvm.insertvalue %{{.*}}, %[[D3]][4, 0]
// CHECK-NEXT: %[[BP:.*]] = llvm.extractvalue %[[D]][1]
// CHECK-NEXT: %[[AP:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK-NEXT: llvm.call @use(%[[BP]], %[[AP]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @use(%[[BP]], %[[AP]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT: %[[F:.*]] = llvm.extractvalue %[[D]][0]
// CHECK-NEXT: llvm.call @free(%[[F]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.return
func.func private @use(memref<64xi8>, memref<64xi8>)
func.func @kernel(%a: memref<64xi8>) {
  %b = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
  call @use(%b, %a) : (memref<64xi8>, memref<64xi8>) -> ()
  call @use(%b, %a) : (memref<64xi8>, memref<64xi8>) -> ()
  memref.dealloc %b : memref<64xi8>
  return
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
func.func @loop(%m: memref<128xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c63 = arith.constant 63 : index
  %end = arith.addi %c63, %c2 : index
  %z = arith.constant 0 : i8
  scf.for %i = %c0 to %end step %c1 {
    memref.store %z, %m[%i] : memref<128xi8>
  }
  return
}
func.func @straight(%x: f32) -> (i64, bf16) {
  %c1 = arith.constant 1 : i64
  %two = arith.addi %c1, %c1 : i64
  %y = arith.truncf %x : f32 to bf16
  return %two, %y : i64, bf16
}
