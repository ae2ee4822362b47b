// RUN: pto-opt %s --pto-plan-memory --split-input-file | FileCheck %s

// Buffers live at the same time get disjoint addresses; a buffer whose
// interval starts after another's ends reuses its bytes. Sizes round up to
// 32 bytes (1x16xi16 is 16 bytes, but the next address is 0x20).
// CHECK-LABEL: func.func @reuse(
// CHECK-NEXT: %[[T0:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 1x16xi16>
// CHECK-NEXT: pto.tassign %[[T0]], @tile(0x0)
// CHECK-NEXT: %[[T1:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[T1]], @tile(0x20)
// CHECK: %[[T2:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[T2]], @tile(0x420)
// CHECK: %[[T3:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[T3]], @tile(0x20)
func.func @reuse(%a: !pto.tile_buf<vec, 16x32xi16>, %out: !pto.tile_buf<vec, 16x32xi16>) {
  %t0 = pto.alloc_tile : !pto.tile_buf<vec, 1x16xi16>
  %t1 = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%t1 : !pto.tile_buf<vec, 16x32xi16>)
  %t2 = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%t1, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%t2 : !pto.tile_buf<vec, 16x32xi16>)
  %t3 = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%t2, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%t3 : !pto.tile_buf<vec, 16x32xi16>)
  pto.tor ins(%t3, %t3 : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%out : !pto.tile_buf<vec, 16x32xi16>)
  pto.tor ins(%t0, %t0 : !pto.tile_buf<vec, 1x16xi16>, !pto.tile_buf<vec, 1x16xi16>) outs(%t0 : !pto.tile_buf<vec, 1x16xi16>)
  return
}

// -----

// Each memory is planned on its own: the mat tile takes 0 while a vec tile
// is live there. Manual placements are kept and auto placement avoids them.
// CHECK-LABEL: func.func @memories_and_manual(
// CHECK-NEXT: %[[M:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 16x32xi16>
// CHECK-NEXT: %[[V:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: %[[W:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[W]], @tile(0x0)
// CHECK-NEXT: pto.tassign %[[V]], @tile(0x400)
// CHECK-NEXT: pto.tor
// CHECK-NEXT: pto.tor
// CHECK-NEXT: pto.tassign %[[M]], @tile(0x0)
// CHECK-NEXT: return
func.func @memories_and_manual(%a: !pto.tile_buf<vec, 16x32xi16>) {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 16x32xi16>
  %v = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  %w = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tassign %v, @tile(0x400)
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%v : !pto.tile_buf<vec, 16x32xi16>)
  pto.tor ins(%v, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%w : !pto.tile_buf<vec, 16x32xi16>)
  pto.tassign %m, @tile(0x0)
  return
}

// -----

// Auto placement also avoids the manual placement of a buffer allocated
// later while both are live (%late at 0x0 pushes %early to 0x400); %next,
// allocated once both are dead, takes 0x0.
// CHECK-LABEL: func.func @manual_allocated_later(
// CHECK-NEXT: %[[EARLY:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[EARLY]], @tile(0x400)
// CHECK-NEXT: %[[LATE:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[LATE]], @tile(0x0)
// CHECK-NEXT: pto.tor
// CHECK-NEXT: %[[NEXT:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[NEXT]], @tile(0x0)
// CHECK-NEXT: pto.tor
// CHECK-NEXT: return
func.func @manual_allocated_later(%a: !pto.tile_buf<vec, 16x32xi16>) {
  %early = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  %late = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tassign %late, @tile(0x0)
  pto.tor ins(%early, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%late : !pto.tile_buf<vec, 16x32xi16>)
  %next = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%next : !pto.tile_buf<vec, 16x32xi16>)
  return
}

// -----

// A buffer used inside a loop is live for the whole loop; a buffer
// allocated in the loop body is live within one iteration and is placed
// clear of the outer one.
// CHECK-LABEL: func.func @loop(
// CHECK: %[[OUTER:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[OUTER]], @tile(0x0)
// CHECK: scf.for
// CHECK-NEXT: %[[INNER:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[INNER]], @tile(0x400)
// CHECK: %[[AFTER:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[AFTER]], @tile(0x0)
func.func @loop(%a: !pto.tile_buf<vec, 16x32xi16>, %out: !pto.tile_buf<vec, 16x32xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %outer = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  scf.for %i = %c0 to %c4 step %c1 {
    %inner = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
    pto.tor ins(%a, %outer : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%inner : !pto.tile_buf<vec, 16x32xi16>)
    pto.tor ins(%inner, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%outer : !pto.tile_buf<vec, 16x32xi16>)
  }
  %after = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%after : !pto.tile_buf<vec, 16x32xi16>)
  pto.tor ins(%after, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%out : !pto.tile_buf<vec, 16x32xi16>)
  return
}


// -----

// A use of a view (pto.treshape of a buffer) keeps the viewed buffer live.
// CHECK-LABEL: func.func @view_keeps_source_live(
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi16>
// CHECK-NEXT: pto.tassign %[[T]], @tile(0x0)
// CHECK: %[[W:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tassign %[[W]], @tile(0x200)
func.func @view_keeps_source_live(%a: !pto.tile_buf<vec, 16x16xi16>, %out: !pto.tile_buf<vec, 8x32xi16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x16xi16>, !pto.tile_buf<vec, 16x16xi16>) outs(%t : !pto.tile_buf<vec, 16x16xi16>)
  %v = pto.treshape %t : !pto.tile_buf<vec, 16x16xi16> -> !pto.tile_buf<vec, 8x32xi16>
  %w = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
  pto.tor ins(%v, %v : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%w : !pto.tile_buf<vec, 8x32xi16>)
  pto.tor ins(%w, %v : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%out : !pto.tile_buf<vec, 8x32xi16>)
  return
}

// -----

// Buffers in different regions share bytes when their lives do not overlap:
// one dead before a loop and one allocated in the loop body; two buffers of
// one iteration, the first dead before the second is allocated; the buffers
// of the two branches of an scf.if.
// CHECK-LABEL: func.func @reuse_across_regions(
// CHECK: %[[BEFORE:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[BEFORE]], @tile(0x0)
// CHECK: scf.for
// CHECK-NEXT: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[X]], @tile(0x0)
// CHECK: %[[Y:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[Y]], @tile(0x0)
// CHECK: scf.if
// CHECK-NEXT: %[[THEN:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[THEN]], @tile(0x0)
// CHECK: } else {
// CHECK-NEXT: %[[ELSE:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[ELSE]], @tile(0x0)
func.func @reuse_across_regions(%a: !pto.tile_buf<vec, 16x32xi16>, %p: i1, %out: !pto.tile_buf<vec, 16x32xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %before = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%before : !pto.tile_buf<vec, 16x32xi16>)
  pto.tor ins(%before, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%out : !pto.tile_buf<vec, 16x32xi16>)
  scf.for %i = %c0 to %c4 step %c1 {
    %x = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
    pto.tor ins(%out, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%x : !pto.tile_buf<vec, 16x32xi16>)
    pto.tor ins(%x, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%out : !pto.tile_buf<vec, 16x32xi16>)
    %y = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
    pto.tor ins(%out, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%y : !pto.tile_buf<vec, 16x32xi16>)
    pto.tor ins(%y, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%out : !pto.tile_buf<vec, 16x32xi16>)
  }
  scf.if %p {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
    pto.tor ins(%out, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%t : !pto.tile_buf<vec, 16x32xi16>)
    pto.tor ins(%t, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%out : !pto.tile_buf<vec, 16x32xi16>)
  } else {
    %e = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
    pto.tor ins(%out, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%e : !pto.tile_buf<vec, 16x32xi16>)
    pto.tor ins(%e, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%out : !pto.tile_buf<vec, 16x32xi16>)
  }
  return
}

// -----

// A buffer from outside a loop whose last read in the body comes before an
// allocation there is still live at that allocation: the next iteration
// reads it again, so the two do not share bytes.
// CHECK-LABEL: func.func @read_again_next_iteration(
// CHECK: %[[OUTER:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[OUTER]], @tile(0x0)
// CHECK: scf.for
// CHECK-NEXT: pto.tor
// CHECK-NEXT: %[[INNER:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tassign %[[INNER]], @tile(0x400)
func.func @read_again_next_iteration(%a: !pto.tile_buf<vec, 16x32xi16>, %out: !pto.tile_buf<vec, 16x32xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %outer = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%outer : !pto.tile_buf<vec, 16x32xi16>)
  scf.for %i = %c0 to %c4 step %c1 {
    pto.tor ins(%outer, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%out : !pto.tile_buf<vec, 16x32xi16>)
    %inner = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
    pto.tor ins(%out, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%inner : !pto.tile_buf<vec, 16x32xi16>)
    pto.tor ins(%inner, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%out : !pto.tile_buf<vec, 16x32xi16>)
  }
  return
}
