//===- TilePrintABI.h - the JIT's tprint, as code calls it ------*- C++ -*-===//
//
// pto.tprint prints a tile's valid region as pto-isa's CPU simulator does
// (include/pto/cpu/TPrint.hpp:59-75, TPRINT_IMPL with the default
// PrintFormat::Width8_Precision4): a line `TPRINT <rows>x<cols>`, then each
// row's elements separated by one space, floats as `%8.4f` (std::fixed,
// setw(8), setprecision(4)), integers as `%8d`. The host lowering (passes/
// lib/lowering/TPrintLowering.cpp) calls these functions; the JIT's process
// provides them (python/fastcall/TilePrint.cpp), appending the text to the
// calling thread's buffer, which runtime.run prints after each core's run.
// Plain C types only: both sides include this header.
//
#ifndef PTO_TILEPRINTABI_H
#define PTO_TILEPRINTABI_H

#include <cstdint>

namespace mlir::pto {

/// `void pto_tprint_shape(rows, cols)`: the header line of one print.
inline constexpr const char kTPrintShapeSymbol[] = "pto_tprint_shape";
/// `void pto_tprint_float(value, col, cols)`, `pto_tprint_signed(value,
/// col, cols)`, `pto_tprint_unsigned(value, col, cols)`: element `col` of
/// a row of `cols` (a space before it unless it is the first, the end of
/// the line after the last).
inline constexpr const char kTPrintFloatSymbol[] = "pto_tprint_float";
inline constexpr const char kTPrintSignedSymbol[] = "pto_tprint_signed";
inline constexpr const char kTPrintUnsignedSymbol[] = "pto_tprint_unsigned";

using TPrintShapeFn = void (*)(int64_t rows, int64_t cols);
using TPrintFloatFn = void (*)(double value, int64_t col, int64_t cols);
using TPrintSignedFn = void (*)(int64_t value, int64_t col, int64_t cols);
using TPrintUnsignedFn = void (*)(uint64_t value, int64_t col, int64_t cols);

} // namespace mlir::pto

#endif // PTO_TILEPRINTABI_H
