// RUN: pto-opt %s -split-input-file | FileCheck %s
// PTOAS's target names "a2" and "a3" read as our a2a3 (docs/ptoas.md). The
// module attribute keeps its spelling; messages name the target a2a3
// (targets-invalid.mlir).

// CHECK: module attributes {pto.target_arch = "a3"}
// CHECK: pto.tor ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%{{.*}} : !pto.tile_buf<vec, 8x32xi16>)
module attributes {"pto.target_arch" = "a3"} {
  func.func @a3(%a: !pto.tile_buf<vec, 8x32xi16>, %d: !pto.tile_buf<vec, 8x32xi16>) {
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%d : !pto.tile_buf<vec, 8x32xi16>)
    return
  }
}

// -----

// CHECK: module attributes {pto.target_arch = "a2"}
// CHECK: pto.tassign %{{.*}}, @tile(0x2f000) : !pto.tile_buf<vec, 16x64xf32>
module attributes {"pto.target_arch" = "a2"} {
  func.func @a2() {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    pto.tassign %t, @tile(0x2f000)
    return
  }
}

// -----

// PTOAS's chip name is kept; the rules follow pto.target_arch (none here).
// CHECK: module attributes {"pto.device-spec" = "Ascend910B1"}
module attributes {"pto.device-spec" = "Ascend910B1"} {
  func.func @device_spec() {
    return
  }
}

// -----

// PTOAS's synchronization hint on a function is kept.
// CHECK: func.func @hint() attributes {pto.auto_sync_tail_hint = "mte3-to-s-event0"}
func.func @hint() attributes {pto.auto_sync_tail_hint = "mte3-to-s-event0"} {
  return
}

// -----

// PTOAS's marker of an inferred layout is kept beside the layout it marks.
// CHECK: pto.make_tensor_view %{{.*}} {layout = #pto.layout<nd>, pto.inferred_layout = true} : !pto.tensor_view<16x16xf32>
func.func @inferred_layout(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c1] {layout = #pto.layout<nd>, pto.inferred_layout = true} : !pto.tensor_view<16x16xf32>
  return
}
