#include "profiler/trace.h"

#include <algorithm>
#include <numeric>

namespace graphlens::profiler {
namespace {

// The finest coverage level merges gaps under 1 µs; each level above multiplies by 4.
constexpr int64_t kBaseGap = 1000;
constexpr size_t kMaxLevels = 16;

} // namespace

std::vector<Interval> mergeIntervals(const std::vector<Interval>& sorted, int64_t gap) {
    std::vector<Interval> out;
    for (const Interval& interval : sorted) {
        if (!out.empty() && interval.start - out.back().end < gap)
            out.back().end = std::max(out.back().end, interval.end);
        else out.push_back(interval);
    }
    return out;
}

StringTable::StringTable() {
    intern(""); // id 0: no name
}

StringId StringTable::intern(std::string_view text) {
    const auto found = m_ids.find(std::string(text));
    if (found != m_ids.end()) return found->second;
    const auto id = static_cast<StringId>(m_strings.size());
    m_strings.emplace_back(text);
    m_ids.emplace(m_strings.back(), id);
    return id;
}

StringId StringTable::find(std::string_view text) const {
    const auto found = m_ids.find(std::string(text));
    return found == m_ids.end() ? kAbsent : found->second;
}

int64_t Trace::findTrack(TrackKind kind, int64_t process, int64_t thread) const {
    const auto found = m_trackKeys.find(std::make_tuple(kind, process, thread));
    return found == m_trackKeys.end() ? -1 : found->second;
}

uint32_t Trace::addTrack(Track track) {
    m_tracks.push_back(track);
    return static_cast<uint32_t>(m_tracks.size() - 1);
}

uint32_t Trace::trackFor(TrackKind kind, int64_t process, int64_t thread) {
    const auto key = std::make_tuple(kind, process, thread);
    const auto found = m_trackKeys.find(key);
    if (found != m_trackKeys.end()) return found->second;
    Track track;
    track.kind = kind;
    track.process = process;
    track.thread = thread;
    track.device = kind == TrackKind::Stream;
    const char* prefix = kind == TrackKind::Stream ? "stream " : kind == TrackKind::Counter ? "counter " : "thread ";
    track.name = strings.intern(prefix + std::to_string(thread));
    const uint32_t index = addTrack(track);
    m_trackKeys.emplace(key, index);
    return index;
}

void Trace::addFlow(uint32_t fromTrack, int64_t fromTime, uint32_t toTrack, int64_t toTime) {
    m_pendingFlows.push_back({ fromTrack, toTrack, fromTime, toTime });
}

void Trace::finish() {
    std::stable_sort(m_events.begin(), m_events.end(), [](const Event& a, const Event& b) {
        if (a.track != b.track) return a.track < b.track;
        if (a.start != b.start) return a.start < b.start;
        return a.duration > b.duration;
    });
    std::stable_sort(m_counters.begin(), m_counters.end(), [](const CounterSample& a, const CounterSample& b) {
        return a.track != b.track ? a.track < b.track : a.time < b.time;
    });
    m_index.assign(m_tracks.size(), {});
    m_start = m_events.empty() ? 0 : m_events.front().start;
    m_end = m_start;
    for (const Event& event : m_events) {
        m_start = std::min(m_start, event.start);
        m_end = std::max(m_end, event.end());
    }
    for (const CounterSample& sample : m_counters) {
        if (m_events.empty() && &sample == &m_counters.front()) m_start = m_end = sample.time;
        m_start = std::min(m_start, sample.time);
        m_end = std::max(m_end, sample.time);
    }
    size_t at = 0;
    while (at < m_events.size()) {
        const uint32_t track = m_events[at].track;
        size_t end = at;
        while (end < m_events.size() && m_events[end].track == track) ++end;
        TrackIndex& index = m_index[track];
        index.first = static_cast<uint32_t>(at);
        index.count = static_cast<uint32_t>(end - at);
        index.maxEnd.resize(index.count);
        // Depth: the number of enclosing slices still open (a stack of their ends).
        std::vector<int64_t> open;
        int64_t running = INT64_MIN;
        std::vector<Interval> busy;
        for (size_t i = at; i < end; ++i) {
            Event& event = m_events[i];
            while (!open.empty() && open.back() <= event.start) open.pop_back();
            event.depth = static_cast<uint16_t>(std::min<size_t>(open.size(), UINT16_MAX));
            if (event.kind == EventKind::Slice && event.duration > 0) open.push_back(event.end());
            running = std::max(running, event.end());
            index.maxEnd[i - at] = running;
            if (event.depth == 0) busy.push_back({ event.start, event.end() });
        }
        busy = mergeIntervals(busy, 1);
        index.levels.push_back(busy);
        int64_t gap = kBaseGap;
        while (index.levels.back().size() > 1 && index.levels.size() < kMaxLevels) {
            index.levels.push_back(mergeIntervals(index.levels.back(), gap));
            gap *= 4;
        }
        at = end;
    }
    for (const PendingFlow& flow : m_pendingFlows) {
        const int64_t from = locate(flow.fromTrack, flow.fromTime);
        const int64_t to = locate(flow.toTrack, flow.toTime);
        if (from >= 0 && to >= 0) m_flows.push_back({ static_cast<uint32_t>(from), static_cast<uint32_t>(to) });
    }
    m_pendingFlows.clear();
    m_pendingFlows.shrink_to_fit();
}

int64_t Trace::locate(uint32_t track, int64_t time) const {
    if (track >= m_index.size()) return -1;
    const TrackIndex& index = m_index[track];
    // The deepest event that starts at or before `time` and has not ended: scan back from the
    // last start <= time while the running maximum of ends still reaches it.
    const auto first = m_events.begin() + index.first;
    const auto last = first + index.count;
    auto it = std::upper_bound(first, last, time, [](int64_t t, const Event& e) { return t < e.start; });
    // Flows usually point at an event's own start (Kineto's launch flows do): the deepest event
    // starting exactly there is the answer, found without walking back over its siblings.
    if (it != first && std::prev(it)->start == time) return std::prev(it) - m_events.begin();
    int64_t best = -1;
    uint16_t bestDepth = 0;
    while (it != first) {
        --it;
        const auto offset = static_cast<size_t>(it - first);
        if (index.maxEnd[offset] < time) break;
        if (it->start <= time && (it->end() >= time) && (best < 0 || it->depth > bestDepth)) {
            best = it - m_events.begin();
            bestDepth = it->depth;
        }
        if (it->depth == 0 && it->end() >= time) break;
    }
    return best;
}

std::vector<uint32_t> Trace::eventsIn(uint32_t track, int64_t from, int64_t to) const {
    std::vector<uint32_t> out;
    if (track >= m_index.size()) return out;
    const TrackIndex& index = m_index[track];
    const auto first = m_events.begin() + index.first;
    const auto last = first + index.count;
    // The first event whose running maximum of ends reaches `from` may overlap; none before it can.
    const auto ends = std::lower_bound(index.maxEnd.begin(), index.maxEnd.end(), from, std::less_equal<int64_t>());
    for (auto it = first + (ends - index.maxEnd.begin()); it != last && it->start < to; ++it)
        if (it->end() > from || (it->duration == 0 && it->start >= from))
            out.push_back(static_cast<uint32_t>(it - m_events.begin()));
    return out;
}

size_t Trace::coverageLevels(uint32_t track) const {
    return track < m_index.size() ? m_index[track].levels.size() : 0;
}

std::vector<Interval> Trace::coverage(uint32_t track, int64_t from, int64_t to, double nsPerPixel) const {
    std::vector<Interval> out;
    if (track >= m_index.size() || m_index[track].levels.empty()) return out;
    const TrackIndex& index = m_index[track];
    // Level k merged gaps below kBaseGap * 4^(k-1): take the coarsest whose gaps stay under a
    // pixel, then merge what remains below a pixel.
    size_t level = 0;
    double gap = kBaseGap;
    while (level + 1 < index.levels.size() && gap <= nsPerPixel / 4) {
        ++level;
        gap *= 4;
    }
    const auto& intervals = index.levels[level];
    auto it = std::lower_bound(intervals.begin(), intervals.end(), from,
                               [](const Interval& interval, int64_t t) { return interval.end <= t; });
    const auto pixel = static_cast<int64_t>(std::max(1.0, nsPerPixel));
    for (; it != intervals.end() && it->start < to; ++it) {
        if (!out.empty() && it->start - out.back().end < pixel) out.back().end = std::max(out.back().end, it->end);
        else out.push_back(*it);
    }
    return out;
}

} // namespace graphlens::profiler
