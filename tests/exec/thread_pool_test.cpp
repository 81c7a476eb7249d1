// util::ThreadPool, which the executor's inter-op parallelism and the kernels' intra-op loops
// run on: every index exactly once, block sizes, exceptions, nesting from workers, no workers,
// and the script limits (interrupts) it carries to its workers.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/util/interrupt.h"
#include "core/util/thread_pool.h"

using graphlens::Cancelled;
using graphlens::CancelToken;
using graphlens::LimitExceeded;
using graphlens::util::checkInterrupt;
using graphlens::util::currentInterrupt;
using graphlens::util::Interrupt;
using graphlens::util::InterruptScope;
using graphlens::util::ThreadPool;

namespace {

// Runs parallelFor(total, minBlock) and checks that [0, total) is covered exactly once by blocks
// of at least minBlock items (the last may be shorter).
void checkCoverage(ThreadPool& pool, int64_t total, int64_t minBlock) {
    INFO("total " << total << ", minBlock " << minBlock << ", workers " << pool.numWorkers());
    std::vector<std::atomic<int>> hits(static_cast<size_t>(total));
    std::mutex mutex;
    std::vector<std::pair<int64_t, int64_t>> blocks;
    pool.parallelFor(total, minBlock, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) hits[static_cast<size_t>(i)].fetch_add(1);
        std::lock_guard lock(mutex);
        blocks.emplace_back(begin, end);
    });
    int wrong = 0;
    for (const auto& h : hits) wrong += h.load() != 1;
    CHECK(wrong == 0);
    std::sort(blocks.begin(), blocks.end());
    for (size_t b = 0; b + 1 < blocks.size(); ++b) CHECK(blocks[b].second - blocks[b].first >= minBlock);
    if (total > 0) CHECK(blocks.back().second == total);
}

} // namespace

TEST_CASE("parallelFor covers [0, n) exactly once in blocks of at least minBlock", "[util][threadpool]") {
    ThreadPool none(0), two(2), many(7);
    for (ThreadPool* pool : { &none, &two, &many })
        for (const auto& [total, minBlock] : std::vector<std::pair<int64_t, int64_t>>{
                 { 0, 1 }, { 1, 1 }, { 7, 1 }, { 100, 3 }, { 1000, 1 }, { 1000, 999 }, { 1001, 100 }, { 5, 10 } })
            checkCoverage(*pool, total, minBlock);
}

TEST_CASE("parallelFor rethrows a block's exception once no block runs any more", "[util][threadpool]") {
    ThreadPool pool(3);
    std::atomic<int> finished{ 0 }, failedBlock{ 0 };
    try {
        pool.parallelFor(64, 1, [&](int64_t begin, int64_t end) {
            if (begin <= 10 && 10 < end) {
                failedBlock = static_cast<int>(end - begin);
                throw std::runtime_error("block with 10");
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            finished += static_cast<int>(end - begin);
        });
        FAIL("expected an exception");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()) == "block with 10");
    }
    // Blocks that had started ran to their end before the call returned; the ones not started
    // when the failure came were skipped (their result would be thrown away).
    const int afterReturn = finished.load();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(finished.load() == afterReturn);
    CHECK(failedBlock > 0);
    CHECK(afterReturn + failedBlock <= 64);
}

TEST_CASE("the pool carries the caller's interrupt to its workers", "[util][threadpool]") {
    ThreadPool pool(3);
    CancelToken token;
    Interrupt interrupt;
    interrupt.cancel = &token;
    const InterruptScope scope(&interrupt);
    // Blocks and scheduled tasks see the interrupt of the thread that handed them out.
    std::atomic<int> seen{ 0 }, blocks{ 0 };
    pool.parallelFor(64, 1, [&](int64_t, int64_t) {
        ++blocks;
        if (currentInterrupt() == &interrupt) ++seen;
    });
    CHECK(seen == blocks);
    std::promise<const Interrupt*> inTask;
    pool.schedule([&inTask] { inTask.set_value(currentInterrupt()); });
    CHECK(inTask.get_future().get() == &interrupt);
    // Once cancelled, no further block starts: the loop throws Cancelled at once.
    token.cancel();
    std::atomic<int> ran{ 0 };
    CHECK_THROWS_AS(pool.parallelFor(64, 1, [&](int64_t, int64_t) { ++ran; }), Cancelled);
    CHECK(ran == 0);
    CHECK_THROWS_AS(checkInterrupt(), Cancelled);
    // A deadline that has passed ends it as LimitExceeded.
    Interrupt late;
    late.deadline = std::chrono::steady_clock::now() - std::chrono::milliseconds(1);
    const InterruptScope lateScope(&late);
    CHECK_THROWS_AS(pool.parallelFor(64, 1, [&](int64_t, int64_t) { ++ran; }), LimitExceeded);
    CHECK(ran == 0);
    // Without an interrupt nothing is checked.
    const InterruptScope none(nullptr);
    pool.parallelFor(64, 1, [&](int64_t, int64_t) { ++ran; });
    CHECK(ran > 0);
}

TEST_CASE("parallelFor nests inside itself and inside scheduled tasks without deadlock", "[util][threadpool]") {
    ThreadPool pool(2);
    std::atomic<int64_t> sum{ 0 };
    // Workers blocked in an outer loop run the inner loops' blocks themselves.
    pool.parallelFor(8, 1, [&](int64_t b0, int64_t e0) {
        for (int64_t i = b0; i < e0; ++i)
            pool.parallelFor(100, 1, [&](int64_t b1, int64_t e1) {
                for (int64_t j = b1; j < e1; ++j) sum += j;
            });
    });
    CHECK(sum == 8 * 4950);

    // Every worker busy in a task that itself runs a parallelFor.
    std::mutex mutex;
    std::condition_variable done;
    int tasksDone = 0;
    std::atomic<int64_t> inner{ 0 };
    for (int t = 0; t < 4; ++t)
        pool.schedule([&] {
            pool.parallelFor(1000, 10, [&](int64_t b, int64_t e) { inner += e - b; });
            std::lock_guard lock(mutex);
            ++tasksDone;
            done.notify_all();
        });
    std::unique_lock lock(mutex);
    CHECK(done.wait_for(lock, std::chrono::seconds(30), [&] { return tasksDone == 4; }));
    CHECK(inner == 4000);
}

TEST_CASE("a pool without workers runs everything on the caller", "[util][threadpool]") {
    ThreadPool pool(0);
    CHECK(pool.numWorkers() == 0);
    const auto caller = std::this_thread::get_id();
    bool ranHere = false;
    pool.schedule([&] { ranHere = std::this_thread::get_id() == caller; });
    CHECK(ranHere); // schedule() returned after running it
    int elsewhere = 0, blocks = 0;
    pool.parallelFor(1000, 1, [&](int64_t, int64_t) {
        elsewhere += std::this_thread::get_id() != caller;
        ++blocks;
    });
    CHECK(elsewhere == 0);
    CHECK(blocks == 1);
}

TEST_CASE("schedule runs every task on a worker", "[util][threadpool]") {
    ThreadPool pool(3);
    const auto caller = std::this_thread::get_id();
    std::mutex mutex;
    std::condition_variable done;
    int count = 0, onCaller = 0;
    for (int i = 0; i < 100; ++i)
        pool.schedule([&] {
            std::lock_guard lock(mutex);
            onCaller += std::this_thread::get_id() == caller;
            ++count;
            done.notify_all();
        });
    std::unique_lock lock(mutex);
    CHECK(done.wait_for(lock, std::chrono::seconds(30), [&] { return count == 100; }));
    CHECK(onCaller == 0);
}
