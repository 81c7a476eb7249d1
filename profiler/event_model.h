#pragma once
// The profiler's event stream: what the engine and the readers did, with host timestamps. Views
// of loading, tracing and execution are built from it. This first version records spans.
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace graphlens::profiler {

struct Span {
    std::string category; // "load", "layout", "parse", ...
    std::string name;
    int64_t startNs = 0;
    int64_t endNs = 0;
    uint32_t thread = 0;
};

class EventModel {
public:
    void add(Span span);
    std::vector<Span> snapshot() const;
    size_t size() const;

private:
    mutable std::mutex m_mutex;
    std::vector<Span> m_spans;
};

// Records a span into `model` for the lifetime of the object.
class ScopedSpan {
public:
    ScopedSpan(EventModel* model, std::string category, std::string name);
    ~ScopedSpan();
    ScopedSpan(const ScopedSpan&) = delete;
    ScopedSpan& operator=(const ScopedSpan&) = delete;

private:
    EventModel* m_model;
    Span m_span;
};

int64_t nowNs();

} // namespace graphlens::profiler
