// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's memref form: the rules of #pto.tile_buf_config (PTOAS a56b18c3
// lib/PTO/IR/PTOAttrs.cpp:50-90, TileBufConfigAttr::verify) and what
// pto-memref-to-tiles does not read, each refused by name at its location
// (docs/ptoas.md, "PTOAS's memref form").

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{tile_buf_config_c1: unsupported s_fractal_size: 64 (16, 32, 512 or 1024)}}
  %b = pto.bind_tile %m {config = #pto.tile_buf_config<s_fractal_size=64>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{tile_buf_config_c2: unsupported blayout value: 2 (0 row_major, 1 col_major)}}
  %b = pto.bind_tile %m {config = #pto.tile_buf_config<blayout=2 : i32>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{tile_buf_config_c3: unsupported slayout value: 3 (0 none_box, 1 row_major, 2 col_major)}}
  %b = pto.bind_tile %m {config = #pto.tile_buf_config<slayout=3 : i32>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{tile_buf_config_c4: unsupported pad value: 4 (0 null, 1 zero, 2 max, 3 min)}}
  %b = pto.bind_tile %m {config = #pto.tile_buf_config<pad=4 : i32>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{tile_buf_config_c5: unsupported compact_mode value: 3 (0 null, 1 normal, 2 row_plus_one)}}
  %b = pto.bind_tile %m {config = #pto.tile_buf_config<compact=3>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{unknown key in tile_buf_config: b_fractal_size}}
  %b = pto.bind_tile %m {config = #pto.tile_buf_config<b_fractal_size=512>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{compact=1 (pto-isa's CompactMode::Normal, packed tail blocks) is not supported: pto-mlir models only uncompacted tiles, compact=0}}
  %b = pto.bind_tile %m {config = #pto.tile_buf_config<compact=1>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

func.func @k(%n: index) {
  // expected-error @+1 {{'memref<16x?xf16, #pto.address_space<vec>>' is not read: an on-chip buffer has a static shape of rank 1 or more and the identity layout (PTOAS's memref form, docs/ptoas.md)}}
  %m = memref.alloc(%n) : memref<16x?xf16, #pto.address_space<vec>>
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'memref<16xf16, #pto.address_space<zero>>' is not read: an on-chip buffer is in vec, mat, left, right, acc, bias or scaling (PTOAS's memref form, docs/ptoas.md)}}
  %m = memref.alloc() : memref<16xf16, #pto.address_space<zero>>
  return
}

// -----

// expected-error @+1 {{'memref<?x16xf16, #pto.address_space<gm>>' is not read: a global argument has a static shape of rank 1 or more and the identity layout (PTOAS's memref form, docs/ptoas.md)}}
func.func @k(%a: memref<?x16xf16, #pto.address_space<gm>>) {
  return
}

// -----

// expected-error @+1 {{'memref<16xf16, #pto.address_space<gm>>' is not read: a function returns no global memory (PTOAS's memref form, docs/ptoas.md)}}
func.func private @k() -> memref<16xf16, #pto.address_space<gm>>

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{'memref.subview' op is not read: of the memref dialect, pto-mlir reads memref.alloc and memref.reinterpret_cast of a gm argument (PTOAS's memref form, docs/ptoas.md)}}
  %s = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<16x16xf16, #pto.address_space<vec>> to memref<8x16xf16, strided<[16, 1]>, #pto.address_space<vec>>
  return
}

// -----

func.func @k(%a: memref<16xi16, #pto.address_space<gm>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'memref.reinterpret_cast' op is not read with an offset other than a constant 0: a pto-mlir tensor view starts at its pointer (docs/ptoas.md)}}
  %v = memref.reinterpret_cast %a to offset: [%c8], sizes: [%c1, %c8], strides: [%c16, %c1] : memref<16xi16, #pto.address_space<gm>> to memref<1x8xi16, strided<[16, 1], offset: ?>, #pto.address_space<gm>>
  return
}

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.reinterpret_cast' op is not read: its source must be a gm argument of the function (PTOAS's memref form, docs/ptoas.md)}}
  %v = memref.reinterpret_cast %m to offset: [%c0], sizes: [256], strides: [1] : memref<16x16xf16, #pto.address_space<vec>> to memref<256xf16, strided<[1], offset: ?>, #pto.address_space<vec>>
  return
}

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{'pto.bind_tile' op is not read: its source must be a memref.alloc or pto.pointer_cast that nothing else uses (PTOAS's memref form, docs/ptoas.md)}}
  %b = pto.bind_tile %m {config = #pto.tile_buf_config<blayout=1 : i32, slayout=1 : i32>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  pto.tor ins(%m, %m : memref<16x16xf16, #pto.address_space<vec>>, memref<16x16xf16, #pto.address_space<vec>>) outs(%m : memref<16x16xf16, #pto.address_space<vec>>)
  return
}

// -----

func.func @k() {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{'pto.bind_tile' op is not read: it changes the buffer's type 'memref<16x16xf16, #pto.address_space<vec>>' to 'memref<16x16xf16, strided<[16, 1], offset: ?>, #pto.address_space<vec>>' (PTOAS's memref form, docs/ptoas.md)}}
  %b = pto.bind_tile %m {config = #pto.tile_buf_config<>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, strided<[16, 1], offset: ?>, #pto.address_space<vec>>
  return
}

// -----

func.func @k() {
  %a = arith.constant 0 : i64
  %b = arith.constant 8192 : i64
  // expected-error @+1 {{'pto.pointer_cast' op is not read with 2 addresses: a tile buffer has one (PTOAS's memref form, docs/ptoas.md)}}
  %m = pto.pointer_cast(%a, %b) : memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

// What the form becomes is then verified as ours, here tload's rule on
// the window's element type.
func.func @k(%a: memref<16x16xf32, #pto.address_space<gm>>) {
  %m = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{'pto.tload' op dst element type f16 differs from the window's element type f32}}
  pto.tload ins(%a : memref<16x16xf32, #pto.address_space<gm>>) outs(%m : memref<16x16xf16, #pto.address_space<vec>>)
  return
}
