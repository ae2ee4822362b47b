// Export for level3, then read the PTOAS text back (docs/ptoas.md, Reading
// PTOAS): the same kernel, once the canonicalizer has turned `alloc_tile
// addr` back into alloc_tile + tassign on both sides. (Target a5: a
// read-back "a3" keeps its spelling, docs/ptoas.md. The one public
// definition is the entry, `pto.entry` both ways.)
// RUN: pto-opt --canonicalize %s > %t.ours
// RUN: pto-translate --export-ptoas --ptoas-level=level3 %s | pto-opt --canonicalize > %t.back
// RUN: diff %t.ours %t.back

module attributes {pto.target_arch = "a5"} {
  func.func @placed(%n: index) attributes {pto.entry} {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    pto.tassign %a, @tile(0x2000)
    %out = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>
    pto.tassign %out, @tile(0x4000)
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    pto.tassign %t, @tile(0x0)
    %u = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>
    pto.tassign %u, @tile(0x1000)
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%t : !pto.tile_buf<vec, 16x64xui16>)
    pto.tor ins(%t, %u : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>) outs(%out : !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>)
    return
  }

  func.func private @quant() {
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>
    pto.tassign %acc, @tile(0x0)
    %fp = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xui64>
    pto.tassign %fp, @tile(0x8000)
    %dst = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>
    pto.tassign %dst, @tile(0x0)
    %small = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
    pto.tassign %small, @tile(0x2000)
    %e4m3 = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf8E4M3FN, pad=max>
    pto.tassign %e4m3, @tile(0x6000)
    %c0 = arith.constant 0 : index
    pto.tinsert ins(%acc, %c0, %c0, %fp : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%dst : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>)
    pto.textract ins(%acc, %c0, %c0, %fp : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%small : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>)
    return
  }

  func.func private @sort() {
    %src = pto.alloc_tile : !pto.tile_buf<vec, 8x64xf32, valid=8x40>
    pto.tassign %src, @tile(0x8000)
    %idx = pto.alloc_tile : !pto.tile_buf<vec, 8x64xui32, valid=8x40>
    pto.tassign %idx, @tile(0xa000)
    %tmp = pto.alloc_tile : !pto.tile_buf<vec, 1x256xui8>
    pto.tassign %tmp, @tile(0xc000)
    %dst = pto.alloc_tile : !pto.tile_buf<vec, 4x80xf32>
    pto.tassign %dst, @tile(0xe000)
    pto.tsort32 ins(%src, %idx, %tmp : !pto.tile_buf<vec, 8x64xf32, valid=8x40>, !pto.tile_buf<vec, 8x64xui32, valid=8x40>, !pto.tile_buf<vec, 1x256xui8>) outs(%dst : !pto.tile_buf<vec, 4x80xf32>)
    %view = pto.treshape %dst : !pto.tile_buf<vec, 4x80xf32> -> !pto.tile_buf<vec, 8x40xf32>
    return
  }
}
