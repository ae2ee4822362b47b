//===- PassesCAPI.cpp - C API of the pto passes ---------------------------===//
#include "pto-c/Passes.h"
#include "pto/PtoPasses.h"

void mlirPtoRegisterPasses(void) { mlir::pto::registerPtoPassesAndPipelines(); }
