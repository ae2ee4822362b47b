//===- CoreGridABI.h - the JIT's core position, as code reads it ----------===//
//
// A kernel runs once per core of a grid and reads its position with
// pto.get_block_idx, get_block_num, get_subblock_idx and get_subblock_num.
// The host lowering (passes/lib/lowering/PtoasCoreLowering.cpp) turns each
// into a call of this function; the JIT's process provides it (python/
// fastcall/CoreGrid.cpp), holding the position of the core the calling
// thread runs, which runtime.run sets before each core's call. Plain C
// types only: both sides include this header.
//
#ifndef PTO_COREGRIDABI_H
#define PTO_COREGRIDABI_H

#include <cstdint>

namespace mlir::pto {

/// The symbol the generated code calls.
inline constexpr const char kCoreQuerySymbol[] = "pto_core_query";

/// What a query asks: the argument of the call.
enum class CoreQuery : int64_t {
  BlockIndex = 0,
  BlockCount = 1,
  SubBlockIndex = 2,
  SubBlockCount = 3,
};

/// `int64_t pto_core_query(which)`: the calling thread's value of `which`
/// (a CoreQuery); block 0 of 1, subblock 0 of 1 until a position is set.
using CoreQueryFn = int64_t (*)(int64_t which);

} // namespace mlir::pto

#endif // PTO_COREGRIDABI_H
