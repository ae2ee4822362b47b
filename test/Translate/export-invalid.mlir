// RUN: pto-translate --export-pto-asm --split-input-file --verify-diagnostics %s
// Kernels PTO-AS cannot write.

// expected-error @+1 {{PTO-AS writes one kernel: expected one func.func in the module, got 2}}
module {
  func.func @a() { return }
  func.func @b() { return }
}

// -----

// expected-error @+1 {{PTO-AS takes a kernel's arguments in order of first use, but argument #0 is first used after argument #1}}
func.func @swapped(%a: !pto.tile<vec, 16x32xi16>, %b: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  %r = pto.tor %b, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %r : !pto.tile<vec, 16x32xi16>
}

// -----

// expected-error @+1 {{PTO-AS takes a kernel's arguments in order of first use, but argument #1 is never used}}
func.func @unused(%a: !pto.tile<vec, 16x32xi16>, %b: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  %r = pto.tor %a, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %r : !pto.tile<vec, 16x32xi16>
}

// -----

func.func @returns_a_read_value(%a: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  %r = pto.tor %a, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  %s = pto.tor %r, %r : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  // expected-error @+1 {{PTO-AS returns the values no op reads, in order of definition; this kernel has 1 value no op reads but returns a different list of 1 value}}
  return %r : !pto.tile<vec, 16x32xi16>
}

// -----

func.func @buffers(%a: !pto.tile_buf<vec, 16x32xi16>) {
  // expected-error @+1 {{'pto.alloc_tile' has no PTO-AS form (a PTO-AS kernel holds tile ops, tassign and global memory in the window forms of tload and tstore only)}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%t : !pto.tile_buf<vec, 16x32xi16>)
  return
}

// -----

func.func @foreign_attribute(%a: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  // expected-error @+1 {{attribute 'note' has no PTO-AS spelling}}
  %r = pto.tor %a, %a {note = 1 : i32} : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %r : !pto.tile<vec, 16x32xi16>
}

// -----

// An attribute of a PTO-AS name that the op does not declare (pto-opt
// takes any attribute on any op): no spelling, whatever its value.
func.func @foreign_split(%a: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  // expected-error @+1 {{attribute 'split' has no PTO-AS spelling}}
  %r = pto.tor %a, %a {split = 1} : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %r : !pto.tile<vec, 16x32xi16>
}

// -----

func.func @foreign_acc_to_vec(%a: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  // expected-error @+1 {{attribute 'acc_to_vec' has no PTO-AS spelling}}
  %r = pto.tor %a, %a {acc_to_vec = #pto.acc_to_vec<single_vec0>} : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %r : !pto.tile<vec, 16x32xi16>
}

// -----

// `#relu` would not import back on tor.
func.func @foreign_relu(%a: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  // expected-error @+1 {{attribute 'relu' has no PTO-AS spelling}}
  %r = pto.tor %a, %a {relu} : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %r : !pto.tile<vec, 16x32xi16>
}

// -----

// Loops parse (the scf dialect is loaded) and get the documented refusal.
func.func @loop(%a: !pto.tile_buf<vec, 16x32xi16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' has no PTO-AS form (a PTO-AS kernel holds tile ops, tassign and global memory in the window forms of tload and tstore only)}}
  scf.for %i = %c0 to %n step %c1 {
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%a : !pto.tile_buf<vec, 16x32xi16>)
  }
  return
}

// -----

func.func @valid_shape(%a: !pto.tile<vec, 16x32xi16, valid=?x32>) -> !pto.tile<vec, 16x32xi16, valid=?x32> {
  // expected-error @+1 {{'pto.valid_shape' has no PTO-AS form (a PTO-AS kernel holds tile ops, tassign and global memory in the window forms of tload and tstore only)}}
  %r, %c = pto.valid_shape %a : !pto.tile<vec, 16x32xi16, valid=?x32>
  return %a : !pto.tile<vec, 16x32xi16, valid=?x32>
}
