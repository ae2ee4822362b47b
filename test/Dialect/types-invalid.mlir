// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of the tile types; each message names the field and value.

// expected-error @+1 {{tile shape must have rank 2 (rows x cols), got rank 3}}
func.func private @rank3(!pto.tile<2x16x32xf16>)

// -----

// expected-error @+1 {{tile rows must be positive, got 0}}
func.func private @zero_rows(!pto.tile<0x32xf16>)

// -----

// expected-error @+1 {{tile cols must be positive, got 0}}
func.func private @zero_cols(!pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=0>)

// -----

// expected-error @+1 {{tile element type f64 is not supported (expected i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f8E4M3FN, f8E5M2, f8E8M0FNU or f4E2M1FN)}}
func.func private @f64(!pto.tile<4x8xf64>)

// -----

// expected-error @+1 {{tile element type si16 is not supported}}
func.func private @explicitly_signed(!pto.tile<4x16xsi16>)

// -----

// expected-error @+1 {{tile valid shape must have rank 2, got rank 1}}
func.func private @valid_rank(!pto.tile<16x16xf16, valid=16>)

// -----

// expected-error @+1 {{tile valid rows must be in [0, 16], got 17}}
func.func private @valid_rows_too_big(!pto.tile<16x16xf16, valid=17x16>)

// -----

// expected-error @+1 {{tile valid cols must be in [0, 16], got 32}}
func.func private @valid_cols_too_big(!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=32>)

// -----

// expected-error @+1 {{tile valid rows must be in [0, 16], got -2}}
func.func private @valid_negative(!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=-2, v_col=16>)

// -----

// expected-error @+1 {{row_major (ND) tile needs cols * sizeof(f32) to be a multiple of 32 bytes, got cols=3 (12 bytes)}}
func.func private @nd_alignment(!pto.tile<16x3xf32>)

// -----

// expected-error @+1 {{col_major (DN) tile needs rows * sizeof(f16) to be a multiple of 32 bytes, got rows=8 (16 bytes)}}
func.func private @dn_alignment(!pto.tile<8x16xf16, blayout=col_major>)

// -----

// expected-error @+1 {{row_major (ND) tile needs cols * sizeof(f4E2M1FN) to be a multiple of 32 bytes, got cols=3 (1.5 bytes)}}
func.func private @nd_alignment_f4(!pto.tile<16x3xf4E2M1FN>)

// -----

// expected-error @+1 {{tile fractal size must be 16, 32, 512 or 1024, got 100}}
func.func private @fractal(!pto.tile<16x16xf16, fractal=100>)

// -----

// expected-error @+1 {{unknown location 'ub' (expected vec, mat, acc, left, right, bias or scaling)}}
func.func private @location(!pto.tile<ub, 16x16xf16>)

// -----

// expected-error @+1 {{unknown blayout 'zigzag'}}
func.func private @blayout(!pto.tile<16x16xf16, blayout=zigzag>)

// -----

// expected-error @+1 {{unknown slayout 'diagonal'}}
func.func private @slayout(!pto.tile<16x16xf16, slayout=diagonal>)

// -----

// expected-error @+1 {{unknown pad code 7 (0 null, 1 zero, 2 max, 3 min)}}
func.func private @pad_code(!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, pad=7>)

// -----

// expected-error @+1 {{unknown pad 'nan'}}
func.func private @pad_word(!pto.tile<16x16xf16, pad=nan>)

// -----

// expected-error @+1 {{tile field 'pad' is given twice}}
func.func private @twice(!pto.tile<16x16xf16, pad=zero, pad=max>)

// -----

// expected-error @+1 {{unknown tile field 'rows' (expected valid, blayout, slayout, fractal or pad)}}
func.func private @keyed_field_in_compact(!pto.tile<16x16xf16, rows=16>)

// -----

// expected-error @+1 {{keyed tile type needs field 'dtype'}}
func.func private @keyed_missing_dtype(!pto.tile_buf<loc=vec, rows=16, cols=16>)

// -----

// expected-error @+1 {{give the valid shape either as 'valid' or as 'v_row'/'v_col'}}
func.func private @keyed_valid_twice(!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, valid=16x16, v_row=16>)

// -----

// tile_c8: a vec tile lives in ub, which holds at most 256 KiB (a5).
// expected-error @+1 {{vec tile 256x4096xi16 takes 2097152 bytes, more than ub holds on any target (262144 bytes)}}
func.func private @larger_than_its_memory(!pto.tile<vec, 256x4096xi16>)

// -----

// tile_c8: an acc tile lives in l0c (256 KiB on a5), a left tile in l0a
// (64 KiB); one byte over is refused.
// expected-error @+1 {{left tile 129x256xf16 takes 66048 bytes, more than l0a holds on any target (65536 bytes)}}
func.func private @one_row_over(!pto.tile<left, 128x256xf16>, !pto.tile<left, 129x256xf16>)

// -----

// tile_c8: sizes past int64 are reported exactly, not wrapped.
// expected-error @+1 {{vec tile 9223372036854775807x32xi8 takes 295147905179352825824 bytes, more than ub holds on any target (262144 bytes)}}
func.func private @past_int64(!pto.tile_buf<vec, 9223372036854775807x32xi8>)

// -----

// tile_c9: a boxed acc tile is whole 16x16 boxes (the library's Tile refuses
// this one at compile time).
// expected-error @+1 {{boxed acc tile 8x8xi32 must be whole 16x16 boxes, got rows=8 (a multiple of 16 or 1 outside vec)}}
func.func private @acc_partial_box(!pto.tile_buf<acc, 8x8xi32, blayout=col_major, slayout=row_major, fractal=1024>)

// -----

// tile_c9: box cols are whole in every location, vec included (f32 NZ boxes
// are 16x8).
// expected-error @+1 {{boxed vec tile 16x20xf32 must be whole 16x8 boxes, got cols=20 (a multiple of 8)}}
func.func private @vec_partial_box_cols(!pto.tile<vec, 16x20xf32, blayout=col_major, slayout=row_major>)

// -----

// tile_c9: Zn boxes (col_major inside) of i8 are 32 rows by 16 cols.
// expected-error @+1 {{boxed mat tile 16x16xi8 must be whole 32x16 boxes, got rows=16 (a multiple of 32 or 1 outside vec)}}
func.func private @zn_partial_box_rows(!pto.tile<mat, 16x16xi8, slayout=col_major>)
