// RUN: pto-opt %s | pto-opt | FileCheck %s
// The binary elementwise family at both levels (tor: tor.mlir); every op,
// type and target: test/pytest/families/test_binary_elementwise_rules.py.

// CHECK-LABEL: func.func @tadd_level1
// CHECK: %[[D:.*]] = pto.tadd %arg0, %arg1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
func.func @tadd_level1(%src0: !pto.tile<vec, 16x16xi16>, %src1: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %dst = pto.tadd %src0, %src1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
  return %dst : !pto.tile<vec, 16x16xi16>
}

// CHECK-LABEL: func.func @tadd_level2
// CHECK: pto.tadd ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%arg2 : !pto.tile_buf<vec, 16x16xi32>)
func.func @tadd_level2(%src0: !pto.tile_buf<vec, 16x16xi32>, %src1: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.tadd ins(%src0, %src1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// CHECK-LABEL: func.func @tsub_level1
// CHECK: %[[D:.*]] = pto.tsub %arg0, %arg1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
func.func @tsub_level1(%src0: !pto.tile<vec, 16x16xi16>, %src1: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %dst = pto.tsub %src0, %src1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
  return %dst : !pto.tile<vec, 16x16xi16>
}

// CHECK-LABEL: func.func @tsub_level2
// CHECK: pto.tsub ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%arg2 : !pto.tile_buf<vec, 16x16xi32>)
func.func @tsub_level2(%src0: !pto.tile_buf<vec, 16x16xi32>, %src1: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.tsub ins(%src0, %src1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// CHECK-LABEL: func.func @tmul_level1
// CHECK: %[[D:.*]] = pto.tmul %arg0, %arg1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
func.func @tmul_level1(%src0: !pto.tile<vec, 16x16xi16>, %src1: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %dst = pto.tmul %src0, %src1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
  return %dst : !pto.tile<vec, 16x16xi16>
}

// CHECK-LABEL: func.func @tmul_level2
// CHECK: pto.tmul ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%arg2 : !pto.tile_buf<vec, 16x16xi32>)
func.func @tmul_level2(%src0: !pto.tile_buf<vec, 16x16xi32>, %src1: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.tmul ins(%src0, %src1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// CHECK-LABEL: func.func @tmax_level1
// CHECK: %[[D:.*]] = pto.tmax %arg0, %arg1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
func.func @tmax_level1(%src0: !pto.tile<vec, 16x16xi16>, %src1: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %dst = pto.tmax %src0, %src1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
  return %dst : !pto.tile<vec, 16x16xi16>
}

// CHECK-LABEL: func.func @tmax_level2
// CHECK: pto.tmax ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%arg2 : !pto.tile_buf<vec, 16x16xi32>)
func.func @tmax_level2(%src0: !pto.tile_buf<vec, 16x16xi32>, %src1: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.tmax ins(%src0, %src1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// CHECK-LABEL: func.func @tmin_level1
// CHECK: %[[D:.*]] = pto.tmin %arg0, %arg1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
func.func @tmin_level1(%src0: !pto.tile<vec, 16x16xi16>, %src1: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %dst = pto.tmin %src0, %src1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
  return %dst : !pto.tile<vec, 16x16xi16>
}

// CHECK-LABEL: func.func @tmin_level2
// CHECK: pto.tmin ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%arg2 : !pto.tile_buf<vec, 16x16xi32>)
func.func @tmin_level2(%src0: !pto.tile_buf<vec, 16x16xi32>, %src1: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.tmin ins(%src0, %src1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// CHECK-LABEL: func.func @tand_level1
// CHECK: %[[D:.*]] = pto.tand %arg0, %arg1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
func.func @tand_level1(%src0: !pto.tile<vec, 16x16xi16>, %src1: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %dst = pto.tand %src0, %src1 : (!pto.tile<vec, 16x16xi16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
  return %dst : !pto.tile<vec, 16x16xi16>
}

// CHECK-LABEL: func.func @tand_level2
// CHECK: pto.tand ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%arg2 : !pto.tile_buf<vec, 16x16xi32>)
func.func @tand_level2(%src0: !pto.tile_buf<vec, 16x16xi32>, %src1: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.tand ins(%src0, %src1 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// trem: PTOAS's ins(%src0, %src1, %tmp), tmp the NPU's scratch.
// CHECK-LABEL: func.func @trem_level1
// CHECK: %[[D:.*]] = pto.trem %arg0, %arg1, %arg2 : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x32xf32>) -> !pto.tile<vec, 16x16xf32>
func.func @trem_level1(%src0: !pto.tile<vec, 16x16xf32>, %src1: !pto.tile<vec, 16x16xf32>, %tmp: !pto.tile<vec, 16x32xf32>) -> !pto.tile<vec, 16x16xf32> {
  %dst = pto.trem %src0, %src1, %tmp : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x32xf32>) -> !pto.tile<vec, 16x16xf32>
  return %dst : !pto.tile<vec, 16x16xf32>
}

// CHECK-LABEL: func.func @trem_level2
// CHECK: pto.trem ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%arg3 : !pto.tile_buf<vec, 16x16xf32>)
func.func @trem_level2(%src0: !pto.tile_buf<vec, 16x16xf32>, %src1: !pto.tile_buf<vec, 16x16xf32>, %tmp: !pto.tile_buf<vec, 16x32xf32>, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.trem ins(%src0, %src1, %tmp : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// txor: PTOAS's ins(%src0, %src1, %tmp); tfmod its ins(%src0, %src1).
// CHECK-LABEL: func.func @txor_level2
// CHECK: pto.txor ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%arg3 : !pto.tile_buf<vec, 16x16xi32>)
func.func @txor_level2(%src0: !pto.tile_buf<vec, 16x16xi32>, %src1: !pto.tile_buf<vec, 16x16xi32>, %tmp: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.txor ins(%src0, %src1, %tmp : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// CHECK-LABEL: func.func @tfmod_level1
// CHECK: %[[D:.*]] = pto.tfmod %arg0, %arg1 : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32>
func.func @tfmod_level1(%src0: !pto.tile<vec, 16x16xf32>, %src1: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32> {
  %dst = pto.tfmod %src0, %src1 : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32>
  return %dst : !pto.tile<vec, 16x16xf32>
}

// tsubrelu: the family's ins(%src0, %src1) (PTOAS has no tsubrelu).
// CHECK-LABEL: func.func @tsubrelu_level2
// CHECK: pto.tsubrelu ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<vec, 16x16xf16>) outs(%arg2 : !pto.tile_buf<vec, 16x16xf16>)
func.func @tsubrelu_level2(%src0: !pto.tile_buf<vec, 16x16xf16>, %src1: !pto.tile_buf<vec, 16x16xf16>, %dst: !pto.tile_buf<vec, 16x16xf16>) {
  pto.tsubrelu ins(%src0, %src1 : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<vec, 16x16xf16>) outs(%dst : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// tprelu: PTOAS's ins(%src0, %src1, %tmp) at Level 2 (include/PTO/IR/
// PTOOps.td:4353), the A2/A3 tmp a mask of bytes with more valid rows than
// dst (tprelu_c6, c7); Level 1 as the page writes it plus the tmp.
// CHECK-LABEL: func.func @tprelu_level2
// CHECK: pto.tprelu ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 32x32xui8>) outs(%arg3 : !pto.tile_buf<vec, 16x16xf32>)
module attributes {pto.target_arch = "a2a3"} {
func.func @tprelu_level2(%src0: !pto.tile_buf<vec, 16x16xf32>, %src1: !pto.tile_buf<vec, 16x16xf32>, %tmp: !pto.tile_buf<vec, 32x32xui8>, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.tprelu ins(%src0, %src1, %tmp : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 32x32xui8>) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}
}

// CHECK-LABEL: func.func @tprelu_level1
// CHECK: %[[D:.*]] = pto.tprelu %arg0, %arg1, %arg2 : (!pto.tile<vec, 16x16xf16>, !pto.tile<vec, 16x16xf16>, !pto.tile<vec, 16x16xf16>) -> !pto.tile<vec, 16x16xf16>
func.func @tprelu_level1(%src0: !pto.tile<vec, 16x16xf16>, %src1: !pto.tile<vec, 16x16xf16>, %tmp: !pto.tile<vec, 16x16xf16>) -> !pto.tile<vec, 16x16xf16> {
  %dst = pto.tprelu %src0, %src1, %tmp : (!pto.tile<vec, 16x16xf16>, !pto.tile<vec, 16x16xf16>, !pto.tile<vec, 16x16xf16>) -> !pto.tile<vec, 16x16xf16>
  return %dst : !pto.tile<vec, 16x16xf16>
}
