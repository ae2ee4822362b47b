//===- ViewLayouts.cpp - the pto-view-layouts pass
//-------------------------===//
//
// The pass form of moveViewLayoutsIntoTypes (dialect/lib/ViewLayouts.cpp),
// for pipelines that want PTOAS's text in pto-mlir's form.
//
#include "pto/GlobalMemory.h"
#include "pto/PtoPasses.h"

namespace mlir::pto {
#define GEN_PASS_DEF_PTOVIEWLAYOUTS
#include "pto/PtoPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;

namespace {
struct PtoViewLayouts : pto::impl::PtoViewLayoutsBase<PtoViewLayouts> {
  void runOnOperation() override {
    if (failed(pto::moveViewLayoutsIntoTypes(getOperation())))
      signalPassFailure();
  }
};
} // namespace
