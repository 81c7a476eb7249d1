#include "core/util/interrupt.h"

namespace graphlens::util {
namespace {
thread_local const Interrupt* tl_interrupt = nullptr;
} // namespace

void Interrupt::check() const {
    if (cancel) cancel->throwIfCancelled();
    if (deadline != std::chrono::steady_clock::time_point::max() && std::chrono::steady_clock::now() > deadline)
        throw LimitExceeded(LimitExceeded::Kind::Deadline);
}

const Interrupt* currentInterrupt() {
    return tl_interrupt;
}

InterruptScope::InterruptScope(const Interrupt* interrupt)
    : m_previous(tl_interrupt) {
    tl_interrupt = interrupt;
}

InterruptScope::~InterruptScope() {
    tl_interrupt = m_previous;
}

} // namespace graphlens::util
