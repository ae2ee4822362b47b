//===- Pipelines.cpp - registration of pto passes and pipelines -----------===//
#include "pto/PtoPasses.h"
#include "pto/PtoLowering.h"

void mlir::pto::registerPtoPassesAndPipelines() {
  registerPtoPasses();
  registerPtoLoweringPipeline();
}
