// RUN: pto-opt --pto-to-std %s -split-input-file | FileCheck %s
// RUN: pto-opt --pto-to-std="target=a2a3" %s -split-input-file | FileCheck %s --check-prefix=A2A3

// Placed tiles share one arena per run (docs/lowering.md, placed tiles):
// the function of each name makes it and calls its body, which takes it
// before the error slot. The arena holds UB as far as placements reach
// (0x20 + 64 bytes, 128 aligned) then L1 (0x100 + 1024 bytes).
// CHECK-LABEL: func.func @k(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<64xi8>, %[[D:arg[0-9]+]]: memref<64xi8>, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1408xi8>
// The arena starts zeroed, as the simulator's memories do.
// CHECK: scf.for
// CHECK-NEXT: memref.store %{{.*}}, %[[ARENA]][%{{.*}}] : memref<1408xi8>
// CHECK: call @k_placed(%[[A]], %[[D]], %[[ARENA]], %[[ERR]])
// CHECK-NEXT: memref.dealloc %[[ARENA]] : memref<1408xi8>
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @k_placed(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<64xi8>, %[[D:arg[0-9]+]]: memref<64xi8>, %[[ARENA:arg[0-9]+]]: memref<1408xi8>, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// An allocation placed before any use is its bytes of the arena, as they
// are (pto-isa's TASSIGN moves no byte).
// CHECK: %[[X:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<1408xi8> to memref<64xi8>
// CHECK-NEXT: call @tor_op(%[[A]], %[[X]], %[[ERR]]
// An argument placed after its first use: its bytes go to the placed copy
// (through a scratch buffer), which the later ops use and which goes back
// to the argument before the return.
// CHECK-NEXT: %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT: call @zero_fill(%[[S]])
// CHECK-NEXT: call @treshape_op(%[[D]], %[[S]], %[[ERR]]
// CHECK-NEXT: %[[P:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<1408xi8> to memref<64xi8>
// CHECK-NEXT: call @treshape_op(%[[S]], %[[P]], %[[ERR]]
// CHECK-NEXT: call @tor_op_0(%[[X]], %[[P]], %[[ERR]]
// CHECK-NEXT: %[[M:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<1408xi8> to memref<1024xi8>
// CHECK-NEXT: call @treshape_op(%[[P]], %[[D]], %[[ERR]]
// CHECK-NEXT: memref.dealloc %[[S]]
// CHECK-NEXT: return
// No check on either target's capacity: every placement fits.
// A2A3: pto_host.errors = []
func.func @k(%a: !pto.tile_buf<vec, 2x16xi16>, %d: !pto.tile_buf<vec, 2x16xi16>) {
  %c = arith.constant 32 : i64
  %x = pto.alloc_tile addr = %c : !pto.tile_buf<vec, 2x16xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%x : !pto.tile_buf<vec, 2x16xi16>)
  pto.tassign %d, @tile(0x0)
  pto.tor ins(%x, %d : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%d : !pto.tile_buf<vec, 2x16xi16>)
  %m = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>
  pto.tassign %m, @tile(0x100)
  return
}

// -----

// Past a2a3's UB (not a5's): with target=a2a3 a check that always fails,
// before the placement, with the interpreter's message.
// CHECK-LABEL: func.func private @far_placed(
// CHECK-NOT: scf.if
// CHECK: return
// A2A3: {kind = "placement_exceeds_memory", op = "'pto.tassign' op at {{.*}}placement.mlir:[[# @LINE + 6]]:3", text = {address = "0x3ffc0", bytes = "64", capacity = "196608", location = "vec", memory = "ub", target = "on a2a3"}, unsigned = []}
// A2A3-LABEL: func.func private @far_placed(
// A2A3: %[[FALSE:.*]] = arith.constant false
// A2A3-NEXT: scf.if %[[FALSE]] {
func.func @far(%a: !pto.tile_buf<vec, 2x16xi16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 2x16xi16>
  pto.tassign %t, @tile(0x3ffc0)
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%t : !pto.tile_buf<vec, 2x16xi16>)
  return
}

// -----

// The calls between functions pass the arena on.
// CHECK-LABEL: func.func private @callee_placed(
// CHECK-SAME: %{{.*}}: memref<64xi8>, %[[ARENA:arg[0-9]+]]: memref<64xi8>, %{{.*}}: memref<7xi64>)
// CHECK-LABEL: func.func private @caller_placed(
// CHECK-SAME: %[[T:arg[0-9]+]]: memref<64xi8>, %[[ARENA:arg[0-9]+]]: memref<64xi8>, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK: call @callee_placed(%[[T]], %[[ARENA]], %[[ERR]])
func.func private @callee(%t: !pto.tile_buf<vec, 2x16xi16>) {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 2x16xi16>
  pto.tassign %x, @tile(0x0)
  pto.tor ins(%t, %t : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%x : !pto.tile_buf<vec, 2x16xi16>)
  return
}
func.func @caller(%t: !pto.tile_buf<vec, 2x16xi16>) {
  func.call @callee(%t) : (!pto.tile_buf<vec, 2x16xi16>) -> ()
  return
}
