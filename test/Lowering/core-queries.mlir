// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.

// A core query is a call of the JIT process's pto_core_query with what it
// asks (pto/CoreGridABI.h: 0 block index, 1 block count, 2 subblock index,
// 3 subblock count), declared once; runtime.run sets the position of the
// core each run is (runtime/grid.py). A module without queries declares
// nothing (core-queries-none below).

// CHECK-LABEL: func.func @queries(
// CHECK:         %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[B:.*]] = call @pto_core_query(%[[C0]]) : (i64) -> i64
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[NB:.*]] = call @pto_core_query(%[[C1]]) : (i64) -> i64
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    %[[S:.*]] = call @pto_core_query(%[[C2]]) : (i64) -> i64
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i64
// CHECK-NEXT:    %[[NS:.*]] = call @pto_core_query(%[[C3]]) : (i64) -> i64
// CHECK:         return %[[B]], %[[NB]], %[[S]], %[[NS]]
// CHECK-LABEL: func.func @more(
// CHECK:         call @pto_core_query
// CHECK:       func.func private @pto_core_query(i64) -> i64
// CHECK-NOT:   func.func private @pto_core_query
func.func @queries() -> (i64, i64, i64, i64) {
  %b = pto.get_block_idx
  %n = pto.get_block_num
  %s = pto.get_subblock_idx
  %m = pto.get_subblock_num
  return %b, %n, %s, %m : i64, i64, i64, i64
}

func.func @more() -> i64 {
  %b = pto.get_block_idx
  return %b : i64
}
