//===- ParallelRowsABI.h - the JIT's row dispatcher, as code calls it -----===//
//
// `pto-parallel-rows` (passes/lib/lowering/ParallelRows.cpp) emits calls of
// this function; the JIT's process provides it (python/fastcall/
// ParallelRows.cpp) and registers it with the ExecutionEngine under this
// name. Plain C types only: both sides include this header.
//
#ifndef PTO_PARALLELROWSABI_H
#define PTO_PARALLELROWSABI_H

#include <cstdint>

namespace mlir::pto {

/// The symbol the generated code calls.
inline constexpr const char kParallelRowsSymbol[] = "pto_parallel_rows";

/// One part of an op: runs its rows [rowBegin, rowEnd) with the call's
/// arguments stored in `record`, reporting failures into `errorSlot`.
using ParallelRowsBody = void (*)(void *record, int64_t rowBegin,
                                  int64_t rowEnd, int64_t *errorSlot);

/// `void pto_parallel_rows(body, record, rows, parts, errorSlot, slotWords)`:
/// runs `body` on `parts` consecutive parts of [0, rows), on as many
/// threads, each part with a zeroed error slot of `slotWords` words; then,
/// if `errorSlot` holds no failure yet, copies the first failing part's
/// slot into it (the lowest rows: what one thread would have reported).
using ParallelRowsFn = void (*)(ParallelRowsBody body, void *record,
                                int64_t rows, int64_t parts, int64_t *errorSlot,
                                int64_t slotWords);

} // namespace mlir::pto

#endif // PTO_PARALLELROWSABI_H
