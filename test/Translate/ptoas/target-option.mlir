// pto-translate's --pto-target: a module that declares no pto.target_arch is
// read and written for the assumed target (PTOAS spells a2a3 "a3"); a
// declared target wins. Without the option the export still writes one: a5,
// the target the exporter assumes (docs/ptoas.md).
// RUN: pto-translate --export-ptoas --split-input-file --pto-target=a2a3 %s | FileCheck %s --check-prefix=A2A3
// RUN: pto-translate --export-ptoas --split-input-file --pto-target=a5 %s | FileCheck %s --check-prefix=A5
// RUN: pto-translate --export-ptoas --split-input-file %s | FileCheck %s --check-prefix=NONE

// A2A3: module attributes {pto.target_arch = "a3"}
// A5: module attributes {pto.target_arch = "a5"}
// NONE: module attributes {pto.target_arch = "a5"}
func.func @k() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%d : !pto.tile_buf<vec, 8x32xi16>)
  return
}

// -----

// A2A3: module attributes {pto.target_arch = "a5"}
// A5: module attributes {pto.target_arch = "a5"}
// NONE: module attributes {pto.target_arch = "a5"}
module attributes {pto.target_arch = "a5"} {
  func.func @k() {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%d : !pto.tile_buf<vec, 8x32xi16>)
    return
  }
}
