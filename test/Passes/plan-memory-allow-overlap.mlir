// RUN: pto-opt %s --pto-plan-memory=allow-overlap=true | FileCheck %s
// allow-overlap=true keeps live manual placements that share bytes (the
// engines run them; plan-memory-invalid.mlir has the refusal without it)
// and places the unplaced buffer clear of both.

// CHECK-LABEL: func.func @manual_overlap(
// CHECK: pto.tassign %{{.*}}, @tile(0x0)
// CHECK: pto.tassign %{{.*}}, @tile(0x200)
// CHECK: %[[Z:.*]] = pto.alloc_tile
// CHECK-NEXT: pto.tassign %[[Z]], @tile(0x600)
func.func @manual_overlap() {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tassign %x, @tile(0x0) : !pto.tile_buf<vec, 16x32xi16>
  %y = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tassign %y, @tile(0x200) : !pto.tile_buf<vec, 16x32xi16>
  %z = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%x, %y : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%z : !pto.tile_buf<vec, 16x32xi16>)
  return
}
