// A mistyped pass or pipeline name is answered with the nearest registered
// one (LLVM's own search suggested '-p', the pass list's option); a bad
// value of a pipeline's option names that option.
// RUN: not pto-opt %s --pto-to-dsp 2>&1 | FileCheck %s --check-prefix=TYPO
// RUN: not pto-opt %s -pto-ssa-to-dsp 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not pto-opt %s --pto-to-dps=placement=bogus 2>&1 | FileCheck %s --check-prefix=PLACEMENT
// RUN: pto-opt %s --pto-to-dps=placement=none | FileCheck %s --check-prefix=NONE

// TYPO: pto-opt: unknown pass or pipeline '--pto-to-dsp'; did you mean '--pto-to-dps'?
// PASS: pto-opt: unknown pass or pipeline '--pto-ssa-to-dsp'; did you mean '--pto-ssa-to-dps'?
// PLACEMENT: pto-opt: for the --placement option: Cannot find option named 'bogus'!

// NONE-LABEL: func.func @k
// NONE-NOT: pto.tassign
func.func @k(%a: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32> {
  %b = pto.tmov %a : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
  return %b : !pto.tile<vec, 16x16xf32>
}
