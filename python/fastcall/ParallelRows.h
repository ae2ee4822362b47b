//===- ParallelRows.h - the JIT's row dispatcher ----------------*- C++ -*-===//
//
// The dispatcher the code of `pto-parallel-rows` calls
// (pto/ParallelRowsABI.h): a small pool of threads, started on first use
// and kept for the life of the process, runs the parts of a large op's
// rows. ParallelRowsModule.cpp hands its address to Python, which
// registers it with each ExecutionEngine.
//
#ifndef PTO_FASTCALL_PARALLELROWS_H
#define PTO_FASTCALL_PARALLELROWS_H

#include "pto/ParallelRowsABI.h"

namespace pto_fastcall {

/// The dispatcher, a mlir::pto::ParallelRowsFn.
mlir::pto::ParallelRowsFn getParallelRowsDispatcher();

/// What the dispatcher has done in this process: the calls it ran in parts
/// and the parts they had. A call it ran whole on the calling thread
/// (another thread's call was using the pool) counts in neither.
struct ParallelRowsStats {
  int64_t calls;
  int64_t parts;
};
ParallelRowsStats getParallelRowsStats();

} // namespace pto_fastcall

#endif // PTO_FASTCALL_PARALLELROWS_H
