// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of the row-expand (<op>_c1 ... <op>_c6) and
// column-expand (<op>_c1 ... <op>_c5) families, the same for every op of
// each (the per-op negatives of every rule:
// test/pytest/families/test_expand_rules.py).

// trowexpanddiv_c1: floats (a2a3/TRowExpandDiv.hpp:55; a5's integers left out).
func.func @trowexpanddiv_c1(%a: !pto.tile<vec, 16x64xi32>, %s: !pto.tile<vec, 16x1xi32, blayout=col_major>) {
  // expected-error @+1 {{'pto.trowexpanddiv' op dst element type i32 is not supported on any target (allowed: f16, bf16, f32)}}
  %d = pto.trowexpanddiv %a, %s : (!pto.tile<vec, 16x64xi32>, !pto.tile<vec, 16x1xi32, blayout=col_major>) -> !pto.tile<vec, 16x64xi32>
  return
}

// -----

// trowexpandmul_c2: one element type (a2a3/TRowExpandMul.hpp:37).
func.func @trowexpandmul_c2(%a: !pto.tile<vec, 16x64xf32>, %s: !pto.tile<vec, 16x1xf16, blayout=col_major>) {
  // expected-error @+1 {{'pto.trowexpandmul' op src1 element type f16 differs from dst element type f32}}
  %d = pto.trowexpandmul %a, %s : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x1xf16, blayout=col_major>) -> !pto.tile<vec, 16x64xf32>
  return
}

// -----

// trowexpandadd_c3: dst row-major (a2a3/TRowExpandAdd.hpp:45).
func.func @trowexpandadd_c3(%a: !pto.tile<vec, 16x16xf32>, %s: !pto.tile<vec, 16x1xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.trowexpandadd' op dst must be row-major (blayout=row_major), got blayout=col_major}}
  %d = pto.trowexpandadd %a, %s : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x1xf32, blayout=col_major>) -> !pto.tile<vec, 16x16xf32, blayout=col_major>
  return
}

// -----

// trowexpandsub_c4: a row-major full operand (a2a3/TRowExpandSub.hpp, its PTO_ASSERT).
func.func @trowexpandsub_c4(%a: !pto.tile<vec, 16x32xf32>, %s: !pto.tile<vec, 16x1xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.trowexpandsub' op neither src0 nor src1 is a row-major tile of dst's valid shape 16x64 (src0 16x32 ND, src1 16x1 DN)}}
  %d = pto.trowexpandsub %a, %s : (!pto.tile<vec, 16x32xf32>, !pto.tile<vec, 16x1xf32, blayout=col_major>) -> !pto.tile<vec, 16x64xf32>
  return
}

// -----

// trowexpandmax_c5: the expanded operand's shape (a2a3/TRowExpandMax.hpp:60).
func.func @trowexpandmax_c5(%a: !pto.tile<vec, 16x64xf32>, %s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowexpandmax' op src1 (the expanded operand) has valid shape 16x16 ND; it must be 16x1 col_major or 16x8 row_major (dst's valid rows by 1, or by a 32-byte block)}}
  %d = pto.trowexpandmax %a, %s : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x64xf32>
  return
}

// -----

// trowexpandmin_c6: the tmp form takes a col_major expanded operand (TROWEXPANDMIN.md, "Temporary tile").
func.func @trowexpandmin_c6(%a: !pto.tile<vec, 16x64xf32>, %s: !pto.tile<vec, 16x8xf32>) {
  // expected-error @+1 {{'pto.trowexpandmin' op tmp is given with a row_major expanded operand (src1); the tmp form takes a col_major one (one value per row)}}
  %d = pto.trowexpandmin %a, %s, %a : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x8xf32>, !pto.tile<vec, 16x64xf32>) -> !pto.tile<vec, 16x64xf32>
  return
}

// -----

// tcolexpandexpdif_c1: floats (a2a3/TColExpandExpdif.hpp:59).
func.func @tcolexpandexpdif_c1(%a: !pto.tile<vec, 16x64xi16>, %g: !pto.tile<vec, 1x64xi16>) {
  // expected-error @+1 {{'pto.tcolexpandexpdif' op dst element type i16 is not supported on any target (allowed: f16, f32)}}
  %d = pto.tcolexpandexpdif %a, %g : (!pto.tile<vec, 16x64xi16>, !pto.tile<vec, 1x64xi16>) -> !pto.tile<vec, 16x64xi16>
  return
}

// -----

// tcolexpandmul_c2: one element type (cpu/TColExpandOp.hpp:31).
func.func @tcolexpandmul_c2(%a: !pto.tile<vec, 16x64xf32>, %g: !pto.tile<vec, 1x64xf16>) {
  // expected-error @+1 {{'pto.tcolexpandmul' op src1 element type f16 differs from dst element type f32}}
  %d = pto.tcolexpandmul %a, %g : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 1x64xf16>) -> !pto.tile<vec, 16x64xf32>
  return
}

// -----

// tcolexpandadd_c3: row-major tiles (a2a3/TColExpandBinOp.hpp:97).
func.func @tcolexpandadd_c3(%a: !pto.tile<vec, 16x64xf32>, %g: !pto.tile<vec, 8x64xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tcolexpandadd' op src1 must be row-major (blayout=row_major), got blayout=col_major}}
  %d = pto.tcolexpandadd %a, %g : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 8x64xf32, blayout=col_major>) -> !pto.tile<vec, 16x64xf32>
  return
}

// -----

// tcolexpandsub_c4: src0's valid shape is dst's (cpu/TColExpandOp.hpp:53).
func.func @tcolexpandsub_c4(%a: !pto.tile<vec, 16x64xf32, valid=8x64>, %g: !pto.tile<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.tcolexpandsub' op src0 valid shape 8x64 does not match dst valid shape 16x64}}
  %d = pto.tcolexpandsub %a, %g : (!pto.tile<vec, 16x64xf32, valid=8x64>, !pto.tile<vec, 1x64xf32>) -> !pto.tile<vec, 16x64xf32>
  return
}

// -----

// tcolexpanddiv_c5: src1 has dst's valid columns (TCOLEXPANDDIV.md, "one scalar per column").
func.func @tcolexpanddiv_c5(%a: !pto.tile<vec, 16x64xf32>, %g: !pto.tile<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tcolexpanddiv' op src1 has valid shape 1x32; it must have at least 1 valid row and dst's 64 valid columns}}
  %d = pto.tcolexpanddiv %a, %g : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 1x32xf32>) -> !pto.tile<vec, 16x64xf32>
  return
}
