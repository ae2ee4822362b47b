// RUN: pto-opt %s | pto-opt | FileCheck %s
// RUN: pto-opt %s --mlir-print-op-generic | pto-opt | FileCheck %s
// pto.alloc_tile, pto.tassign (including the type-less page form of tassign,
// which prints with its type) and pto.set_validshape.

// CHECK-LABEL: func.func @alloc
func.func @alloc(%n: index, %m: index) {
  // CHECK: pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // CHECK: pto.alloc_tile valid_col = %{{.*}} : !pto.tile_buf<vec, 16x64xf32, valid=16x?>
  %b = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 16x64xf32, valid=16x?>
  // CHECK: pto.alloc_tile valid_row = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
  %c = pto.alloc_tile valid_row = %n valid_col = %m : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// CHECK-LABEL: func.func @manual
func.func @manual(%t: !pto.tile<vec, 16x64xf32>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // CHECK: pto.tassign %{{.*}}, @tile(0x1000) : !pto.tile_buf<vec, 16x64xf32>{{$}}
  pto.tassign %a, @tile(0x1000)
  // The type may be spelled out, the address written in decimal.
  // CHECK: pto.tassign %{{.*}}, @tile(0x2000) : !pto.tile_buf<vec, 16x64xf32>{{$}}
  pto.tassign %a, @tile(8192) : !pto.tile_buf<vec, 16x64xf32>
  // Level 1 tile values can be placed too.
  // CHECK: pto.tassign %{{.*}}, @tile(0x0) : !pto.tile<vec, 16x64xf32>{{$}}
  pto.tassign %t, @tile(0x0)
  return
}

// The type-less form finds the type of one result of several and of a value
// defined outside the enclosing region.
// CHECK-LABEL: func.func @lookup
func.func @lookup(%a: !pto.tile<vec, 2x16xi16>, %b: !pto.tile<vec, 2x16xf16>) {
  %d:2 = pto.tinterleave %a, %a : (!pto.tile<vec, 2x16xi16>, !pto.tile<vec, 2x16xi16>) -> (!pto.tile<vec, 2x16xi16>, !pto.tile<vec, 2x16xi16>)
  // CHECK: pto.tassign %{{.*}}#1, @tile(0x40) : !pto.tile<vec, 2x16xi16>{{$}}
  pto.tassign %d#1, @tile(0x40)
  scf.execute_region {
    // CHECK: pto.tassign %{{.*}}, @tile(0x80) : !pto.tile<vec, 2x16xf16>{{$}}
    pto.tassign %b, @tile(0x80)
    scf.yield
  }
  return
}

// PTOAS's set_validshape (its test/basic/set_validshape_if.pto): in place, in
// a branch too.
// CHECK-LABEL: func.func @set_validshape
func.func @set_validshape(%cond: i1, %n: index) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %t = pto.alloc_tile valid_row = %c32 valid_col = %c32 : !pto.tile_buf<vec, 32x32xf32, valid=?x?>
  // CHECK: pto.set_validshape %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<vec, 32x32xf32, valid=?x?>{{$}}
  pto.set_validshape %t, %c16, %n : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  scf.if %cond {
    // CHECK: pto.set_validshape %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<vec, 32x32xf32, valid=?x?>{{$}}
    pto.set_validshape %t, %c32, %c16 : !pto.tile_buf<vec, 32x32xf32, valid=?x?>
  }
  return
}
