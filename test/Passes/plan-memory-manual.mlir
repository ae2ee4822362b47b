// RUN: pto-opt %s --pto-plan-memory=mode=manual | FileCheck %s

// Manual mode with every buffer placed: unchanged. %z shares %x's bytes but
// is allocated after %x's last use.
// CHECK-LABEL: func.func @placed(
// CHECK-NEXT: pto.alloc_tile
// CHECK-NEXT: pto.tassign %{{.*}}, @tile(0x1000)
// CHECK-NEXT: pto.alloc_tile
// CHECK-NEXT: pto.tassign %{{.*}}, @tile(0x1400)
// CHECK-NEXT: pto.tor
// CHECK-NEXT: pto.alloc_tile
// CHECK-NEXT: pto.tassign %{{.*}}, @tile(0x1000)
// CHECK-NEXT: pto.tor
// CHECK-NEXT: return
func.func @placed(%a: !pto.tile_buf<vec, 16x32xi16>) {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tassign %x, @tile(0x1000)
  %y = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tassign %y, @tile(0x1400)
  pto.tor ins(%x, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%y : !pto.tile_buf<vec, 16x32xi16>)
  %z = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tassign %z, @tile(0x1000)
  pto.tor ins(%y, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%z : !pto.tile_buf<vec, 16x32xi16>)
  return
}
