//===- Pipelines.cpp - registration of pto passes and pipelines -----------===//
#include "pto/PtoPasses.h"

void mlir::pto::registerPtoPassesAndPipelines() { registerPtoPasses(); }
