#pragma once
// Where the engine writes its own profile while it runs: each thread appends slices to a buffer of
// its own, so recording takes no lock; a disabled recorder costs one relaxed atomic load per
// call site. collect() merges the threads' buffers into a Trace once recording has stopped.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

#include "profiler/trace.h"

namespace graphlens::profiler {

int64_t nowNs(); // the recorder's clock: steady, in nanoseconds

class Recorder {
public:
    Recorder();
    ~Recorder();
    Recorder(const Recorder&) = delete;
    Recorder& operator=(const Recorder&) = delete;

    void setEnabled(bool enabled) { m_enabled.store(enabled, std::memory_order_relaxed); }
    bool enabled() const { return m_enabled.load(std::memory_order_relaxed); }

    // A finished slice on the calling thread's track. `name` and `category` are interned in the
    // thread's own table (no lock); pass string literals or other stable text where it matters.
    void slice(std::string_view category, std::string_view name, int64_t start, int64_t end, uint64_t correlation = 0);
    void instant(std::string_view category, std::string_view name, int64_t time);

    // Every thread's events in one Trace (one thread track per recording thread, named by its
    // order of first use). Call when no thread records any more; the buffers are emptied.
    Trace collect(const std::string& processName = "graphlens");
    size_t threadCount() const;

private:
    struct ThreadBuffer;
    ThreadBuffer& buffer();

    std::atomic<bool> m_enabled{ false };
    const uint64_t m_id;        // told apart from a recorder that once lived at the same address
    mutable std::mutex m_mutex; // guards m_buffers: taken once per thread, not per event
    std::vector<std::unique_ptr<ThreadBuffer>> m_buffers;
};

// Records [construction, destruction) as a slice when the recorder is enabled at construction.
class ScopedSlice {
public:
    ScopedSlice(Recorder& recorder, std::string_view category, std::string_view name)
        : m_recorder(recorder.enabled() ? &recorder : nullptr)
        , m_category(category)
        , m_name(name)
        , m_start(m_recorder ? nowNs() : 0) { }
    ~ScopedSlice() {
        if (m_recorder) m_recorder->slice(m_category, m_name, m_start, nowNs());
    }
    ScopedSlice(const ScopedSlice&) = delete;
    ScopedSlice& operator=(const ScopedSlice&) = delete;

private:
    Recorder* m_recorder;
    std::string_view m_category;
    std::string_view m_name;
    int64_t m_start;
};

} // namespace graphlens::profiler
