#include "profiler/recorder.h"

#include <chrono>
#include <thread>

namespace graphlens::profiler {
namespace {

std::atomic<uint64_t> g_nextRecorder{ 1 };

// The calling thread's buffer of the recorder it used last: found without a lock.
struct ThreadCache {
    uint64_t recorder = 0;
    void* buffer = nullptr;
};
thread_local ThreadCache t_cache;

} // namespace

int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct Recorder::ThreadBuffer {
    std::thread::id thread;
    uint32_t index = 0; // order of first use: the track's thread id
    StringTable strings;
    std::vector<Event> events; // track unused here; set by collect()
};

Recorder::Recorder()
    : m_id(g_nextRecorder.fetch_add(1)) { }

Recorder::~Recorder() = default;

Recorder::ThreadBuffer& Recorder::buffer() {
    if (t_cache.recorder == m_id) return *static_cast<ThreadBuffer*>(t_cache.buffer);
    std::lock_guard lock(m_mutex);
    // A thread that switched between recorders finds its buffer again.
    const std::thread::id self = std::this_thread::get_id();
    for (const auto& b : m_buffers)
        if (b->thread == self) {
            t_cache = { m_id, b.get() };
            return *b;
        }
    m_buffers.push_back(std::make_unique<ThreadBuffer>());
    m_buffers.back()->thread = self;
    m_buffers.back()->index = static_cast<uint32_t>(m_buffers.size() - 1);
    m_buffers.back()->events.reserve(4096);
    t_cache = { m_id, m_buffers.back().get() };
    return *m_buffers.back();
}

void Recorder::slice(std::string_view category, std::string_view name, int64_t start, int64_t end,
                     uint64_t correlation) {
    if (!enabled()) return;
    ThreadBuffer& b = buffer();
    Event event;
    event.start = start;
    event.duration = end - start;
    event.correlation = correlation;
    event.name = b.strings.intern(name);
    event.category = b.strings.intern(category);
    b.events.push_back(event);
}

void Recorder::instant(std::string_view category, std::string_view name, int64_t time) {
    if (!enabled()) return;
    ThreadBuffer& b = buffer();
    Event event;
    event.start = time;
    event.kind = EventKind::Instant;
    event.name = b.strings.intern(name);
    event.category = b.strings.intern(category);
    b.events.push_back(event);
}

size_t Recorder::threadCount() const {
    std::lock_guard lock(m_mutex);
    return m_buffers.size();
}

Trace Recorder::collect(const std::string& processName) {
    Trace trace;
    std::lock_guard lock(m_mutex);
    const StringId process = trace.strings.intern(processName);
    for (const auto& b : m_buffers) {
        const uint32_t track = trace.trackFor(TrackKind::Thread, 0, b->index);
        trace.track(track).processName = process;
        std::vector<StringId> remap(b->strings.size());
        for (StringId id = 0; id < b->strings.size(); ++id) remap[id] = trace.strings.intern(b->strings.text(id));
        for (Event event : b->events) {
            event.track = track;
            event.name = remap[event.name];
            event.category = remap[event.category];
            trace.addEvent(event);
        }
        b->events.clear();
    }
    trace.finish();
    return trace;
}

} // namespace graphlens::profiler
