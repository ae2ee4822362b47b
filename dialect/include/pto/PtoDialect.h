//===- PtoDialect.h - the pto dialect ---------------------------*- C++ -*-===//
#ifndef PTO_PTODIALECT_H
#define PTO_PTODIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include <mutex>

#include "pto/PtoDialect.h.inc"
#include "pto/PtoEnums.h.inc"
#include "pto/PtoTileOpSupport.h"
#define GET_ATTRDEF_CLASSES
#include "pto/PtoAttrs.h.inc"

#include "pto/PtoTypeInterfaces.h.inc"
#define GET_TYPEDEF_CLASSES
#include "pto/PtoTypes.h.inc"

#include "pto/ElementwiseOps.h"
#include "pto/PtoOpInterfaces.h.inc"
#define GET_OP_CLASSES
#include "pto/PtoOps.h.inc"

#endif // PTO_PTODIALECT_H
