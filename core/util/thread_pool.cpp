#include "core/util/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "core/util/fp_mode.h"
#include "core/util/interrupt.h"

namespace graphlens::util {

struct ThreadPool::State {
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<std::function<void()>> tasks;
    std::vector<std::thread> threads;
    bool stopping = false;

    void work() {
        for (;;) {
            std::function<void()> task;
            {
                std::unique_lock lock(mutex);
                wake.wait(lock, [&] { return stopping || !tasks.empty(); });
                if (tasks.empty()) return;
                task = std::move(tasks.front());
                tasks.pop_front();
            }
            task();
        }
    }
};

ThreadPool::ThreadPool(int workers)
    : m_state(std::make_unique<State>()) {
    for (int i = 0; i < workers; ++i) m_state->threads.emplace_back([s = m_state.get()] { s->work(); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(m_state->mutex);
        m_state->stopping = true;
    }
    m_state->wake.notify_all();
    for (auto& t : m_state->threads) t.join();
}

int ThreadPool::numWorkers() const {
    return static_cast<int>(m_state->threads.size());
}

void ThreadPool::schedule(std::function<void()> task) {
    if (m_state->threads.empty()) {
        task();
        return;
    }
    // The task runs under the scheduling thread's interrupt (a script's limits).
    if (const Interrupt* interrupt = currentInterrupt())
        task = [interrupt, inner = std::move(task)] {
            InterruptScope scope(interrupt);
            inner();
        };
    {
        std::lock_guard lock(m_state->mutex);
        m_state->tasks.push_back(std::move(task));
    }
    m_state->wake.notify_one();
}

namespace {

// One parallelFor: blocks are claimed through `next`; the caller waits for `finished`.
struct BlockRun {
    int64_t total = 0, blockSize = 0, blocks = 0;
    const std::function<void(int64_t, int64_t)>* fn = nullptr;
    const Interrupt* interrupt = nullptr; // the caller's, checked before each block
    std::atomic<int64_t> next{ 0 };
    std::atomic<bool> failed{ false };
    std::mutex mutex;
    std::condition_variable done;
    int64_t finished = 0;
    std::exception_ptr error;

    // Runs blocks until none is left unclaimed.
    void drain() {
        InterruptScope scope(interrupt);
        for (int64_t b; (b = next.fetch_add(1, std::memory_order_relaxed)) < blocks;) {
            std::exception_ptr e;
            try {
                // After a failure the result is thrown away: the remaining blocks are skipped.
                if (!failed.load(std::memory_order_relaxed)) {
                    if (interrupt) interrupt->check();
                    (*fn)(b * blockSize, std::min(total, (b + 1) * blockSize));
                }
            } catch (...) {
                e = std::current_exception();
                failed.store(true, std::memory_order_relaxed);
            }
            std::lock_guard lock(mutex);
            if (e && !error) error = e;
            if (++finished == blocks) done.notify_all();
        }
    }
};

} // namespace

void ThreadPool::parallelFor(int64_t total, int64_t minBlock, const std::function<void(int64_t, int64_t)>& fn) {
    if (total <= 0) return;
    minBlock = std::max<int64_t>(minBlock, 1);
    const int64_t threads = numWorkers() + 1;
    // A few blocks per thread even out uneven blocks and busy workers.
    const int64_t maxBlocks = threads == 1 ? 1 : threads * 4;
    const int64_t blocks = std::clamp<int64_t>(total / minBlock, 1, maxBlocks);
    if (blocks == 1) {
        checkInterrupt();
        fn(0, total);
        return;
    }
    auto run = std::make_shared<BlockRun>();
    run->total = total;
    run->blockSize = (total + blocks - 1) / blocks;
    run->blocks = (total + run->blockSize - 1) / run->blockSize;
    run->fn = &fn;
    run->interrupt = currentInterrupt();
    const int64_t helpers = std::min<int64_t>(numWorkers(), run->blocks - 1);
    // The blocks run in the caller's floating-point mode (a kernel's flushed denormals).
    const unsigned mode = currentFpMode();
    for (int64_t i = 0; i < helpers; ++i)
        schedule([run, mode] {
            const ScopedFpMode inherit(mode);
            run->drain();
        });
    run->drain();
    std::unique_lock lock(run->mutex);
    run->done.wait(lock, [&] { return run->finished == run->blocks; });
    if (run->error) std::rethrow_exception(run->error);
}

namespace {

int threadsFromEnvironment(const char* name) {
    if (const char* v = std::getenv(name)) {
        const int n = std::atoi(v);
        if (n >= 1 && n <= 1024) return n;
    }
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

} // namespace

ThreadPool& intraOpPool() {
    static ThreadPool pool(threadsFromEnvironment("GRAPHLENS_INTRA_OP_THREADS") - 1);
    return pool;
}

ThreadPool& interOpPool() {
    static ThreadPool pool(threadsFromEnvironment("GRAPHLENS_INTER_OP_THREADS") - 1);
    return pool;
}

} // namespace graphlens::util
