//===- ParallelRows.cpp - the JIT's row dispatcher ------------------------===//
#include "ParallelRows.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

using namespace mlir::pto;

namespace {

/// One call being run in parts: the calling thread and the workers that
/// join claim parts until none is left.
struct Job {
  ParallelRowsBody body;
  void *record;
  int64_t rows;
  int64_t parts;
  int64_t slotWords;
  std::vector<int64_t> slots; // one zeroed error slot per part
  std::atomic<int64_t> next{0};

  void runParts() {
    for (int64_t part; (part = next.fetch_add(1)) < parts;)
      body(record, rows * part / parts, rows * (part + 1) / parts,
           &slots[part * slotWords]);
  }
};

class Pool {
public:
  /// Never destroyed: workers blocked at exit must not outlive their pool.
  static Pool &get() {
    static Pool *pool = new Pool;
    return *pool;
  }

  void run(ParallelRowsBody body, void *record, int64_t rows, int64_t parts,
           int64_t *errorSlot, int64_t slotWords) {
    parts = std::min(parts, rows);
    // One call at a time uses the pool; a call made meanwhile (from
    // another thread) runs whole, as it would without the pool.
    std::unique_lock<std::mutex> dispatching(dispatchMutex, std::try_to_lock);
    if (parts < 2 || !dispatching.owns_lock())
      return body(record, 0, rows, errorSlot);
    Job job{body,  record,    rows,
            parts, slotWords, std::vector<int64_t>(parts * slotWords, 0)};
    {
      std::lock_guard<std::mutex> lock(mutex);
      while (static_cast<int64_t>(workers.size()) < parts - 1)
        workers.emplace_back([this] { work(); });
      current = &job;
      ++generation;
    }
    wake.notify_all();
    job.runParts();
    {
      // Every part is claimed; wait for the workers running one.
      std::unique_lock<std::mutex> lock(mutex);
      current = nullptr;
      idle.wait(lock, [&] { return busy == 0; });
    }
    // Every part ran the same checks: the lowest rows' failure is the one
    // a single thread would have met first.
    if (errorSlot[0] == 0)
      for (int64_t part = 0; part < parts; ++part)
        if (const int64_t *slot = &job.slots[part * slotWords]; slot[0] != 0) {
          std::copy(slot, slot + slotWords, errorSlot);
          break;
        }
    calls.fetch_add(1);
    partsRun.fetch_add(parts);
  }

  pto_fastcall::ParallelRowsStats stats() const {
    return {calls.load(), partsRun.load()};
  }

private:
  void work() {
    std::unique_lock<std::mutex> lock(mutex);
    // A worker started during a call may join it.
    for (uint64_t seen = 0;;) {
      wake.wait(lock, [&] { return generation != seen; });
      seen = generation;
      Job *job = current;
      if (!job)
        continue; // woke after the call ended
      ++busy;
      lock.unlock();
      job->runParts();
      lock.lock();
      if (--busy == 0)
        idle.notify_all();
    }
  }

  std::mutex dispatchMutex;
  std::mutex mutex; // guards what follows
  std::condition_variable wake, idle;
  std::vector<std::thread> workers;
  Job *current = nullptr;
  uint64_t generation = 0;
  int busy = 0;
  std::atomic<int64_t> calls{0}, partsRun{0};
};

void dispatch(ParallelRowsBody body, void *record, int64_t rows, int64_t parts,
              int64_t *errorSlot, int64_t slotWords) {
  Pool::get().run(body, record, rows, parts, errorSlot, slotWords);
}

} // namespace

ParallelRowsFn pto_fastcall::getParallelRowsDispatcher() { return dispatch; }

// The dispatcher under the symbol the generated code calls
// (kParallelRowsSymbol), exported: a kernel loaded from the disk cache is a
// shared object (runtime/native_cache.py), whose reference to it the dynamic
// loader resolves once this module's symbols are made global. An
// ExecutionEngine is handed the address instead.
extern "C" __attribute__((visibility("default"))) void
pto_parallel_rows(ParallelRowsBody body, void *record, int64_t rows,
                  int64_t parts, int64_t *errorSlot, int64_t slotWords) {
  dispatch(body, record, rows, parts, errorSlot, slotWords);
}
static_assert(std::is_same_v<decltype(&pto_parallel_rows), ParallelRowsFn>,
              "the exported dispatcher has the signature the code calls");

pto_fastcall::ParallelRowsStats pto_fastcall::getParallelRowsStats() {
  return Pool::get().stats();
}
