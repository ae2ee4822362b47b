// RUN: pto-opt %s --pto-plan-memory=mode=manual | pto-translate --export-ptoas --ptoas-level=level3 | FileCheck %s
// A kernel in PTOAS's spelling read (docs/ptoas.md, Reading PTOAS), checked
// by our manual placement pass, and written back for PTOAS's level3: target a3, keyed
// types, placement by alloc_tile addr, tinsert_fp with fp second. (The
// pass reads `addr` as a tassign and drops the constant; the exporter writes
// the address anew.)

// CHECK: module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT: func.func @k() {
// CHECK-NEXT: %0 = arith.constant 0 : index
// CHECK-NEXT: %1 = arith.constant 0 : i64
// CHECK-NEXT: %2 = pto.alloc_tile addr = %1 : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK-NEXT: %3 = arith.constant 8192 : i64
// CHECK-NEXT: %4 = pto.alloc_tile addr = %3 : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %5 = arith.constant 4096 : i64
// CHECK-NEXT: %6 = pto.alloc_tile addr = %5 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT: pto.tinsert_fp ins(%2, %4, %0, %0 : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%6 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
// CHECK-NEXT: return
module attributes {"pto.target_arch" = "a3"} {
  func.func @k() {
    %c0 = arith.constant 0 : index
    %c0_i64 = arith.constant 0 : i64
    %acc = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %c8192 = arith.constant 8192 : i64
    %fp = pto.alloc_tile addr = %c8192 : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %c4096 = arith.constant 4096 : i64
    %dst = pto.alloc_tile addr = %c4096 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    pto.tinsert_fp ins(%acc, %fp, %c0, %c0 : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%dst : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    return
  }
}
