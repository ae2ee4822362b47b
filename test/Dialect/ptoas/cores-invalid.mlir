// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's sections hold one block and no terminator, its core queries give
// an i64 (PTOAS include/PTO/IR/PTOOps.td: PTO_SectionOp is SingleBlock,
// NoTerminator, SizedRegion<1>; GetBlockIdxOp ... return I64).

func.func @k() {
  // expected-error @+1 {{'pto.get_block_idx' op result #0 must be 64-bit signless integer, but got 'i32'}}
  %i = "pto.get_block_idx"() : () -> i32
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.section.vector' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "pto.section.vector"() ({}) : () -> ()
  return
}
