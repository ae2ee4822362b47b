//===- LayoutOps.cpp ---------------------------------------------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoTarget.h"

using namespace mlir;
using namespace mlir::pto;
