//===- PtoasSpelling.h - PTOAS's names for our element types ----*- C++ -*-===//
//
// PTOAS (github.com/hw-native-sys/PTOAS), the other MLIR `pto` dialect,
// names some element types differently from us: the E4M3 float is `f8E4M3`
// in its `dtype=` where we (and MLIR, for the library's float8_e4m3_t) have
// `f8E4M3FN`. Reading its keyed tile types (TileTypeSyntax.cpp) and writing
// them (translate/lib/PtoasExportForm.cpp) both use this one table. (Its
// target names are in PtoTarget.cpp's table; its `pad=N` codes are our
// PadValue's integers, PtoEnums.td.)
//
#ifndef PTO_PTOASSPELLING_H
#define PTO_PTOASSPELLING_H

#include "mlir/IR/Types.h"

namespace mlir::pto {

/// The element type PTOAS writes for our `type` (itself unless PTOAS
/// spells it otherwise).
Type getPtoasElementType(Type type);

/// The element type PTOAS means by the `dtype=` it wrote (itself unless
/// PTOAS spells it otherwise).
Type readPtoasElementType(Type written);

} // namespace mlir::pto

#endif // PTO_PTOASSPELLING_H
