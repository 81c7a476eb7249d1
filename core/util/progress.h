#pragma once
// Progress reporting and cooperative cancellation for long work (loading, layout, tracing).
// Workers poll the token; the GUI sets it from its own thread.
#include <atomic>
#include <functional>
#include <string>

#include "core/util/error.h"

namespace graphlens {

class CancelToken {
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    void throwIfCancelled() const {
        if (isCancelled()) throw Cancelled();
    }

private:
    std::atomic<bool> m_cancelled{ false };
};

// fraction in [0,1]; stage names what is happening ("parsing", "building graph", ...).
using ProgressFn = std::function<void(double fraction, const std::string& stage)>;

struct Progress {
    ProgressFn report;
    const CancelToken* cancel = nullptr;

    void operator()(double fraction, const std::string& stage) const {
        if (cancel) cancel->throwIfCancelled();
        if (report) report(fraction, stage);
    }
    void check() const {
        if (cancel) cancel->throwIfCancelled();
    }
};

} // namespace graphlens
