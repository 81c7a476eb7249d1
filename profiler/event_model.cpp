#include "profiler/event_model.h"

#include <chrono>
#include <functional>
#include <thread>

namespace graphlens::profiler {

int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void EventModel::add(Span span) {
    std::lock_guard lock(m_mutex);
    m_spans.push_back(std::move(span));
}

std::vector<Span> EventModel::snapshot() const {
    std::lock_guard lock(m_mutex);
    return m_spans;
}

size_t EventModel::size() const {
    std::lock_guard lock(m_mutex);
    return m_spans.size();
}

ScopedSpan::ScopedSpan(EventModel* model, std::string category, std::string name)
    : m_model(model) {
    m_span.category = std::move(category);
    m_span.name = std::move(name);
    m_span.thread = static_cast<uint32_t>(std::hash<std::thread::id>{}(std::this_thread::get_id()));
    m_span.startNs = nowNs();
}

ScopedSpan::~ScopedSpan() {
    if (!m_model) return;
    m_span.endNs = nowNs();
    m_model->add(std::move(m_span));
}

} // namespace graphlens::profiler
