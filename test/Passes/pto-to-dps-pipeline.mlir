// RUN: pto-opt %s --pto-to-dps | FileCheck %s --implicit-check-not='!pto.tile<'
// RUN: pto-opt %s --pass-pipeline='builtin.module(pto-to-dps{placement=none})' | FileCheck %s --check-prefix=NONE --implicit-check-not=pto.tassign

// The named pipeline: Level 1 to Level 2, then every buffer placed.
// CHECK-LABEL: func.func @k(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 16x32xi16>, %[[OUT:.*]]: !pto.tile_buf<vec, 16x32xi16>) {
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[T]], @tile(0x0)
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: pto.tor ins(%[[T]], %[[A]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: return
// NONE-LABEL: func.func @k(
// NONE: pto.alloc_tile
func.func @k(%a: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  %0 = pto.tor %a, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  %1 = pto.tor %0, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %1 : !pto.tile<vec, 16x32xi16>
}
