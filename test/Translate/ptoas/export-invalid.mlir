// RUN: pto-translate --export-ptoas --split-input-file --verify-diagnostics %s
// What PTOAS cannot express: one case per refusal, each an error at the op.

// expected-error @+1 {{'!pto.tile<vec, 16x32xi16>' has no PTOAS form: PTOAS has no Level 1 tiles; convert the kernel to Level 2 with pto-to-dps first}}
func.func @level1(%a: !pto.tile<vec, 16x32xi16>) {
  return
}

// -----

func.func @interleave(%a: !pto.tile_buf<vec, 16x256xf16>, %b: !pto.tile_buf<vec, 16x256xf16>, %c: !pto.tile_buf<vec, 16x256xf16>, %d: !pto.tile_buf<vec, 16x256xf16>) {
  // expected-error @+1 {{'pto.tinterleave' has no PTOAS form: PTOAS defines no tinterleave op}}
  pto.tinterleave ins(%a, %b : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>) outs(%c, %d : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>)
  return
}

// -----

func.func @deinterleave(%a: !pto.tile_buf<vec, 16x256xf16>, %b: !pto.tile_buf<vec, 16x256xf16>, %c: !pto.tile_buf<vec, 16x256xf16>, %d: !pto.tile_buf<vec, 16x256xf16>) {
  // expected-error @+1 {{'pto.tdeinterleave' has no PTOAS form: PTOAS defines no tdeinterleave op}}
  pto.tdeinterleave ins(%a, %b : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>) outs(%c, %d : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>)
  return
}

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @relu(%acc: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %fp: !pto.tile_buf<scaling, 1x16xui64>, %dst: !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.tinsert' with 'relu' has no PTOAS form: PTOAS's tinsert has no such attribute and would ignore it}}
    pto.tinsert ins(%acc, %c0, %c0, %fp : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%dst : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>) {relu}
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @acc_to_vec(%acc: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %dst: !pto.tile_buf<vec, 16x16xf16>) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.tinsert' with 'acc_to_vec' has no PTOAS form: PTOAS's tinsert has no such attribute and would ignore it}}
    pto.tinsert ins(%acc, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) outs(%dst : !pto.tile_buf<vec, 16x16xf16>) {acc_to_vec = #pto.acc_to_vec<single_vec0>}
    return
  }
}

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @scalar_quant(%acc: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %word: i64, %dst: !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.tinsert' with a scalar quant operand of type 'i64' has no PTOAS form: PTOAS versions disagree on it (only newer ones give tinsert/textract a scalar quant operand)}}
    pto.tinsert ins(%acc, %c0, %c0, %word : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) outs(%dst : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

func.func @sort_page_form(%src: !pto.tile_buf<vec, 1x32xf32>, %dst: !pto.tile_buf<vec, 1x32xf32>, %idx: !pto.tile_buf<vec, 1x32xui32>) {
  // expected-error @+1 {{'pto.tsort32' in the page form (outs dst, idx) has no PTOAS form: PTOAS's tsort32 reads idx and writes one destination of records, 'ins(src, idx[, tmp]) outs(dst)'}}
  pto.tsort32 ins(%src : !pto.tile_buf<vec, 1x32xf32>) outs(%dst, %idx : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xui32>)
  return
}

// -----

func.func @reshape_copy(%src: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 8x32xi32>) {
  // expected-error @+1 {{'pto.treshape' in the copy form (ins/outs) has no PTOAS form unless src and dst are one fully valid vec type (then it is PTOAS's tmov): PTOAS's treshape is a view, '%d = pto.treshape %s : A -> B'}}
  pto.treshape ins(%src : !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 8x32xi32>)
  return
}

// -----

func.func @unplaced(%a: !pto.tile_buf<vec, 16x32xi16>) {
  // expected-error @+1 {{'pto.alloc_tile' is not placed: PTOAS needs its address ('alloc_tile addr = %a'); place the buffers with pto-plan-memory (pto-to-dps) or pto.tassign first}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%t : !pto.tile_buf<vec, 16x32xi16>)
  return
}

// -----

func.func @assign_argument(%a: !pto.tile_buf<vec, 16x32xi16>) {
  // expected-error @+1 {{'pto.tassign' of a value not defined by pto.alloc_tile has no PTOAS form: PTOAS places a buffer only where it allocates it ('alloc_tile addr = %a')}}
  pto.tassign %a, @tile(0x0)
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
  func.func @unsigned_index(%src: !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>, %r: ui16, %dst: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {
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
