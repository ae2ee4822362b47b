// RUN: pto-opt --pto-to-std %s -split-input-file | FileCheck %s --implicit-check-not=' pto.' --implicit-check-not='!pto.'
// RUN: pto-opt --pto-to-std %s -split-input-file | FileCheck %s --check-prefix=ERRORS
// RUN: pto-opt --pto-to-llvm %s -split-input-file | FileCheck %s --check-prefix=LLVM --implicit-check-not=' pto.' --implicit-check-not='!pto.' --implicit-check-not=unrealized_conversion_cast

// Scalar quant i32 -> i8 with relu, from an NZ acc (16x16 boxes of a 1024
// fractal) into an NZ mat (16x32 boxes of i8): both tiles are their flat
// storage, addressed box by box; the ui64 word is reinterpreted as i64 (the
// casts vanish in the LLVM lowering); the quant formula in f32, step by
// step as runtime/ops/tinsert_conversion.py: scale from bits 31:0, offset from
// 45:37, round half to even, clamp by the sign bit 46, relu, NaN -> 0.
// CHECK-LABEL: func.func private @tinsert_op(
// CHECK-SAME: %[[S:arg[0-9]+]]: memref<1024xi8>, %[[I:arg[0-9]+]]: index, %[[W:arg[0-9]+]]: ui64, %[[D:arg[0-9]+]]: memref<2048xi8>
// CHECK: %[[SV:.*]] = memref.view %[[S]][%{{.*}}][] : memref<1024xi8> to memref<256xi32>
// CHECK: %[[DV:.*]] = memref.view %[[D]][%{{.*}}][] : memref<2048xi8> to memref<2048xi8>
// CHECK: %[[WORD:.*]] = builtin.unrealized_conversion_cast %[[W]] : ui64 to i64
// With the window's column offset a multiple of 16 (the narrower box), the
// copy goes run column by run column: 16 columns lie in one box of each
// tile; the run column's start offsets are computed once, its rows follow
// at a constant stride in both NZ tiles (16 elements in acc, 32 in mat),
// and each row's run is one vector; otherwise element by element (the
// else branch).
// CHECK: %[[OFFSET:.*]] = arith.remui %[[I]], %{{.*}} : index
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[OFFSET]], %{{.*}} : index
// CHECK: scf.if %[[ALIGNED]] {
// CHECK-NEXT: scf.for %[[C:.*]] = %{{.*}} to %[[C16:.*]] step %[[C16]] {
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[C16]], %[[C]] : index
// CHECK-NEXT: %[[COUNT:.*]] = arith.minui %[[C16]], %[[LEFT]] : index
// CHECK-NEXT: %[[SC:.*]] = arith.addi %{{.*}}, %[[C]] : index
// CHECK-NEXT: %[[WC:.*]] = arith.addi %[[I]], %[[C]] : index
// acc (0, c): (c / 16) * 256 + (c % 16)
// CHECK: %[[BC:.*]] = arith.divui %[[SC]], %{{.*}} : index
// CHECK: arith.muli %[[BC]], %{{.*}} : index
// CHECK: %[[IC:.*]] = arith.remui %[[SC]], %{{.*}} : index
// mat (index_row, c), 16x32 boxes down the columns of a 32-row tile:
// (r / 16) * 512 + (c / 32) * 1024 + (r % 16) * 32 + (c % 32)
// CHECK: arith.divui %[[I]], %{{.*}} : index
// CHECK: arith.divui %[[WC]], %{{.*}} : index
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %[[COUNT]], %[[C16]] : index
// CHECK-NEXT: scf.if %[[WHOLE]] {
// CHECK-NEXT: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[SRCSTEP:.*]] = arith.muli %[[R]], %[[C16]] : index
// CHECK-NEXT: %[[SRCAT:.*]] = arith.addi %[[SRC0:.*]], %[[SRCSTEP]] : index
// CHECK: %[[DSTSTEP:.*]] = arith.muli %[[R]], %{{.*}} : index
// CHECK-NEXT: %[[DSTAT:.*]] = arith.addi %[[DST0:.*]], %[[DSTSTEP]] : index
// A whole run is one vector of 16 elements, converted lane by lane:
// CHECK-NEXT: %[[X:.*]] = vector.load %[[SV]][%[[SRCAT]]] : memref<256xi32>, vector<16xi32>
// CHECK-NEXT: %[[WORDS:.*]] = vector.broadcast %[[WORD]] : i64 to vector<16xi64>
// CHECK: %[[SCALEBITS:.*]] = arith.andi %[[WORDS]], %{{.*}} : vector<16xi64>
// CHECK: %[[SCALE32:.*]] = arith.trunci %[[SCALEBITS]] : vector<16xi64> to vector<16xi32>
// CHECK: %[[SCALE:.*]] = arith.bitcast %[[SCALE32]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[XF:.*]] = arith.sitofp %[[X]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[SCALED:.*]] = arith.mulf %[[XF]], %[[SCALE]] : vector<16xf32>
// CHECK: %[[OFFBITS:.*]] = arith.shrui %[[WORDS]], %{{.*}} : vector<16xi64>
// CHECK: %[[OFF:.*]] = arith.andi %[[OFFBITS]], %{{.*}} : vector<16xi64>
// CHECK: %[[OFFF:.*]] = arith.uitofp %[[OFF]] : vector<16xi64> to vector<16xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[SCALED]], %[[OFFF]] : vector<16xf32>
// CHECK: %[[ROUNDED:.*]] = math.roundeven %[[SUM]] : vector<16xf32>
// CHECK: %[[SIGNED:.*]] = arith.trunci %{{.*}} : vector<16xi64> to vector<16xi1>
// CHECK: %[[LOW:.*]] = arith.select %[[SIGNED]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
// CHECK: %[[HIGH:.*]] = arith.select %[[SIGNED]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
// clip as numpy's, NaN passing: compares and selects.
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[ROUNDED]], %[[LOW]] : vector<16xf32>
// CHECK: %[[ATLEAST:.*]] = arith.select %[[BELOW]], %[[LOW]], %[[ROUNDED]] : vector<16xi1>, vector<16xf32>
// CHECK: %[[ABOVE:.*]] = arith.cmpf ogt, %[[ATLEAST]], %[[HIGH]] : vector<16xf32>
// CHECK: %[[CLAMPED:.*]] = arith.select %[[ABOVE]], %[[HIGH]], %[[ATLEAST]] : vector<16xi1>, vector<16xf32>
// CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[CLAMPED]], %[[ZERO:.*]] : vector<16xf32>
// CHECK: %[[RELU:.*]] = arith.select %[[POS]], %[[CLAMPED]], %[[ZERO]] : vector<16xi1>, vector<16xf32>
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[RELU]], %[[RELU]] : vector<16xf32>
// CHECK: %[[NONAN:.*]] = arith.select %[[NAN]], %{{.*}}, %[[RELU]] : vector<16xi1>, vector<16xf32>
// CHECK: %[[I32:.*]] = arith.fptosi %[[NONAN]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[I8:.*]] = arith.trunci %[[I32]] : vector<16xi32> to vector<16xi8>
// CHECK-NEXT: vector.store %[[I8]], %[[DV]][%[[DSTAT]]] : memref<2048xi8>, vector<16xi8>
// A shorter run column: the same conversion element by element.
// CHECK: } else {
// CHECK-NEXT: scf.for %[[R2:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[SRCAT2:.*]] = arith.addi %[[SRC0]], %{{.*}} : index
// CHECK: %[[DSTAT2:.*]] = arith.addi %[[DST0]], %{{.*}} : index
// CHECK-NEXT: scf.for %[[K:.*]] = %{{.*}} to %[[COUNT]] step
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[SRCAT2]], %[[K]] : index
// CHECK-NEXT: memref.load %[[SV]][%[[AT]]] : memref<256xi32>
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: %[[ONE:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK-NEXT: %[[TO:.*]] = arith.addi %[[DSTAT2]], %[[K]] : index
// CHECK-NEXT: memref.store %[[ONE]], %[[DV]][%[[TO]]] : memref<2048xi8>
// An unaligned window: element by element.
// CHECK: } else {
// CHECK: memref.store %{{.*}}, %[[DV]][%{{.*}}] : memref<2048xi8>
// CHECK-LABEL: func.func @quant_relu(
// CHECK-SAME: %{{.*}}: memref<1024xi8>, %{{.*}}: ui64, %{{.*}}: memref<2048xi8>, %{{.*}}: memref<7xi64>)

// LLVM-LABEL: llvm.func @tinsert_op(
// LLVM: llvm.intr.roundeven
// LLVM: llvm.fptosi
// LLVM-LABEL: llvm.func @quant_relu(
// LLVM-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
module attributes {pto.target_arch = "a2a3"} {
func.func @quant_relu(%s: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %w: ui64,
                      %d: !pto.tile_buf<mat, 32x64xi8, blayout=col_major, slayout=row_major>) {
  %c16 = arith.constant 16 : index
  pto.tinsert ins(%s, %c16, %c16, %w : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, ui64) outs(%d : !pto.tile_buf<mat, 32x64xi8, blayout=col_major, slayout=row_major>) {relu}
  return
}
}

// -----

// A quantization docs/semantics.md leaves undefined (vector f32 -> bf16) fails
// when the op runs, as in the interpreter: a check that never holds.
// CHECK-LABEL: func.func private @textract_op(
// CHECK: %[[NEVER:.*]] = arith.constant false
// CHECK: scf.if %[[NEVER]] {
// LLVM-LABEL: llvm.func @textract_op(
module attributes {pto.target_arch = "a5"} {
func.func @undefined(%s: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %w: !pto.tile_buf<scaling, 1x16xui64>, %d: !pto.tile_buf<vec, 16x16xbf16>) {
  %c0 = arith.constant 0 : index
  // ERRORS: pto_host.errors = [{{.*}}{kind = "quantization_undefined", op = "'pto.textract' op at {{.*}}tinsert-convert.mlir:[[#@LINE+1]]:3", text = {dst = "bf16", form = "vector", src = "f32"}, unsigned = []}]
  pto.textract ins(%s, %c0, %c0, %w : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%d : !pto.tile_buf<vec, 16x16xbf16>)
  return
}
}

// -----

// Plain f32 -> f16: round half to even (truncf), and NaN as numpy makes it
// (sign, top payload bits kept as they are: the CPU would quiet a
// signaling NaN). f32 -> bf16 goes through arith-expand in the LLVM
// pipeline (no AVX512-BF16 or compiler-rt routine needed).
// CHECK-LABEL: func.func private @tinsert_op(
// CHECK: %[[V:.*]] = memref.load
// CHECK: %[[T:.*]] = arith.truncf %[[V]] : f32 to f16
// CHECK: %[[ISNAN:.*]] = arith.cmpf uno, %[[V]], %[[V]] : f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[V]] : f32 to i32
// CHECK: arith.maxui
// CHECK: %[[NANH:.*]] = arith.bitcast %{{.*}} : i16 to f16
// CHECK: %[[H:.*]] = arith.select %[[ISNAN]], %[[NANH]], %[[T]] : f16
// CHECK: memref.store %[[H]]
// CHECK-LABEL: func.func private @tinsert_op_0(
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// LLVM-LABEL: llvm.func @tinsert_op(
// LLVM: llvm.fptrunc %{{.*}} : vector<16xf32> to vector<16xf16>
// LLVM-LABEL: llvm.func @tinsert_op_0(
// LLVM-NOT: llvm.fptrunc
// LLVM-LABEL: llvm.func @plain(
module attributes {pto.target_arch = "a5"} {
func.func @plain(%s: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>,
                 %h: !pto.tile_buf<vec, 16x16xf16>, %b: !pto.tile_buf<vec, 16x16xbf16, blayout=col_major>) {
  %c0 = arith.constant 0 : index
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) outs(%h : !pto.tile_buf<vec, 16x16xf16>)
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) outs(%b : !pto.tile_buf<vec, 16x16xbf16, blayout=col_major>)
  return
}
}
