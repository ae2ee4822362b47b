//===- ElementOpLowering.h - one element of an elementwise op ---*- C++ -*-===//
//
// The scalar computation of every ElementOp (ElementwiseOps.td), as
// arith/math ops: the one table the families' lowerings build their loop
// bodies from (as StableHLO's MapStablehloToScalarOp). Each case computes
// what pto-isa's CPU simulator computes (include/pto/cpu/ElementOp.h),
// bit for bit: one IEEE operation per C++ operation, rounded to the element
// type after each (f16 and bf16 as LLVM legalizes them: in f32, rounded to
// nearest even after every operation), never contracted.
//
#ifndef PTO_LOWERING_ELEMENTOPLOWERING_H
#define PTO_LOWERING_ELEMENTOPLOWERING_H

#include "mlir/IR/Builders.h"
#include "pto/PtoDialect.h"

namespace mlir::pto {

/// `op` applied to `operands`, values of the storage type of `elementType`
/// (a tile's element type: its signedness says how integers compare).
/// `cond ? x : y` of two elements, bf16 ones selected as their bits (so
/// that the result is one operand's bits: ElementOpLowering.cpp says why).
Value selectElement(OpBuilder &b, Location loc, Value cond, Value x, Value y);
/// `lhs <mode> rhs` as C++ compares two elements of `elementType`: ordered
/// for floats (false when either is NaN) but for ne (true then), by the
/// integer's signedness (bf16 in f32: ElementOpLowering.cpp says why).
Value buildCompare(OpBuilder &b, Location loc, CmpMode mode, Type elementType,
                   Value lhs, Value rhs);
/// `lhs < rhs` (buildCompare's lt).
Value buildLessThan(OpBuilder &b, Location loc, Type elementType, Value lhs,
                    Value rhs);

Value buildElementOp(OpBuilder &b, Location loc, ElementOp op, Type elementType,
                     ValueRange operands);

/// What an element op asks of its last operand, checked on every element
/// before any is computed (the families' lowering; the interpreter's
/// LAST_OPERAND_CHECKS, runtime/interp/ops/element_ops.py).
enum class LastOperandCheck {
  None,
  /// A divisor, which pto-isa's simulator asserts is not zero (OP_RECIP;
  /// TDIVS's OP_DIVS and OP_RDIVS, include/pto/cpu/TBinSOps.hpp; the
  /// expands' OP_DIV; TDIV's does not): RunTimeFailure::DivisionByZero, for
  /// a scalar
  /// ScalarDivisionByZero.
  Nonzero,
  /// A shift count, in [0, the element's bits): ShiftCountOutOfRange,
  /// ScalarShiftCountOutOfRange.
  ShiftCount,
};
LastOperandCheck getLastOperandCheck(OpFamily family, ElementOp op);

/// The f64 `x` rounded once (to nearest even) to the float `type`, as a
/// C++ cast of a double does (f16 through f32 rounded to odd: the JIT does
/// not resolve LLVM's `__truncdfhf2`).
Value narrowed(OpBuilder &b, Location loc, Type type, Value x);

} // namespace mlir::pto

#endif // PTO_LOWERING_ELEMENTOPLOWERING_H
