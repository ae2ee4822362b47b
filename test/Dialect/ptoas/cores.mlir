// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's sections and core queries read and print as PTOAS spells them
// (cores-invalid.mlir has their rules).

// CHECK-LABEL: func.func @mixed
// CHECK-NEXT: pto.section.cube {
// CHECK-NEXT:   pto.barrier <PIPE_ALL>
// CHECK-NEXT: }
// CHECK-NEXT: pto.section.vector {
// CHECK-NEXT:   %{{.*}} = pto.get_block_idx
// CHECK-NEXT:   %{{.*}} = pto.get_block_num
// CHECK-NEXT:   %{{.*}} = pto.get_subblock_idx
// CHECK-NEXT:   %{{.*}} = pto.get_subblock_num
// CHECK-NEXT:   func.call @use
// CHECK-NEXT: }
func.func @mixed() {
  pto.section.cube {
    pto.barrier <PIPE_ALL>
  }
  pto.section.vector {
    %b = pto.get_block_idx
    %n = pto.get_block_num
    %s = pto.get_subblock_idx
    %m = pto.get_subblock_num
    func.call @use(%b, %n, %s, %m) : (i64, i64, i64, i64) -> ()
  }
  return
}
func.func private @use(i64, i64, i64, i64)
