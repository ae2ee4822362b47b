// RUN: pto-opt %s -split-input-file -verify-diagnostics
// Malformed positional tile types; contradictory fields name both.

// expected-error @+1 {{fractal encoding NZ contradicts block layout RowMajor}}
func.func private @nz_row_major(!pto.tile_buf<loc=mat, f16, 16, 32, RowMajor, RowMajor, NZ, Null>)

// -----

// expected-error @+1 {{fractal encoding NZ contradicts stripe layout NoneBox}}
func.func private @nz_no_boxes(!pto.tile_buf<loc=mat, f16, 16, 32, ColMajor, NoneBox, NZ>)

// -----

// expected-error @+1 {{fractal encoding None contradicts stripe layout RowMajor}}
func.func private @none_with_boxes(!pto.tile<loc=mat, f16, 16, 32, ColMajor, RowMajor, None>)

// -----

// expected-error @+1 {{fractal encoding ZN contradicts block layout ColMajor}}
func.func private @zn_col_major(!pto.tile<loc=mat, f16, 16, 32, ColMajor, ColMajor, ZN>)

// -----

// expected-error @+1 {{unknown fractal encoding 'FR' (expected None, NZ, ZN)}}
func.func private @unknown_encoding(!pto.tile<loc=mat, f16, 16, 32, ColMajor, RowMajor, FR>)

// -----

// expected-error @+1 {{unknown block layout 'Diagonal' (expected RowMajor, ColMajor)}}
func.func private @unknown_block_layout(!pto.tile<loc=vec, f32, 16, 16, Diagonal>)

// -----

// expected-error @+1 {{unknown pad 'Invalid' (expected Null, Zero, Max, Min)}}
func.func private @unknown_pad(!pto.tile<loc=vec, f32, 16, 16, RowMajor, NoneBox, None, Invalid>)

// -----

// expected-error @+1 {{expected ','}}
func.func private @missing_cols(!pto.tile<f32, 16>)

// -----

// The tile rules apply to every spelling.
// expected-error @+1 {{row_major (ND) tile needs cols * sizeof(f32) to be a multiple of 32 bytes, got cols=4 (16 bytes)}}
func.func private @positional_rules(!pto.tile<f32, 16, 4>)
