// RUN: pto-opt %s -split-input-file | FileCheck %s
// PTOAS's memref form (its IR after PTOViewToMemref), read as tile buffers
// and tensor views by pto-memref-to-tiles, which pto-opt runs before it
// verifies (docs/ptoas.md, "PTOAS's memref form"). memref-form-invalid.mlir
// has what is refused and the rules of tile_buf_config.

// A gm argument becomes a pointer and the window of all of its tensor (its
// rows and cols, row-major strides); an on-chip memref.alloc a tile buffer of
// PTOAS's default layout; the ops keep their operands.
// CHECK-LABEL: func.func @copy
// CHECK-SAME: (%[[A:.*]]: !pto.ptr<f16>, %[[B:.*]]: !pto.ptr<f16>)
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[TA:.*]] = pto.make_tensor_view %[[A]], shape = [%[[C16]], %[[C32]]], strides = [%[[C32]], %[[C1]]] : !pto.tensor_view<16x32xf16>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[WA:.*]] = pto.partition_view %[[TA]], offsets = [%[[C0]], %[[C0]]], sizes = [%[[C16]], %[[C32]]] : !pto.tensor_view<16x32xf16> -> !pto.partition_tensor_view<16x32xf16>
// CHECK: %[[TB:.*]] = pto.make_tensor_view %[[B]], shape = [%[[C16]], %[[C32]]], strides = [%[[C32]], %[[C1]]] : !pto.tensor_view<16x32xf16>
// CHECK: %[[WB:.*]] = pto.partition_view %[[TB]], offsets = [%[[C0]], %[[C0]]], sizes = [%[[C16]], %[[C32]]]
// CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16>
// CHECK: pto.tload ins(%[[WA]] : !pto.partition_tensor_view<16x32xf16>) outs(%[[T]] : !pto.tile_buf<vec, 16x32xf16>)
// CHECK: pto.tstore ins(%[[T]] : !pto.tile_buf<vec, 16x32xf16>) outs(%[[WB]] : !pto.partition_tensor_view<16x32xf16>)
// CHECK-NOT: memref
func.func @copy(%a: memref<16x32xf16, #pto.address_space<gm>>,
                %b: memref<16x32xf16, #pto.address_space<gm>>) {
  %t = memref.alloc() : memref<16x32xf16, #pto.address_space<vec>>
  pto.tload ins(%a : memref<16x32xf16, #pto.address_space<gm>>)
            outs(%t : memref<16x32xf16, #pto.address_space<vec>>)
  pto.tstore ins(%t : memref<16x32xf16, #pto.address_space<vec>>)
             outs(%b : memref<16x32xf16, #pto.address_space<gm>>)
  return
}

// -----

// A rank-3 memref keeps its bytes, in their order: rows are the product of
// the leading extents (PTOAS's PlanMemory sizes it so), in a buffer and in
// global memory.
// CHECK-LABEL: func.func @rank3
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%[[C32]], %[[C16]]], strides = [%[[C16]], %[[C1]]] : !pto.tensor_view<32x16xf32>
// CHECK: pto.alloc_tile : !pto.tile_buf<vec, 32x16xf32>
func.func @rank3(%a: memref<4x8x16xf32, #pto.address_space<gm>>) {
  %t = memref.alloc() : memref<4x8x16xf32, #pto.address_space<vec>>
  pto.tload ins(%a : memref<4x8x16xf32, #pto.address_space<gm>>)
            outs(%t : memref<4x8x16xf32, #pto.address_space<vec>>)
  return
}

// -----

// pto.bind_tile gives the buffer it is the only use of its layout and
// valid shape: constant extents static, others `?` from the operand.
// CHECK-LABEL: func.func @bound
// CHECK: %[[NZ:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
// CHECK: pto.alloc_tile valid_col = %arg0 : !pto.tile_buf<vec, 16x32xf32, valid=8x?, pad=zero>
// CHECK-NOT: bind_tile
func.func @bound(%n: index) {
  %c8 = arith.constant 8 : index
  %m = memref.alloc() : memref<32x32xf16, #pto.address_space<mat>>
  %nz = pto.bind_tile %m {config = #pto.tile_buf_config<blayout=1 : i32, slayout=1 : i32, s_fractal_size=512, pad=0 : i32>}
      : memref<32x32xf16, #pto.address_space<mat>> -> memref<32x32xf16, #pto.address_space<mat>>
  %v = memref.alloc() : memref<16x32xf32, #pto.address_space<vec>>
  %vb = pto.bind_tile %v, %c8, %n {config = #pto.tile_buf_config<pad=1>}
      : memref<16x32xf32, #pto.address_space<vec>> -> memref<16x32xf32, #pto.address_space<vec>>
  return
}

// -----

// pto.pointer_cast is a placed buffer: alloc_tile addr.
// CHECK-LABEL: func.func @placed
// CHECK: %[[ADDR:.*]] = arith.constant 8192 : i64
// CHECK: pto.alloc_tile addr = %[[ADDR]] : !pto.tile_buf<vec, 16x16xf16>
// CHECK: pto.alloc_tile addr = %[[ADDR]] : !pto.tile_buf<vec, 16x16xf16, blayout=col_major, slayout=row_major>
func.func @placed() {
  %c8192 = arith.constant 8192 : i64
  %a = pto.pointer_cast(%c8192) : memref<16x16xf16, #pto.address_space<vec>>
  %b = pto.pointer_cast(%c8192) {config = #pto.tile_buf_config<blayout=1, slayout=1>} : memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

// memref.reinterpret_cast of a gm argument: the tensor of its extents and
// strides, with its layout.
// CHECK-LABEL: func.func @cast
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<i16>)
// CHECK: %[[T:.*]] = pto.make_tensor_view %[[P]], shape = [%c1, %c16], strides = [%c16, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<1x16xi16>
// CHECK: pto.partition_view %[[T]], offsets = [%{{.*}}, %{{.*}}], sizes = [%c1, %c16] : !pto.tensor_view<1x16xi16> -> !pto.partition_tensor_view<1x16xi16>
func.func @cast(%dst: memref<16xi16, #pto.address_space<gm>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %v = memref.reinterpret_cast %dst to offset: [%c0], sizes: [%c1, %c16], strides: [%c16, %c1] {layout = #pto.layout<nd>} : memref<16xi16, #pto.address_space<gm>> to memref<1x16xi16, strided<[16, 1], offset: ?>, #pto.address_space<gm>>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 1x16xi16>
  pto.tstore ins(%t : !pto.tile_buf<vec, 1x16xi16>) outs(%v : memref<1x16xi16, strided<[16, 1], offset: ?>, #pto.address_space<gm>>)
  return
}

// -----

// Buffers carried by scf take their tile types.
// CHECK-LABEL: func.func @carried
// CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x16xi32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[T]]) -> (!pto.tile_buf<vec, 8x16xi32>)
// CHECK: scf.yield %{{.*}} : !pto.tile_buf<vec, 8x16xi32>
func.func @carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<8x16xi32, #pto.address_space<vec>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %t) -> (memref<8x16xi32, #pto.address_space<vec>>) {
    pto.tor ins(%x, %x : memref<8x16xi32, #pto.address_space<vec>>, memref<8x16xi32, #pto.address_space<vec>>) outs(%x : memref<8x16xi32, #pto.address_space<vec>>)
    scf.yield %x : memref<8x16xi32, #pto.address_space<vec>>
  }
  return
}
