// RUN: pto-opt %s --pto-view-layouts --split-input-file -verify-diagnostics -o /dev/null

// Once the layout is in the types, a tload whose tile does not match it
// fails (tload_c4): PTOAS's form leaves the check to this point.
func.func @mismatch(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c1, %c16] {layout = #pto.layout<dn>} : !pto.tensor_view<16x16xf32>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<16x16xf32> -> !pto.partition_tensor_view<16x16xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error @+1 {{'pto.tload' op dst layout ND does not match the window's layout DN}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// A view that flows into another op's types cannot take the layout alone.
func.func private @use(!pto.partition_tensor_view<16x16xf32>)
func.func @flows_into_a_call(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.make_tensor_view' op layout dn cannot move into the view types: the view flows into 'func.call', whose types would change with it (write the layout in the view types, as in '!pto.tensor_view<16x16xf32, dn>')}}
  %tv = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c1, %c16] {layout = #pto.layout<dn>} : !pto.tensor_view<16x16xf32>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<16x16xf32> -> !pto.partition_tensor_view<16x16xf32>
  func.call @use(%pv) : (!pto.partition_tensor_view<16x16xf32>) -> ()
  return
}
