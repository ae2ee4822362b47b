// --pto-target gives modules that declare no pto.target_arch a target; a
// declared target wins. Errors whose answer depends on the target say which
// one was assumed.
// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-target=a2a3
// RUN: pto-opt %s -split-input-file --pto-target=a5 | FileCheck %s --check-prefix=A5
// RUN: pto-opt %s -split-input-file | FileCheck %s --check-prefix=A5
// RUN: not pto-opt %s --pto-target=a4 2>&1 | FileCheck %s --check-prefix=BAD

// tassign_c2: UB holds 192 KiB on a2a3, 256 KiB on a5 and without a target
// (the larger size).
// A5: func.func @outside_a2a3_ub
func.func @outside_a2a3_ub() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error @+2 {{'pto.tassign' op tile of 4096 bytes at 0x2f020 does not fit in ub (vec tiles), which holds 196608 bytes on a2a3}}
  // expected-note @+1 {{checked for a2a3, assumed by --pto-target: the module declares no 'pto.target_arch'}}
  pto.tassign %a, @tile(0x2f020)
  return
}

// -----

// tinsert_c5: vec -> mat is an a5 path; the declared a5 wins over the
// option, so both runs accept it.
// A5: func.func @declared_a5
module attributes {pto.target_arch = "a5"} {
  func.func @declared_a5(%s: !pto.tile<vec, 16x32xf16>, %d: !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    %r = pto.tinsert %s, %c0, %c0 into %d : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tinsert_c5 without a declared target: refused for the assumed a2a3, with
// the note; accepted for a5 and without any target.
// A5: func.func @assumed
func.func @assumed(%s: !pto.tile<vec, 16x32xf16>, %d: !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>) {
  %c0 = arith.constant 0 : index
  // expected-error @+2 {{'pto.tinsert' op src location vec -> dst location mat is not supported on a2a3 (allowed: acc -> mat, vec -> vec)}}
  // expected-note @+1 {{checked for a2a3, assumed by --pto-target: the module declares no 'pto.target_arch'}}
  %r = pto.tinsert %s, %c0, %c0 into %d : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>
  return
}

// BAD: Cannot find option named 'a4'!
