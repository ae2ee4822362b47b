// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's reserved buffers (PTO.cpp at a56b18c3, ReserveBufferOp::verify
// and ImportReservedBufferOp::verify). One case per rule.

// reserve_buffer_c1
module {
  // expected-error @+1 {{'pto.reserve_buffer' op reserve_buffer_c1: must be nested under a func.func}}
  %a = pto.reserve_buffer {name = "b", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.reserve_buffer' op reserve_buffer_c2: expects 'size' to be greater than 0, got 0}}
  %a = pto.reserve_buffer {name = "b", size = 0, location = #pto.address_space<vec>, auto = true} -> i32
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.reserve_buffer' op reserve_buffer_c3: expects 'location' to be #pto.address_space<vec> or #pto.address_space<mat>, got #pto.address_space<gm>}}
  %a = pto.reserve_buffer {name = "b", size = 64, location = #pto.address_space<gm>, auto = true} -> i32
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.reserve_buffer' op reserve_buffer_c4: expects 'base' when 'auto' is false}}
  %a = pto.reserve_buffer {name = "b", size = 64, location = #pto.address_space<vec>, auto = false} -> i32
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.reserve_buffer' op reserve_buffer_c5: expects 'base' to be non-negative, got -64}}
  %a = pto.reserve_buffer {name = "b", size = 64, location = #pto.address_space<vec>, auto = false, base = -64} -> i32
  return
}

// -----

func.func @k() {
  // The first says so (the verifier stops at it).
  // expected-error @+1 {{'pto.reserve_buffer' op reserve_buffer_c6: expects at most one reserve_buffer in the function}}
  %a = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  %b = pto.reserve_buffer {name = "b", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  return
}

// -----

// import_reserved_buffer_c1
module {
  func.func @peer() {
    %a = pto.reserve_buffer {name = "b", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
    return
  }
  // expected-error @+1 {{'pto.import_reserved_buffer' op import_reserved_buffer_c1: must be nested under a func.func}}
  %a = pto.import_reserved_buffer {name = "b", peer_func = @peer} -> i32
}

// -----

func.func @peer() {
  %a = pto.reserve_buffer {name = "b", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  return
}
func.func @k() {
  // The first says so (the verifier stops at it).
  // expected-error @+1 {{'pto.import_reserved_buffer' op import_reserved_buffer_c2: expects at most one import_reserved_buffer in the function}}
  %a = pto.import_reserved_buffer {name = "b", peer_func = @peer} -> i32
  %b = pto.import_reserved_buffer {name = "b", peer_func = @peer} -> i32
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.import_reserved_buffer' op import_reserved_buffer_c3: expects 'peer_func' to reference an existing func.func, got @nowhere}}
  %a = pto.import_reserved_buffer {name = "b", peer_func = @nowhere} -> i32
  return
}

// -----

func.func @peer() {
  %a = pto.reserve_buffer {name = "other", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  return
}
func.func @k() {
  // expected-error @+1 {{'pto.import_reserved_buffer' op import_reserved_buffer_c4: expects a reserve_buffer named "b" in @peer}}
  %a = pto.import_reserved_buffer {name = "b", peer_func = @peer} -> i32
  return
}
