#pragma once
// Worker pools shared by the engine, as TF has two: the inter-op pool runs independent graph
// steps at the same time, the intra-op pool splits one kernel's work into blocks. Kernels must
// make their results independent of how the work was split (split over outputs, never over a
// reduction), so that a result has the same bits whatever the thread count.
#include <cstdint>
#include <functional>
#include <memory>

namespace graphlens::util {

class ThreadPool {
public:
    // `workers` threads besides the callers (0: everything runs on the calling thread).
    explicit ThreadPool(int workers);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int numWorkers() const;
    // Runs `task` on a worker some time later (on the caller when there are no workers), under
    // the caller's interrupt (core/util/interrupt.h).
    void schedule(std::function<void()> task);
    // Calls fn(begin, end) on blocks that cover [0, total), each at least `minBlock` items (the
    // last may be shorter); the workers and the calling thread share the blocks, and the call
    // returns when all are done. The first exception a block throws is rethrown here once the
    // blocks that had started finished; blocks not started by then are skipped. Each block runs
    // under the caller's interrupt and checks it first (a stopped run throws before its next
    // block). Safe to nest and to call from a worker: the caller runs every block no worker
    // took, so it never waits on a busy pool.
    void parallelFor(int64_t total, int64_t minBlock, const std::function<void(int64_t, int64_t)>& fn);

private:
    struct State;
    std::unique_ptr<State> m_state;
};

// The intra-op pool: GRAPHLENS_INTRA_OP_THREADS threads in all (default: the hardware's), the
// caller counted as one.
ThreadPool& intraOpPool();
// The inter-op pool: GRAPHLENS_INTER_OP_THREADS threads in all (default: the hardware's), the
// caller counted as one.
ThreadPool& interOpPool();

} // namespace graphlens::util
