#pragma once
// A profile as GraphLens holds it: tracks (a host thread, a device stream, a counter) under their
// process or device, slices on them with nesting, instants, counter samples and flows (a launch
// linked to its kernel by correlation id), every name interned. One clock: nanoseconds. Built by
// readers and recorders through add*(), then finish() sorts each track and derives nesting and
// the level-of-detail summaries; after that it is a value that queries only read.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace graphlens::profiler {

using StringId = uint32_t;

// Interned strings: every event names its name and category by id.
class StringTable {
public:
    StringTable();
    StringId intern(std::string_view text);
    static constexpr StringId kAbsent = UINT32_MAX;
    StringId find(std::string_view text) const; // kAbsent when never interned
    const std::string& text(StringId id) const { return m_strings[id]; }
    size_t size() const { return m_strings.size(); }

private:
    std::vector<std::string> m_strings;
    std::unordered_map<std::string, StringId> m_ids;
};

enum class TrackKind : uint8_t { Thread, Stream, Counter };

struct Track {
    TrackKind kind = TrackKind::Thread;
    int64_t process = 0; // pid, or the device id of a stream
    int64_t thread = 0;  // tid, or the stream id
    StringId name = 0;
    StringId processName = 0;
    bool device = false; // a GPU (or other accelerator) process
};

enum class EventKind : uint8_t { Slice, Instant };

// One slice or instant, 40 bytes: what a 10M-event profile keeps per event.
struct Event {
    int64_t start = 0;        // ns
    int64_t duration = 0;     // ns; 0 for instants
    uint64_t correlation = 0; // 0: none (CUDA correlation id, or the reader's flow id)
    uint32_t track = 0;
    StringId name = 0;
    StringId category = 0;
    uint16_t depth = 0; // nesting on its track, 0 = outermost
    EventKind kind = EventKind::Slice;
    uint8_t flags = 0;
    int64_t end() const { return start + duration; }
};
static_assert(sizeof(Event) <= 48, "the event model's budget is 48 bytes per event");

struct CounterSample {
    int64_t time = 0; // ns
    double value = 0;
    uint32_t track = 0;
};

// A flow between two events (indices into Trace::events() after finish()).
struct Flow {
    uint32_t from = 0;
    uint32_t to = 0;
};

struct Interval {
    int64_t start = 0;
    int64_t end = 0;
};

// `sorted` (by start) merged wherever the gap to the previous one is under `gap` ns; with 1, only
// intervals that touch or overlap merge: their union.
std::vector<Interval> mergeIntervals(const std::vector<Interval>& sorted, int64_t gap);

class Trace {
public:
    StringTable strings;

    uint32_t addTrack(Track track);
    // The track of (process, thread) of that kind, created (named by the ids) on first use.
    uint32_t trackFor(TrackKind kind, int64_t process, int64_t thread);
    int64_t findTrack(TrackKind kind, int64_t process, int64_t thread) const; // -1 when absent
    void addEvent(const Event& event) { m_events.push_back(event); }
    void addCounter(const CounterSample& sample) { m_counters.push_back(sample); }
    // A flow from the event that starts at or encloses `fromTime` on `fromTrack` to the one on
    // `toTrack`, resolved by finish().
    void addFlow(uint32_t fromTrack, int64_t fromTime, uint32_t toTrack, int64_t toTime);

    // Sorts events by track then start (longer first on ties, so parents precede children),
    // computes depths, resolves flows, builds the summaries. Call once, after the last add.
    void finish();

    const std::vector<Track>& tracks() const { return m_tracks; }
    Track& track(uint32_t index) { return m_tracks[index]; }
    const std::vector<Event>& events() const { return m_events; }
    const std::vector<CounterSample>& counters() const { return m_counters; }
    const std::vector<Flow>& flows() const { return m_flows; }
    int64_t startTime() const { return m_start; }
    int64_t endTime() const { return m_end; }

    // Indices of the events of `track` that overlap [from, to), in start order: found in
    // O(log n + k) through the track's running maximum of end times.
    std::vector<uint32_t> eventsIn(uint32_t track, int64_t from, int64_t to) const;
    // What to draw of `track` over [from, to) at `nsPerPixel`: busy intervals merged across gaps
    // narrower than a pixel. It reads a precomputed level whose gaps are at least a quarter of
    // the pixel, so the answer holds O(pixels) intervals however many events lie beneath.
    std::vector<Interval> coverage(uint32_t track, int64_t from, int64_t to, double nsPerPixel) const;
    size_t coverageLevels(uint32_t track) const;

private:
    struct TrackIndex {
        uint32_t first = 0; // into m_events
        uint32_t count = 0;
        std::vector<int64_t> maxEnd; // running maximum of end() over the track's events
        // Level k: the track's busy time merged across gaps below kBaseGap * 4^k ns.
        std::vector<std::vector<Interval>> levels;
    };
    struct PendingFlow {
        uint32_t fromTrack, toTrack;
        int64_t fromTime, toTime;
    };
    int64_t locate(uint32_t track, int64_t time) const; // the event at `time`, -1 for none

    std::vector<Track> m_tracks;
    std::map<std::tuple<TrackKind, int64_t, int64_t>, uint32_t> m_trackKeys;
    std::vector<Event> m_events;
    std::vector<CounterSample> m_counters;
    std::vector<PendingFlow> m_pendingFlows;
    std::vector<Flow> m_flows;
    std::vector<TrackIndex> m_index;
    int64_t m_start = 0;
    int64_t m_end = 0;
};

} // namespace graphlens::profiler
