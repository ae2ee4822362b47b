// RUN: pto-opt %s --pto-ssa-to-dps | FileCheck %s --implicit-check-not='!pto.tile<'
// RUN: pto-opt %s --pto-to-dps | FileCheck %s --check-prefix=PLACED

// A Level 1 tload makes a new buffer; the tor after it writes over it in
// place (the loaded tile is dead after it, and tor is elementwise); tstore
// stores the buffer holding its tile and has no result. The views stay as
// they are: global memory is not placed, the buffer loaded into is.
// CHECK-LABEL: func.func @load_or_store(
// CHECK: %[[W:.*]] = pto.partition_view
// CHECK-NEXT: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tload ins(%[[W]] : !pto.partition_tensor_view<16x32xi16>) outs(%[[X]] : !pto.tile_buf<vec, 16x32xi16>)
// CHECK-NEXT: pto.tor ins(%[[X]], %[[X]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: pto.tstore ins(%[[X]] : !pto.tile_buf<vec, 16x32xi16>) outs(%[[W]] : !pto.partition_tensor_view<16x32xi16>)
// CHECK-NEXT: return
// PLACED-LABEL: func.func @load_or_store(
// PLACED: pto.make_tensor_view
// PLACED: pto.partition_view
// PLACED: %[[X:.*]] = pto.alloc_tile
// PLACED-NEXT: pto.tassign %[[X]], @tile(0x0)
// PLACED-NOT: pto.tassign
// PLACED: return
func.func @load_or_store(%p: !pto.ptr<i16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xi16>
  %w = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xi16> -> !pto.partition_tensor_view<16x32xi16>
  %x = pto.tload %w : !pto.partition_tensor_view<16x32xi16> -> !pto.tile<vec, 16x32xi16>
  %y = pto.tor %x, %x : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  pto.tstore %y, %w : (!pto.tile<vec, 16x32xi16>, !pto.partition_tensor_view<16x32xi16>) -> ()
  return
}
