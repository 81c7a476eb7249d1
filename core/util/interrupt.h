#pragma once
// Long native work polls the running script's limits: the thread that runs a script installs
// them (InterruptScope), ThreadPool::parallelFor and schedule carry them to the workers that
// share the work, and kernels check between their blocks. So Stop and a time limit end one
// giant MatMul mid-way, not after it.
#include <chrono>

#include "core/util/progress.h"

namespace graphlens::util {

struct Interrupt {
    const CancelToken* cancel = nullptr;
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();

    // Throws Cancelled, or LimitExceeded (Deadline) once the deadline has passed.
    void check() const;
};

// The interrupt of the work running on this thread; null when none was installed.
const Interrupt* currentInterrupt();

// Installs `interrupt` (may be null) on this thread for the scope's life.
class InterruptScope {
public:
    explicit InterruptScope(const Interrupt* interrupt);
    ~InterruptScope();
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;

private:
    const Interrupt* m_previous;
};

// Checks this thread's interrupt, if there is one (a thread-local load when there is none).
inline void checkInterrupt() {
    if (const Interrupt* interrupt = currentInterrupt()) interrupt->check();
}

} // namespace graphlens::util
