// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's address spaces read. A memref in one is PTOAS's memref form,
// which pto-opt reads as tile buffers and pointers (memref-form.mlir), a
// declaration's types too; the attribute itself prints as PTOAS spells it.

// CHECK-LABEL: func.func private @k
// CHECK-SAME: (!pto.ptr<f16>, !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<mat, 16x16xf16>)
func.func private @k(memref<16x256xf16, #pto.address_space<gm>>, memref<16x16xf16, #pto.address_space<vec>>, memref<16x16xf16, #pto.address_space<mat>>)

// CHECK-LABEL: func.func private @spaces
// CHECK-SAME: attributes {spaces = [#pto.address_space<gm>, #pto.address_space<vec>, #pto.address_space<scaling>]}
func.func private @spaces() attributes {spaces = [#pto.address_space<gm>, #pto.address_space<vec>, #pto.address_space<scaling>]}
