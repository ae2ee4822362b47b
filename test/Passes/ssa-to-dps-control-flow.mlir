// RUN: pto-opt %s --pto-ssa-to-dps --split-input-file | FileCheck %s --implicit-check-not='!pto.tile<'

// A loop-carried tile lives in one buffer. The init is an argument (never
// written), so it is copied into the carrier, which is the out-parameter
// because the loop result is returned. The body writes the yielded value
// straight into the carrier: tor is elementwise and the iter_arg is dead
// after it.
// CHECK-LABEL: func.func @accumulate(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK: pto.treshape ins(%[[A]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: pto.tor ins(%[[OUT]], %[[A]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @accumulate(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> !pto.tile<vec, 8x32xi16> {
    %next = pto.tor %acc, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %next : !pto.tile<vec, 8x32xi16>
  }
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

// The init is a kernel-allocated value the loop reads last: its buffer
// carries the loop. The iter_arg is still read after the op computing the
// yielded value, so that value gets a buffer of its own and is copied into
// the carrier at the yield; the next op may then overwrite the dead
// iter_arg's buffer. Non-tile iter_args stay.
// CHECK-LABEL: func.func @copy_at_yield(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK: %[[C:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[C]] : {{.*}})
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[J:.*]] = %{{.*}}) -> (index) {
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[C]], %[[A]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: pto.tor ins(%[[T]], %[[C]] : {{.*}}) outs(%[[C]] : {{.*}})
// CHECK-NEXT: %[[J1:.*]] = arith.addi %[[J]]
// CHECK-NEXT: pto.treshape ins(%[[T]] : {{.*}}) outs(%[[C]] : {{.*}})
// CHECK-NEXT: scf.yield %[[J1]] : index
// CHECK-NEXT: }
// CHECK-NEXT: pto.tor ins(%[[C]], %[[A]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: return
func.func @copy_at_yield(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %j = %c0) -> (!pto.tile<vec, 8x32xi16>, index) {
    %t = pto.tor %acc, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    %u = pto.tor %t, %acc : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %t, %j1 : !pto.tile<vec, 8x32xi16>, index
  }
  %out = pto.tor %r#0, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %out : !pto.tile<vec, 8x32xi16>
}

// -----

// Both branches write the result's carrier, here the out-parameter: one
// computes into it, the other copies an argument into it.
// CHECK-LABEL: func.func @select(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[B:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[P:.*]]: i1, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK-NEXT: scf.if %[[P]] {
// CHECK-NEXT: pto.tor ins(%[[A]], %[[B]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.treshape ins(%[[B]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @select(%a: !pto.tile<vec, 8x32xi16>, %b: !pto.tile<vec, 8x32xi16>, %p: i1) -> !pto.tile<vec, 8x32xi16> {
  %r = scf.if %p -> !pto.tile<vec, 8x32xi16> {
    %x = pto.tor %a, %b : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %x : !pto.tile<vec, 8x32xi16>
  } else {
    scf.yield %b : !pto.tile<vec, 8x32xi16>
  }
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

// A returned argument and a value returned twice are copied into their
// out-parameters.
// CHECK-LABEL: func.func @copies_at_return(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[O0:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[O1:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[O2:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[O0]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[O0]] : {{.*}}) outs(%[[O1]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[A]] : {{.*}}) outs(%[[O2]] : {{.*}})
// CHECK-NEXT: return
func.func @copies_at_return(%a: !pto.tile<vec, 8x32xi16>) -> (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) {
  %x = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %x, %x, %a : !pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>
}

// -----

// TRESHAPE stays a view, of the source's buffer; a buffer shared with a view
// is never written over for another value (the last tor does not reuse %t's
// buffer although %t is dead there).
// CHECK-LABEL: func.func @reshape_view(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 16x16xi16>, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: %[[V:.*]] = pto.treshape %[[T]] : !pto.tile_buf<vec, 16x16xi16> -> !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: %[[U:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[V]], %[[V]] : {{.*}}) outs(%[[U]] : {{.*}})
// CHECK-NEXT: pto.tor ins(%[[U]], %[[V]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: return
func.func @reshape_view(%a: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 8x32xi16> {
  %t = pto.tor %a, %a : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
  %v = pto.treshape %t : !pto.tile<vec, 16x16xi16> -> !pto.tile<vec, 8x32xi16>
  %u = pto.tor %v, %v : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  %r = pto.tor %u, %v : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

// A value from outside a loop, read in the body, is read again by the next
// iteration: its buffer is not written over in the body although the body
// reads it no more after the first op.
// CHECK-LABEL: func.func @outer_value_in_loop(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[A]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[T]], %[[A]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: pto.tor ins(%[[X]], %[[OUT]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @outer_value_in_loop(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> !pto.tile<vec, 8x32xi16> {
    %x = pto.tor %t, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    %y = pto.tor %x, %acc : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %y : !pto.tile<vec, 8x32xi16>
  }
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

// A branch inside a loop: both carry the value in the out-parameter. The
// then-branch may not write over the iter_arg (its block is the loop
// body's, not the branch's), so it computes into a new buffer and copies it
// into the carrier; the else-branch yields the iter_arg, already there.
// CHECK-LABEL: func.func @branch_in_loop(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[P:.*]]: i1, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK: pto.treshape ins(%[[A]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: scf.if %[[P]] {
// CHECK-NEXT: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[OUT]], %[[A]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[X]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @branch_in_loop(%a: !pto.tile<vec, 8x32xi16>, %n: index, %p: i1) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> !pto.tile<vec, 8x32xi16> {
    %s = scf.if %p -> !pto.tile<vec, 8x32xi16> {
      %x = pto.tor %acc, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
      scf.yield %x : !pto.tile<vec, 8x32xi16>
    } else {
      scf.yield %acc : !pto.tile<vec, 8x32xi16>
    }
    scf.yield %s : !pto.tile<vec, 8x32xi16>
  }
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

// Nested loops. The outer loop result is returned, so the out-parameter
// carries it. The inner loop's init, the outer iter_arg, is read again after
// the inner loop, so the inner loop gets a carrier of its own, filled with a
// copy; the inner body then accumulates into it in place.
// CHECK-LABEL: func.func @nested_loops(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK: %[[INIT:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[INIT]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[INIT]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: %[[INNER:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.treshape ins(%[[OUT]] : {{.*}}) outs(%[[INNER]] : {{.*}})
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: pto.tor ins(%[[INNER]], %[[A]] : {{.*}}) outs(%[[INNER]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: pto.tor ins(%[[INNER]], %[[OUT]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @nested_loops(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%outer = %init) -> !pto.tile<vec, 8x32xi16> {
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%inner = %outer) -> !pto.tile<vec, 8x32xi16> {
      %x = pto.tor %inner, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
      scf.yield %x : !pto.tile<vec, 8x32xi16>
    }
    %y = pto.tor %s, %outer : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %y : !pto.tile<vec, 8x32xi16>
  }
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

// A loop takes over its init's buffer only when nothing reads the init
// later, inside the loop included: here the body reads %s in every
// iteration, so the iter_arg gets a carrier that %s is copied into.
// CHECK-LABEL: func.func @init_read_in_the_loop(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK: %[[S:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[S]] : {{.*}})
// CHECK-NEXT: %[[C:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.treshape ins(%[[S]] : {{.*}}) outs(%[[C]] : {{.*}})
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: pto.tor ins(%[[C]], %[[S]] : {{.*}}) outs(%[[C]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: pto.tor ins(%[[C]], %[[C]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: return
func.func @init_read_in_the_loop(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %s) -> !pto.tile<vec, 8x32xi16> {
    %y = pto.tor %x, %s : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %y : !pto.tile<vec, 8x32xi16>
  }
  %o = pto.tor %r, %r : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %o : !pto.tile<vec, 8x32xi16>
}

// -----

// One init for two iter_args: the first takes over its buffer, the second
// gets a carrier of its own that the init is copied into.
// CHECK-LABEL: func.func @one_init_twice(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[O0:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[O1:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK: %[[S:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[S]] : {{.*}})
// CHECK-NEXT: %[[C:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.treshape ins(%[[S]] : {{.*}}) outs(%[[C]] : {{.*}})
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: pto.tor ins(%[[S]], %[[A]] : {{.*}}) outs(%[[S]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: pto.tor ins(%[[S]], %[[C]] : {{.*}}) outs(%[[O0]] : {{.*}})
// CHECK-NEXT: pto.tor ins(%[[C]], %[[C]] : {{.*}}) outs(%[[O1]] : {{.*}})
// CHECK-NEXT: return
func.func @one_init_twice(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %s, %y = %s) -> (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) {
    %x2 = pto.tor %x, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %x2, %y : !pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>
  }
  %o = pto.tor %r#0, %r#1 : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  %p = pto.tor %r#1, %r#1 : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %o, %p : !pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>
}

// -----

// The yield's copies act as one: iter_args yielded in swapped order would
// otherwise read a carrier already written, so the value in the earlier
// position's carrier is copied aside first.
// CHECK-LABEL: func.func @swap(
// CHECK: %[[C0:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.treshape ins(%{{.*}} : {{.*}}) outs(%[[C0]] : {{.*}})
// CHECK-NEXT: %[[C1:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.treshape ins(%{{.*}} : {{.*}}) outs(%[[C1]] : {{.*}})
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.treshape ins(%[[C0]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[C1]] : {{.*}}) outs(%[[C0]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[T]] : {{.*}}) outs(%[[C1]] : {{.*}})
// CHECK-NEXT: }
func.func @swap(%a: !pto.tile<vec, 8x32xi16>, %b: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) {
    scf.yield %y, %x : !pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>
  }
  %o = pto.tor %r#0, %r#0 : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %o : !pto.tile<vec, 8x32xi16>
}

// -----

// The inner loop's result is going to the outer carrier, which holds %x;
// the inner body reads %x in every iteration, so the inner loop gets a
// carrier of its own, copied into the outer one at the outer yield.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[Y:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.treshape ins(%[[A]] : {{.*}}) outs(%[[Y]] : {{.*}})
// CHECK-NEXT: scf.for
// CHECK-NEXT: pto.tor ins(%[[Y]], %[[X]] : {{.*}}) outs(%[[Y]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: pto.treshape ins(%[[Y]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: }
func.func @nested(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %s) -> (!pto.tile<vec, 8x32xi16>) {
    %q = scf.for %j = %c0 to %n step %c1 iter_args(%y = %a) -> (!pto.tile<vec, 8x32xi16>) {
      %z = pto.tor %y, %x : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
      scf.yield %z : !pto.tile<vec, 8x32xi16>
    }
    scf.yield %q : !pto.tile<vec, 8x32xi16>
  }
  %o = pto.tor %r, %r : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %o : !pto.tile<vec, 8x32xi16>
}

// -----

// scf.while: the before region's tile argument lives in one carrier (here
// the buffer of its init, which nothing reads later), the after region's
// argument (the loop's result) in another, here the out-parameter. The
// condition copies the value it passes on into the result's carrier; the
// after region's yield copies into the before carrier. Non-tile values stay.
// CHECK-LABEL: func.func @while_loop(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi32>, %[[B:.*]]: !pto.tile_buf<vec, 8x32xi32>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi32>) {
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi32>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[B]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: %{{.*}} = scf.while (%[[I:.*]] = %{{.*}}) : (index) -> index {
// CHECK-NEXT: %[[GO:.*]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT: %[[H:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x16xi32>
// CHECK-NEXT: pto.textract ins(%[[X]], %{{.*}}, %{{.*}} : {{.*}}) outs(%[[H]] : {{.*}})
// CHECK-NEXT: pto.tinsert ins(%[[H]], %{{.*}}, %{{.*}} : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[X]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: scf.condition(%[[GO]]) %[[I]] : index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: %[[W:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi32>
// CHECK-NEXT: pto.tor ins(%[[OUT]], %[[A]] : {{.*}}) outs(%[[W]] : {{.*}})
// CHECK-NEXT: %[[J1:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK-NEXT: pto.treshape ins(%[[W]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: scf.yield %[[J1]] : index
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @while_loop(%a: !pto.tile<vec, 8x32xi32>, %b: !pto.tile<vec, 8x32xi32>, %n: index) -> !pto.tile<vec, 8x32xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %s = pto.tor %a, %b : (!pto.tile<vec, 8x32xi32>, !pto.tile<vec, 8x32xi32>) -> !pto.tile<vec, 8x32xi32>
  %r:2 = scf.while (%x = %s, %i = %c0) : (!pto.tile<vec, 8x32xi32>, index) -> (index, !pto.tile<vec, 8x32xi32>) {
    %go = arith.cmpi slt, %i, %n : index
    %h = pto.textract %x, %c0, %c16 : (!pto.tile<vec, 8x32xi32>, index, index) -> !pto.tile<vec, 8x16xi32>
    %y = pto.tinsert %h, %c0, %c0 into %x : (!pto.tile<vec, 8x16xi32>, index, index) -> !pto.tile<vec, 8x32xi32>
    scf.condition(%go) %i, %y : index, !pto.tile<vec, 8x32xi32>
  } do {
  ^bb0(%j: index, %z: !pto.tile<vec, 8x32xi32>):
    %w = pto.tor %z, %a : (!pto.tile<vec, 8x32xi32>, !pto.tile<vec, 8x32xi32>) -> !pto.tile<vec, 8x32xi32>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %w, %j1 : !pto.tile<vec, 8x32xi32>, index
  }
  return %r#1 : !pto.tile<vec, 8x32xi32>
}
