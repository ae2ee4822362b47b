// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's address spaces read and print as PTOAS spells them (on a memref
// here: pto-mlir reads the attribute; its ops take tiles, not memrefs).

// CHECK-LABEL: func.func private @k
// CHECK-SAME: memref<16x256xf16, #pto.address_space<gm>>
// CHECK-SAME: memref<16x16xf16, #pto.address_space<vec>>
// CHECK-SAME: memref<16x16xf16, #pto.address_space<mat>>
func.func private @k(memref<16x256xf16, #pto.address_space<gm>>, memref<16x16xf16, #pto.address_space<vec>>, memref<16x16xf16, #pto.address_space<mat>>)
