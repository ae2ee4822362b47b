// RUN: pto-opt %s | pto-opt | FileCheck %s
// The forms of the TOR page, with concrete types.

// CHECK-LABEL: func.func @level1
// CHECK: %[[D:.*]] = pto.tor %arg0, %arg1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
// CHECK: return %[[D]]
func.func @level1(%src0: !pto.tile<vec, 16x16xi16>, %src1: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %dst = pto.tor %src0, %src1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
  return %dst : !pto.tile<vec, 16x16xi16>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tor ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x32xui8>, !pto.tile_buf<vec, 16x32xui8>) outs(%arg2 : !pto.tile_buf<vec, 16x32xui8>)
func.func @level2(%src0: !pto.tile_buf<vec, 16x32xui8>, %src1: !pto.tile_buf<vec, 16x32xui8>, %dst: !pto.tile_buf<vec, 16x32xui8>) {
  pto.tor ins(%src0, %src1 : !pto.tile_buf<vec, 16x32xui8>, !pto.tile_buf<vec, 16x32xui8>) outs(%dst : !pto.tile_buf<vec, 16x32xui8>)
  return
}

// CHECK-LABEL: func.func @manual
// CHECK: pto.tassign %[[A:.*]], @tile(0x1000)
// CHECK: pto.tassign %[[B:.*]], @tile(0x2000)
// CHECK: pto.tassign %[[C:.*]], @tile(0x3000)
// CHECK: pto.tor ins(%[[A]], %[[B]] : {{.*}}) outs(%[[C]] : {{.*}})
func.func @manual() {
  %arg0 = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  %arg1 = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  pto.tassign %arg0, @tile(0x1000)
  pto.tassign %arg1, @tile(0x2000)
  pto.tassign %dst, @tile(0x3000)
  pto.tor ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// Dynamic valid shapes are checked at run time, not here.
// CHECK-LABEL: func.func @dynamic_valid
// CHECK: pto.tor %arg0, %arg1 : (!pto.tile<vec, 16x32xi8, valid=?x32>, !pto.tile<vec, 16x32xi8>) -> !pto.tile<vec, 16x32xi8, valid=16x?>
func.func @dynamic_valid(%a: !pto.tile<vec, 16x32xi8, valid=?x32>, %b: !pto.tile<vec, 16x32xi8>) -> !pto.tile<vec, 16x32xi8, valid=16x?> {
  %d = pto.tor %a, %b : (!pto.tile<vec, 16x32xi8, valid=?x32>, !pto.tile<vec, 16x32xi8>) -> !pto.tile<vec, 16x32xi8, valid=16x?>
  return %d : !pto.tile<vec, 16x32xi8, valid=16x?>
}

// A5 admits 32-bit integers.
module attributes {pto.target_arch = "a5"} {
  // CHECK-LABEL: func.func @a5_i32
  func.func @a5_i32(%a: !pto.tile<vec, 8x8xui32>) -> !pto.tile<vec, 8x8xui32> {
    %d = pto.tor %a, %a : (!pto.tile<vec, 8x8xui32>, !pto.tile<vec, 8x8xui32>) -> !pto.tile<vec, 8x8xui32>
    return %d : !pto.tile<vec, 8x8xui32>
  }
}

// A2/A3 admits them too (pto-isa 3186c381's TOR page and a2a3/TOr.hpp).
module attributes {pto.target_arch = "a2a3"} {
  // CHECK-LABEL: func.func @a2a3_i32
  // CHECK: pto.tor %arg0, %arg0 : (!pto.tile<vec, 8x8xi32>, !pto.tile<vec, 8x8xi32>) -> !pto.tile<vec, 8x8xi32>
  func.func @a2a3_i32(%a: !pto.tile<vec, 8x8xi32>) -> !pto.tile<vec, 8x8xi32> {
    %d = pto.tor %a, %a : (!pto.tile<vec, 8x8xi32>, !pto.tile<vec, 8x8xi32>) -> !pto.tile<vec, 8x8xi32>
    return %d : !pto.tile<vec, 8x8xi32>
  }
}

// A discardable attribute prints in both forms; the operand segments do not.
// CHECK-LABEL: func.func @attributes
// CHECK: pto.tor %arg0, %arg0 {note = "a"} : (!pto.tile<vec, 1x32xi16>, !pto.tile<vec, 1x32xi16>) -> !pto.tile<vec, 1x32xi16>
// CHECK: pto.tor ins(%arg1, %arg1 : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%arg1 : !pto.tile_buf<vec, 1x32xi16>) {note = "b"}
func.func @attributes(%t: !pto.tile<vec, 1x32xi16>, %b: !pto.tile_buf<vec, 1x32xi16>) -> !pto.tile<vec, 1x32xi16> {
  %r = pto.tor %t, %t {note = "a"} : (!pto.tile<vec, 1x32xi16>, !pto.tile<vec, 1x32xi16>) -> !pto.tile<vec, 1x32xi16>
  pto.tor ins(%b, %b : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%b : !pto.tile_buf<vec, 1x32xi16>) {note = "b"}
  return %r : !pto.tile<vec, 1x32xi16>
}
