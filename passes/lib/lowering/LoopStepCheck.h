//===- LoopStepCheck.h - scf.for steps checked at run time ------*- C++ -*-===//
//
// scf.for runs its body at lower, lower + step, ... while below upper. A
// step that is not positive (zero, unsigned) never ends the loop; the
// interpreter refuses it when the loop starts (non_positive_step), and so
// does the compiled kernel: the check reports the failure and the loop runs
// no iteration.
//
#ifndef PTO_LOWERING_LOOPSTEPCHECK_H
#define PTO_LOWERING_LOOPSTEPCHECK_H

#include "OpOutliner.h"

namespace mlir::pto {

/// Guards every scf.for of `module` whose step is not a positive constant.
void guardLoopSteps(ModuleOp module, OpOutliner &outliner);

} // namespace mlir::pto

#endif // PTO_LOWERING_LOOPSTEPCHECK_H
