// RUN: pto-opt --pto-to-std=row-ranges=1 %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt "--pto-to-llvm=threads=2 parallel-bytes=3072" %s | FileCheck %s --check-prefix=PAR
// RUN: pto-opt --pto-to-llvm %s | FileCheck %s --check-prefix=ONE

// tinsert's checks (below) are listed as in tinsert.mlir.
// CHECK: module attributes {pto_host.errors = [{{.*}}]} {

// With a row range the function of a row-splittable op takes [begin, end)
// after the code base, marked with its tiles' bytes; its row loop runs over
// the range clamped to the valid rows. The kernel passes [0, static rows).
// CHECK-LABEL: func.func private @tor_op(
// CHECK-SAME: %{{.*}}: memref<7xi64>, %{{.*}}: i32, %[[BEGIN:arg[0-9]+]]: index, %[[END:arg[0-9]+]]: index) attributes {passthrough = ["noinline"], pto_host.split_bytes = 3072 : i64}
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[LB:.*]] = arith.minui %[[BEGIN]], %[[C16]] : index
// CHECK-NEXT: %[[UB:.*]] = arith.minui %[[END]], %[[C16]] : index
// CHECK-NEXT: scf.for %{{.*}} = %[[LB]] to %[[UB]] step
// CHECK-LABEL: func.func @large(
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[ROWS:.*]] = arith.constant 16 : index
// CHECK: call @tor_op(%arg0, %arg1, %arg2, %arg3, %{{.*}}, %[[ZERO]], %[[ROWS]])

// PAR-LABEL: llvm.func internal @tor_op_rows(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64, %arg3: !llvm.ptr) {
// PAR-NEXT: %[[P0:.*]] = llvm.getelementptr %arg0[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, i32)>
// PAR-NEXT: %[[A:.*]] = llvm.load %[[P0]] : !llvm.ptr -> !llvm.ptr
// PAR-NEXT: %[[P1:.*]] = llvm.getelementptr %arg0[0, 1]
// PAR-NEXT: %[[B:.*]] = llvm.load %[[P1]] : !llvm.ptr -> !llvm.ptr
// PAR-NEXT: %[[P2:.*]] = llvm.getelementptr %arg0[0, 2]
// PAR-NEXT: %[[D:.*]] = llvm.load %[[P2]] : !llvm.ptr -> !llvm.ptr
// PAR-NEXT: %[[P3:.*]] = llvm.getelementptr %arg0[0, 3]
// PAR-NEXT: %[[BASE:.*]] = llvm.load %[[P3]] : !llvm.ptr -> i32
// PAR-NEXT: llvm.call @tor_op(%[[A]], %[[B]], %[[D]], %arg3, %[[BASE]], %arg1, %arg2)
// PAR-NEXT: llvm.return
// PAR-LABEL: llvm.func @large(
// PAR: %[[REC:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(ptr, ptr, ptr, i32)> : (i64) -> !llvm.ptr
// PAR: %[[ROWS:.*]] = llvm.mlir.constant(16 : index) : i64
// PAR: %[[FN:.*]] = llvm.mlir.addressof @tor_op_rows : !llvm.ptr
// PAR-NEXT: %[[PARTS:.*]] = llvm.mlir.constant(2 : i64) : i64
// PAR-NEXT: %[[WORDS:.*]] = llvm.mlir.constant(7 : i64) : i64
// PAR-NEXT: llvm.call @pto_parallel_rows(%[[FN]], %[[REC]], %[[ROWS]], %[[PARTS]], %{{[0-9]+}}, %[[WORDS]]) : (!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, i64) -> ()
// PAR-NOT: llvm.call @tor_op(
// PAR: llvm.return
// ONE-LABEL: llvm.func @tor_op(
// ONE-SAME: %arg3: !llvm.ptr, %arg4: i32) attributes {passthrough = ["noinline"], sym_visibility = "private"}
// ONE-LABEL: llvm.func @large(
// ONE: llvm.call @tor_op(
func.func @large(%a: !pto.tile_buf<vec, 16x32xi16>, %b: !pto.tile_buf<vec, 16x32xi16>,
                 %d: !pto.tile_buf<vec, 16x32xi16>) {
  pto.tor ins(%a, %b : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%d : !pto.tile_buf<vec, 16x32xi16>)
  return
}

// Below parallel-bytes (1536 bytes): the op's function is called directly.
// CHECK-LABEL: func.func private @tor_op_0(
// CHECK-SAME: attributes {passthrough = ["noinline"], pto_host.split_bytes = 1536 : i64}
// PAR-LABEL: llvm.func @small(
// PAR: llvm.call @tor_op_0(
// PAR-NOT: pto_parallel_rows
// PAR: llvm.return
func.func @small(%a: !pto.tile_buf<vec, 8x32xi16>, %b: !pto.tile_buf<vec, 8x32xi16>,
                 %d: !pto.tile_buf<vec, 8x32xi16>) {
  pto.tor ins(%a, %b : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%d : !pto.tile_buf<vec, 8x32xi16>)
  return
}

// tinsert splits src's rows (the window's): the row loop inside its checks
// goes over the range within src's 4 rows.
// CHECK-LABEL: func.func private @tinsert_op(
// CHECK-SAME: %{{.*}}: i32, %[[BEGIN:arg[0-9]+]]: index, %[[END:arg[0-9]+]]: index) attributes {passthrough = ["noinline"], pto_host.split_bytes = 1280 : i64}
// CHECK: %[[LB:.*]] = arith.minui %[[BEGIN]], %[[C4:.*]] : index
// CHECK-NEXT: %[[UB:.*]] = arith.minui %[[END]], %[[C4]] : index
// CHECK-NEXT: scf.for %{{.*}} = %[[LB]] to %[[UB]] step
// CHECK-LABEL: func.func @window(
// CHECK: %[[ROWS:.*]] = arith.constant 4 : index
// CHECK: call @tinsert_op(%arg0, %arg1, %arg2, %arg3, %arg4, %{{.*}}, %{{.*}}, %[[ROWS]])
func.func @window(%s: !pto.tile_buf<vec, 4x32xf16>, %r: index, %c: index,
                  %d: !pto.tile_buf<vec, 16x32xf16>) {
  pto.tinsert ins(%s, %r, %c : !pto.tile_buf<vec, 4x32xf16>, index, index) outs(%d : !pto.tile_buf<vec, 16x32xf16>)
  return
}

// tsort32's work is its tiles' bytes (3 x 1024) times its cost per byte
// against a copy, 16 (lowering/RowSplit.cpp).
// CHECK-LABEL: func.func private @tsort32_op(
// CHECK-SAME: attributes {passthrough = ["noinline"], pto_host.split_bytes = 49152 : i64}
func.func @sort(%s: !pto.tile_buf<vec, 8x32xf32>, %d: !pto.tile_buf<vec, 8x32xf32>,
                %i: !pto.tile_buf<vec, 8x32xui32>) {
  pto.tsort32 ins(%s : !pto.tile_buf<vec, 8x32xf32>) outs(%d, %i : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xui32>)
  return
}

// Not split: an op writing a tile it reads (its source is copied whole
// first), and treshape's copy of bytes. No range, no mark.
// CHECK-LABEL: func.func private @tinterleave_op(
// CHECK-SAME: %{{.*}}: memref<7xi64>, %{{.*}}: i32) attributes {passthrough = ["noinline"]} {
// CHECK: call @tinterleave_op(%arg0, %arg1, %arg2, %arg3, %{{.*}}) :
func.func @in_place(%a: !pto.tile_buf<vec, 8x32xi16>, %b: !pto.tile_buf<vec, 8x32xi16>,
                    %d: !pto.tile_buf<vec, 8x32xi16>) {
  pto.tinterleave ins(%a, %b : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%a, %d : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>)
  return
}

// CHECK-LABEL: func.func private @treshape_op(
// CHECK-SAME: %{{.*}}: memref<7xi64>, %{{.*}}: i32) attributes {passthrough = ["noinline"]} {
func.func @reshape(%s: !pto.tile_buf<vec, 8x32xi16>, %d: !pto.tile_buf<vec, 16x16xi16>) {
  pto.treshape ins(%s : !pto.tile_buf<vec, 8x32xi16>) outs(%d : !pto.tile_buf<vec, 16x16xi16>)
  return
}

// PAR: llvm.func @pto_parallel_rows(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, i64)
