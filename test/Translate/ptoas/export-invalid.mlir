// RUN: pto-translate --export-ptoas --split-input-file --verify-diagnostics %s
// What PTOAS cannot express, at either level (checked at the default,
// level2): one case per refusal, each an error at the op.
// export-invalid-level3.mlir has what only level3 refuses.

// expected-error @+1 {{'!pto.tile<vec, 16x32xi16>' has no PTOAS form: PTOAS has no Level 1 tiles; convert the kernel to Level 2 with pto-to-dps first}}
func.func @level1(%a: !pto.tile<vec, 16x32xi16>) {
  return
}

// -----
// expected-error @+1 {{argument #1 of @tile_argument is a tile buffer, which has no PTOAS form: ptoas makes a tile argument a raw pointer, which pto-isa's tile calls do not take; pass global memory (!pto.ptr) and pto.tload it into an alloc_tile}}
func.func @tile_argument(%n: index, %a: !pto.tile_buf<vec, 16x32xi16>) {
  return
}

// -----

// expected-error @+1 {{argument #0 of @tile_parameter is a tile buffer, which has no PTOAS form: ptoas makes a tile argument a raw pointer, which pto-isa's tile calls do not take; pass global memory (!pto.ptr) and pto.tload it into an alloc_tile}}
func.func private @tile_parameter(!pto.tile_buf<vec, 16x32xi16>)

// -----

// expected-error @+1 {{result #0 of @tile_result is a tile buffer, which has no PTOAS form: PTOAS functions return no tiles; pto.tstore the tile to global memory}}
func.func private @tile_result() -> !pto.tile_buf<vec, 16x32xi16>

// -----

// expected-error @+1 {{argument #0 of @view_argument is a tensor view, which has no PTOAS form: ptoas's functions take global memory as !pto.ptr; make the view inside with pto.make_tensor_view}}
func.func @view_argument(%v: !pto.partition_tensor_view<16x16xf16>) {
  return
}

// -----

// expected-error @+1 {{result #0 of @view_result is a tensor view, which has no PTOAS form: ptoas's functions take global memory as !pto.ptr; make the view inside with pto.make_tensor_view}}
func.func private @view_result() -> !pto.tensor_view<16x16xf16>

// -----

func.func @loop_carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  // expected-error @+1 {{'scf.for' carries a tile buffer, which has no PTOAS form: ptoas takes tiles only as operands of pto ops, not through calls, loop-carried values, selects or returns}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (!pto.tile_buf<vec, 16x32xi16>) {
    pto.tor ins(%acc, %acc : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%acc : !pto.tile_buf<vec, 16x32xi16>)
    scf.yield %acc : !pto.tile_buf<vec, 16x32xi16>
  }
  return
}

// -----

func.func @selected(%c: i1) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  // expected-error @+1 {{'arith.select' carries a tile buffer, which has no PTOAS form: ptoas takes tiles only as operands of pto ops, not through calls, loop-carried values, selects or returns}}
  %s = arith.select %c, %a, %b : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%s, %s : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%a : !pto.tile_buf<vec, 16x32xi16>)
  return
}

// -----

func.func @interleave() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  // expected-error @+1 {{'pto.tinterleave' has no PTOAS form: PTOAS defines no tinterleave op}}
  pto.tinterleave ins(%a, %b : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>) outs(%c, %d : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>)
  return
}

// -----

func.func @deinterleave() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  // expected-error @+1 {{'pto.tdeinterleave' has no PTOAS form: PTOAS defines no tdeinterleave op}}
  pto.tdeinterleave ins(%a, %b : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>) outs(%c, %d : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>)
  return
}

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @relu() {
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %fp = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xui64>
    %dst = pto.alloc_tile : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.tinsert' with 'relu' has no PTOAS form: PTOAS's tinsert has no such attribute and would ignore it}}
    pto.tinsert ins(%acc, %c0, %c0, %fp : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%dst : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>) {relu}
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @acc_to_vec() {
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %dst = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.tinsert' with 'acc_to_vec' has no PTOAS form: PTOAS's tinsert has no such attribute and would ignore it}}
    pto.tinsert ins(%acc, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) outs(%dst : !pto.tile_buf<vec, 16x16xf16>) {acc_to_vec = #pto.acc_to_vec<single_vec0>}
    return
  }
}

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @scalar_quant(%word: i64) {
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %dst = pto.alloc_tile : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.tinsert' with a scalar quant operand of type 'i64' has no PTOAS form: PTOAS versions disagree on it (only newer ones give tinsert/textract a scalar quant operand)}}
    pto.tinsert ins(%acc, %c0, %c0, %word : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) outs(%dst : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

func.func @sort_page_form() {
  %src = pto.alloc_tile : !pto.tile_buf<vec, 1x32xf32>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 1x32xf32>
  %idx = pto.alloc_tile : !pto.tile_buf<vec, 1x32xui32>
  // expected-error @+1 {{'pto.tsort32' in the page form (outs dst, idx) has no PTOAS form: PTOAS's tsort32 reads idx and writes one destination of records, 'ins(src, idx[, tmp]) outs(dst)'}}
  pto.tsort32 ins(%src : !pto.tile_buf<vec, 1x32xf32>) outs(%dst, %idx : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xui32>)
  return
}

// -----

func.func @mrgsort_dst_tmp_shapes() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
  %tmp = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
  // expected-error @+1 {{'pto.tmrgsort' with dst of 64 cols and tmp of 128 has no PTOAS form: PTOAS's tmrgsort takes dst and tmp of one shape}}
  pto.tmrgsort ins(%a, %a, %tmp : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x128xf32>) outs(%dst : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

func.func @mrgsort_single_cols() {
  %len = arith.constant 64 : i32
  %src = pto.alloc_tile : !pto.tile_buf<vec, 1x256xf32>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 1x512xf32, valid=1x256>
  // expected-error @+1 {{'pto.tmrgsort' with src of 256 cols and dst of 512 has no PTOAS form: PTOAS's tmrgsort takes src and dst of one number of columns}}
  pto.tmrgsort ins(%src, %len : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%dst : !pto.tile_buf<vec, 1x512xf32, valid=1x256>)
  return
}

// -----

func.func @reshape_copy() {
  %src = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi32>
  // expected-error @+1 {{'pto.treshape' in the copy form (ins/outs) has no PTOAS form unless src and dst are one fully valid vec type (then it is PTOAS's tmov): PTOAS's treshape is a view, '%d = pto.treshape %s : A -> B'}}
  pto.treshape ins(%src : !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 8x32xi32>)
  return
}

// -----
func.func @assign_view() {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  %v = pto.treshape %t : !pto.tile_buf<vec, 16x32xi16> -> !pto.tile_buf<vec, 32x16xi16>
  // expected-error @+1 {{'pto.tassign' of a value not defined by pto.alloc_tile has no PTOAS form: PTOAS places a buffer only where it allocates it ('alloc_tile addr = %a')}}
  pto.tassign %v, @tile(0x0)
  return
}

// -----

func.func @assign_twice() {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tassign %t, @tile(0x0)
  // expected-error @+1 {{'pto.tassign' places a buffer already placed at 0x0: PTOAS gives each alloc_tile one address}}
  pto.tassign %t, @tile(0x400)
  return
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @unsigned_index(%r: ui16) {
    %src = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>
    %dst = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
    // expected-error @+1 {{a window index of type 'ui16' has no PTOAS form: PTOAS takes index operands, and arith converts only signless integers to index}}
    pto.tinsert ins(%src, %r, %r : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>, ui16, ui16) outs(%dst : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

module {
  // expected-error @+1 {{'builtin.module' is not exported to PTOAS: the exporter writes func, arith, scf and pto ops}}
  module {}
}

// -----

func.func @addr_and_tassign() {
  %c = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %c : !pto.tile_buf<vec, 16x32xi16>
  // expected-error @+1 {{'pto.tassign' places a buffer already placed at 0x0: PTOAS gives each alloc_tile one address}}
  pto.tassign %t, @tile(0x400)
  return
}

// -----

// expected-error @+1 {{@pair returns more than one value, which has no PTOAS form: ptoas's C++ functions return at most one}}
func.func private @pair(%x: i32) -> (i32, i32) {
  return %x, %x : i32, i32
}

// -----

// expected-error @+1 {{@count is an entry (a public definition, or the module's only one) and returns a value, which has no PTOAS form: ptoas's kernels return nothing; store results to global memory}}
func.func @count(%x: i32) -> i32 {
  return %x : i32
}

// -----

// PTOAS's A5 textract takes no i32 destination (PTOAS lib/PTO/IR/PTO.cpp:4075).
module attributes {pto.target_arch = "a5"} {
  func.func @extract_i32_a5() {
    %src = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi32>
    %dst = pto.alloc_tile : !pto.tile_buf<vec, 8x16xi32>
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.textract' of 'i32' has no PTOAS form on a5: PTOAS's A5 textract takes 8-bit integers, fp8, f16, bf16 and f32 only}}
    pto.textract ins(%src, %c0, %c0 : !pto.tile_buf<vec, 8x32xi32>, index, index) outs(%dst : !pto.tile_buf<vec, 8x16xi32>)
    return
  }
}

// -----

// Without a target the exporter writes a5 (kPtoasDefaultTarget): refused too.
func.func @extract_i32_default() {
  %src = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi32>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 8x16xi32>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pto.textract' of 'i32' has no PTOAS form on a5: PTOAS's A5 textract takes 8-bit integers, fp8, f16, bf16 and f32 only}}
  pto.textract ins(%src, %c0, %c0 : !pto.tile_buf<vec, 8x32xi32>, index, index) outs(%dst : !pto.tile_buf<vec, 8x16xi32>)
  return
}

// -----

// ptoas writes an fp8 global tensor as GlobalTensor<float>
// (PTOAS lib/PTO/Transforms/PTOToEmitC.cpp:2738-2765).
module attributes {pto.target_arch = "a5"} {
  func.func @tensor_f8(%p: !pto.ptr<f8E4M3FN>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    // expected-error @+1 {{'pto.make_tensor_view' of 'f8E4M3FN' has no PTOAS form: ptoas writes a global tensor of it as GlobalTensor<float>, whose C++ does not compile; PTOAS's global tensors hold integers, f16, bf16 and f32}}
    %v = pto.make_tensor_view %p, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<1x32xf8E4M3FN>
    return
  }
}

// -----

func.func @valid_shape(%x: !pto.ptr<f32>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf32>
  // expected-error @+1 {{'pto.valid_shape' has no PTOAS form: PTOAS has no op that reads a tile's valid shape}}
  %r, %c = pto.valid_shape %t : !pto.tile_buf<vec, 8x32xf32>
  return
}

// -----

// PTOAS's A2/A3 tor takes 8- and 16-bit integers only (PTOAS
// lib/PTO/IR/PTO.cpp:6305-6314); our tor_c1 follows pto-isa, whose a2a3
// TOR takes 32-bit integers too.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tor_i32_a2a3() {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi32>
    // expected-error @+1 {{'pto.tor' of 'i32' has no PTOAS form on a2a3: PTOAS's A2/A3 tor takes 8- and 16-bit integers only}}
    pto.tor ins(%t, %t : !pto.tile_buf<vec, 16x32xi32>, !pto.tile_buf<vec, 16x32xi32>) outs(%t : !pto.tile_buf<vec, 16x32xi32>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @tor_ui32_a2a3() {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xui32>
    // expected-error @+1 {{'pto.tor' of 'ui32' has no PTOAS form on a2a3: PTOAS's A2/A3 tor takes 8- and 16-bit integers only}}
    pto.tor ins(%t, %t : !pto.tile_buf<vec, 16x32xui32>, !pto.tile_buf<vec, 16x32xui32>) outs(%t : !pto.tile_buf<vec, 16x32xui32>)
    return
  }
}

// -----

// PTOAS's tmaxs and tmins take a float scalar only (PTOAS
// lib/PTO/Transforms/PTOViewToMemref.cpp:2932, :2988); our tile-scalar
// family follows pto-isa, whose TMAXS/TMINS take integers too.
func.func @tmaxs_i16(%s: i16) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  // expected-error @+1 {{'pto.tmaxs' of 'i16' has no PTOAS form: PTOAS's tmaxs and tmins take a float scalar only}}
  pto.tmaxs ins(%t, %s : !pto.tile_buf<vec, 16x32xi16>, i16) outs(%t : !pto.tile_buf<vec, 16x32xi16>)
  return
}

// -----

func.func @tmins_i32(%s: i32) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi32>
  // expected-error @+1 {{'pto.tmins' of 'i32' has no PTOAS form: PTOAS's tmaxs and tmins take a float scalar only}}
  pto.tmins ins(%t, %s : !pto.tile_buf<vec, 16x32xi32>, i32) outs(%t : !pto.tile_buf<vec, 16x32xi32>)
  return
}

// -----

// PTOAS's texpands takes a scalar of the tile's element type (PTO.cpp:3911),
// ours a signless one (tile_scalar rule c2).
func.func @texpands_ui16(%s: i16) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xui16>
  // expected-error @+1 {{'pto.texpands' of 'ui16' has no PTOAS form: PTOAS's texpands takes a scalar of the tile's element type, ours a signless one}}
  pto.texpands ins(%s : i16) outs(%t : !pto.tile_buf<vec, 16x32xui16>)
  return
}

// -----

// PTOAS's A2/A3 tinsert moves acc f32 to mat f16/bf16 only (PTOAS
// lib/PTO/IR/PTO.cpp:4183-4198); ours also moves vec -> vec on a2a3.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinsert_vec_a2a3() {
    %c0 = arith.constant 0 : index
    %s = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 32x64xi16>
    // expected-error @+1 {{'pto.tinsert' from vec 'i16' to vec 'i16' has no PTOAS form on a2a3: PTOAS's A2/A3 tinsert moves acc f32 to mat f16 or bf16 only}}
    pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<vec, 16x32xi16>, index, index) outs(%d : !pto.tile_buf<vec, 32x64xi16>)
    return
  }
}

// -----

// A DN tensor whose columns are padded (column stride 32 > 16 rows): ptoas
// infers ND from the constant strides and refuses the written DN.
func.func @dn_padded_columns(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.make_tensor_view' has no PTOAS form: pto-mlir moves its windows as DN, but ptoas infers ND from its constant shape and strides and refuses another layout (its layout inference reads DN only for row stride 1 and column stride = rows in the last two dimensions); pass the shape or the strides as arguments, or lay the tensor out so}}
  %v = pto.make_tensor_view %p, shape = [%c16, %c8], strides = [%c1, %c32] {layout = #pto.layout<dn>} : !pto.tensor_view<16x8xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c8] : !pto.tensor_view<16x8xf32> -> !pto.partition_tensor_view<16x8xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>
  pto.tload ins(%w : !pto.partition_tensor_view<16x8xf32>) outs(%t : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>)
  return
}

// -----

// A view without a layout whose windows are moved by a row_major tile (ND)
// and a col_major one (DN): ptoas takes one layout per view.
func.func @two_layouts(%p: !pto.ptr<f32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.make_tensor_view' names no layout and its windows are moved both as ND (by row_major tiles) and as DN (by col_major tiles): ptoas takes one layout per tensor view; make one view with layout = nd and one with layout = dn}}
  %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%n, %c1] : !pto.tensor_view<16x16xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<16x16xf32> -> !pto.partition_tensor_view<16x16xf32>
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, blayout=col_major>
  pto.tload ins(%w : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tload ins(%w : !pto.partition_tensor_view<16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32, blayout=col_major>)
  return
}

// -----

// PTOAS's A2/A3 textract moves mat to left or right only (PTOAS
// lib/PTO/IR/PTO.cpp:4007-4009, :4037-4045); ours also moves vec -> vec.
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_vec_a2a3() {
    %c0 = arith.constant 0 : index
    %s = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 8x16xi16>
    // expected-error @+1 {{'pto.textract' from vec 'i16' to vec 'i16' has no PTOAS form on a2a3: PTOAS's A2/A3 textract moves mat to left or right only, of 8-bit integers, f16, bf16 or f32}}
    pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<vec, 16x32xi16>, index, index) outs(%d : !pto.tile_buf<vec, 8x16xi16>)
    return
  }
}

// -----

// ptoas's C++ emission refuses recursive calls; a cycle through two
// functions is refused at the first call, depth first, that leads into it.
func.func @even(%n: index) {
  // expected-error @+1 {{a recursive call (of @odd) has no PTOAS form: ptoas's C++ emission refuses recursive calls}}
  func.call @odd(%n) : (index) -> ()
  return
}
func.func @odd(%n: index) {
  func.call @even(%n) : (index) -> ()
  return
}

// -----

// PTOAS's trowmax and trowmin take i16, i32, f16 and f32 only (PTO.cpp:7964,
// :8041, A5's); A5's take i8 and ui8 too (a5/TRowReduce.hpp:365, :420).
func.func @trowmax_i8() {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 32x64xi8>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 32x1xi8, blayout=col_major>
  // expected-error @+1 {{'pto.trowmax' of 'i8' has no PTOAS form: PTOAS's row reductions take i16, i32, f16 and f32 only}}
  pto.trowmax ins(%s, %s : !pto.tile_buf<vec, 32x64xi8>, !pto.tile_buf<vec, 32x64xi8>) outs(%d : !pto.tile_buf<vec, 32x1xi8, blayout=col_major>)
  return
}

// -----

// PTOAS defines no tsubrelu (our binary family's row of pto-isa's TSUBRELU).
func.func @tsubrelu() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16>
  // expected-error @+1 {{'pto.tsubrelu' has no PTOAS form: PTOAS defines no tsubrelu op}}
  pto.tsubrelu ins(%a, %a : !pto.tile_buf<vec, 16x32xf16>, !pto.tile_buf<vec, 16x32xf16>) outs(%d : !pto.tile_buf<vec, 16x32xf16>)
  return
}

// -----

// PTOAS's tlrelu takes an f32 slope (PTOOps.td:3834), ours one of the
// element type (tile_scalar rule c2).
func.func @tlrelu_f16(%s: f16) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16>
  // expected-error @+1 {{'pto.tlrelu' of 'f16' has no PTOAS form: PTOAS's tlrelu takes an f32 slope (F32:$slope), ours one of the element type}}
  pto.tlrelu ins(%a, %s : !pto.tile_buf<vec, 16x32xf16>, f16) outs(%d : !pto.tile_buf<vec, 16x32xf16>)
  return
}

// -----

// PTOAS's tfmods takes a scalar of the tile's element type (PTO.cpp:7071).
func.func @tfmods_ui16(%s: i16) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x32xui16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x32xui16>
  // expected-error @+1 {{'pto.tfmods' of 'ui16' has no PTOAS form: PTOAS's tfmods takes a scalar of the tile's element type, ours a signless one}}
  pto.tfmods ins(%a, %s : !pto.tile_buf<vec, 16x32xui16>, i16) outs(%d : !pto.tile_buf<vec, 16x32xui16>)
  return
}

// -----

// PTOAS's A2/A3 txor, tands, tors, txors take 8- and 16-bit integers only
// (PTO.cpp:8839, :3035, :6369, :8897).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tands_i32(%s: i32) {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi32>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi32>
    // expected-error @+1 {{'pto.tands' of 'i32' has no PTOAS form on a2a3: PTOAS's A2/A3 tands takes 8- and 16-bit integers only}}
    pto.tands ins(%a, %s : !pto.tile_buf<vec, 16x32xi32>, i32) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
    return
  }
}

// -----

// PTOAS's A5 tcolsum, tcolmax and tcolmin take no 64-bit integers
// (PTO.cpp:3410, :3477, :3665); A5's headers do (a5/TColReduceOps.hpp:31).
module attributes {pto.target_arch = "a5"} {
  func.func @tcolsum_i64() {
    %s = pto.alloc_tile : !pto.tile_buf<vec, 8x8xi64>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 1x8xi64>
    // expected-error @+1 {{'pto.tcolsum' of 'i64' has no PTOAS form: PTOAS's column reductions take no 64-bit integers}}
    pto.tcolsum ins(%s : !pto.tile_buf<vec, 8x8xi64>) outs(%d : !pto.tile_buf<vec, 1x8xi64>)
    return
  }
}

// -----

// PTOAS's tsel and tsels take no bf16 (PTO.cpp:8294, :8363); A5's headers
// do (tsel_c1, tsels_c1).
module attributes {pto.target_arch = "a5"} {
  func.func @tsel_bf16() {
    %m = pto.alloc_tile : !pto.tile_buf<vec, 4x32xui8, valid=4x8>
    %a = pto.alloc_tile : !pto.tile_buf<vec, 4x64xbf16>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 1x16xui32>
    // expected-error @+1 {{'pto.tsel' of 'bf16' has no PTOAS form: PTOAS's tsel takes no bf16}}
    pto.tsel ins(%m, %a, %a, %t : !pto.tile_buf<vec, 4x32xui8, valid=4x8>, !pto.tile_buf<vec, 4x64xbf16>, !pto.tile_buf<vec, 4x64xbf16>, !pto.tile_buf<vec, 1x16xui32>) outs(%a : !pto.tile_buf<vec, 4x64xbf16>)
    return
  }
}

// -----

// PTOAS's trowargmax and trowargmin take no bf16 sources (PTO.cpp:7984,
// :8061); the TROWARGMAX page's A5 ones include it (trowargmax_c1).
module attributes {pto.target_arch = "a5"} {
  func.func @trowargmax_bf16() {
    %s = pto.alloc_tile : !pto.tile_buf<vec, 16x32xbf16>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 16x1xi32, blayout=col_major>
    // expected-error @+1 {{'pto.trowargmax' of 'bf16' has no PTOAS form: PTOAS's row arg reductions take no bf16}}
    pto.trowargmax ins(%s, %s : !pto.tile_buf<vec, 16x32xbf16>, !pto.tile_buf<vec, 16x32xbf16>) outs(%d : !pto.tile_buf<vec, 16x1xi32, blayout=col_major>)
    return
  }
}

// -----

// PTOAS's tcolargmax and tcolargmin take f16 and f32 sources only
// (PTO.cpp:3438-3440); A5's headers take 1- to 4-byte ones (tcolargmax_c1).
module attributes {pto.target_arch = "a5"} {
  func.func @tcolargmax_i32() {
    %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 1x16xi32>
    // expected-error @+1 {{'pto.tcolargmax' of 'i32' has no PTOAS form: PTOAS's column arg reductions take f16 and f32 only}}
    pto.tcolargmax ins(%s, %s : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%d : !pto.tile_buf<vec, 1x16xi32>)
    return
  }
}

// -----

// PTOAS's tcolargmin takes an ND src (verifyNDStyleVecTile, PTO.cpp:3424);
// pto-isa's a DN one too (tcolargmin_c4).
func.func @tcolargmin_dn() {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32, blayout=col_major>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 1x32xi32>
  // expected-error @+1 {{'pto.tcolargmin' of a DN src has no PTOAS form: PTOAS's column arg reductions take an ND src}}
  pto.tcolargmin ins(%s, %s : !pto.tile_buf<vec, 16x32xf32, blayout=col_major>, !pto.tile_buf<vec, 16x32xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

// PTOAS's arg reductions take a tmp of src's valid shape
// (verifyTileBufSameValidShape, PTO.cpp:7981); pto-isa asks nothing of it.
func.func @trowargmin_tmp() {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 1x16xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x1xi32, blayout=col_major>
  // expected-error @+1 {{'pto.trowargmin' with tmp valid 1x16 has no PTOAS form: PTOAS's arg reductions take a tmp of src's valid shape (16x16)}}
  pto.trowargmin ins(%s, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 1x16xf32>) outs(%d : !pto.tile_buf<vec, 16x1xi32, blayout=col_major>)
  return
}

// -----

// PTOAS's tcmp takes a dst of 8-bit integers only (PTO.cpp:3139, :3177); the
// simulator and A5's code write ui32 words too (tcmp_c1).
module attributes {pto.target_arch = "a5"} {
  func.func @tcmp_words() {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 4x32xf32>
    %m = pto.alloc_tile : !pto.tile_buf<vec, 4x8xui32, valid=4x1>
    // expected-error @+1 {{'pto.tcmp' of 'ui32' has no PTOAS form: PTOAS's tcmp takes a dst of 8-bit integers only}}
    pto.tcmp ins(%a, %a {cmpMode = #pto<cmp lt>} : !pto.tile_buf<vec, 4x32xf32>, !pto.tile_buf<vec, 4x32xf32>) outs(%m : !pto.tile_buf<vec, 4x8xui32, valid=4x1>)
    return
  }
}

// -----

// PTOAS's A5 tcmp takes src0, src1 and dst of one shape (PTO.cpp:3182).
module attributes {pto.target_arch = "a5"} {
  func.func @tcmp_shapes() {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 4x32xf32>
    %m = pto.alloc_tile : !pto.tile_buf<vec, 4x64xui8, valid=4x4>
    // expected-error @+1 {{'pto.tcmp' of shapes 4x32, 4x32 -> 4x64 has no PTOAS form on a5: PTOAS's A5 tcmp takes src0, src1 and dst of one shape}}
    pto.tcmp ins(%a, %a : !pto.tile_buf<vec, 4x32xf32>, !pto.tile_buf<vec, 4x32xf32>) outs(%m : !pto.tile_buf<vec, 4x64xui8, valid=4x4>)
    return
  }
}

// -----

// PTOAS's A5 tcmps takes i8, i16, i32, f16 and f32 (PTO.cpp:3228); A5's
// headers take 64-bit integers and bf16 too (tcmps_c1).
module attributes {pto.target_arch = "a5"} {
  func.func @tcmps_i64(%x: i64) {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 4x32xi64>
    %m = pto.alloc_tile : !pto.tile_buf<vec, 4x32xui8, valid=4x4>
    // expected-error @+1 {{'pto.tcmps' of 'i64' has no PTOAS form on a5: PTOAS's A5 tcmps takes i8, i16, i32, f16 and f32 only}}
    pto.tcmps ins(%a, %x : !pto.tile_buf<vec, 4x32xi64>, i64) outs(%m : !pto.tile_buf<vec, 4x32xui8, valid=4x4>)
    return
  }
}

// -----

// PTOAS's tprelu wants its four tiles of one shape (PTO.cpp:6610-6614);
// ours compares valid shapes, and A2/A3's tmp has more rows than dst's
// valid ones (tprelu_c7).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tprelu_shapes() {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 4x16xf32>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 8x32xui8>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 4x16xf32>
    // expected-error @+1 {{'pto.tprelu' with tmp of shape 8x32 has no PTOAS form: PTOAS's tprelu wants src0, src1, tmp and dst of one shape, here dst's 4x16}}
    pto.tprelu ins(%a, %a, %t : !pto.tile_buf<vec, 4x16xf32>, !pto.tile_buf<vec, 4x16xf32>, !pto.tile_buf<vec, 8x32xui8>) outs(%d : !pto.tile_buf<vec, 4x16xf32>)
    return
  }
}

// -----

// PTOAS's A3 tprelu wants src0 and src1 apart too (PTO.cpp:6629-6634), where
// tprelu_c5 keeps only dst and tmp apart.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tprelu_one_source() {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf16, valid=16x32>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 32x32xui8>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf16, valid=16x32>
    // expected-error @+1 {{'pto.tprelu' of one value as src0 and src1 has no PTOAS form on a2a3: PTOAS's A3 tprelu wants its four tiles apart}}
    pto.tprelu ins(%a, %a, %t : !pto.tile_buf<vec, 32x32xf16, valid=16x32>, !pto.tile_buf<vec, 32x32xf16, valid=16x32>, !pto.tile_buf<vec, 32x32xui8>) outs(%d : !pto.tile_buf<vec, 32x32xf16, valid=16x32>)
    return
  }
}
