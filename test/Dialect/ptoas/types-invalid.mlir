// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's keyed fields pto-mlir refuses, and why (docs/ptoas.md).

// expected-error @+1 {{compact=1 (pto-isa's CompactMode::Normal, packed tail blocks) is not supported: pto-mlir models only uncompacted tiles, compact=0}}
func.func @compact_normal(%t: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0, compact=1>)

// -----

// expected-error @+1 {{compact=2 (pto-isa's CompactMode::RowPlusOne, packed tail blocks) is not supported: pto-mlir models only uncompacted tiles, compact=0}}
func.func @compact_row_plus_one(%t: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, compact=2>)

// -----

// expected-error @+1 {{compact=3 is not a compact mode (0 null, 1 normal, 2 row_plus_one)}}
func.func @compact_unknown(%t: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, compact=3>)

// -----

// The compact spelling has no compact field.
// expected-error @+1 {{unknown tile field 'compact' (expected valid, blayout, slayout, fractal or pad)}}
func.func @compact_in_compact_spelling(%t: !pto.tile_buf<vec, 16x16xf16, compact=0>)
