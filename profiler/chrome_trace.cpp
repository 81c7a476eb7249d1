#include "profiler/chrome_trace.h"

#include <functional>
#include <istream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <streambuf>
#include <unordered_map>
#include <zlib.h>

#include "core/util/error.h"

namespace graphlens::profiler {
namespace {

using json = nlohmann::json;

// zlib's gzread as a streambuf: reads gzip and plain files alike, and stops (with `capped` set)
// at the byte cap rather than allocating without bound.
class GzStreamBuf : public std::streambuf {
public:
    GzStreamBuf(gzFile file, uint64_t maxBytes)
        : m_file(file)
        , m_maxBytes(maxBytes) { }
    bool capped() const { return m_capped; }
    bool failed() const { return m_failed; }
    uint64_t bytes() const { return m_bytes; }
    std::string error() const {
        int code = 0;
        const char* text = gzerror(m_file, &code);
        return text ? text : "";
    }

protected:
    int_type underflow() override {
        if (m_bytes >= m_maxBytes) {
            m_capped = true;
            return traits_type::eof();
        }
        const int got = gzread(m_file, m_buffer, sizeof m_buffer);
        if (got < 0) m_failed = true;
        if (got <= 0) return traits_type::eof();
        m_bytes += static_cast<uint64_t>(got);
        setg(m_buffer, m_buffer, m_buffer + got);
        return traits_type::to_int_type(m_buffer[0]);
    }

private:
    gzFile m_file;
    uint64_t m_maxBytes;
    uint64_t m_bytes = 0;
    bool m_capped = false;
    bool m_failed = false;
    char m_buffer[1 << 16];
};

// One trace event as the SAX pass collects it: the fields GraphLens uses, nothing allocated per
// event once the buffers have grown (strings are reassigned, vectors cleared).
struct RawEvent {
    std::string ph, name, cat, bp, id;
    int64_t pid = 0, tid = 0;
    std::string pidName, tidName; // when a writer uses strings for them
    bool hasTs = false, hasDur = false;
    int64_t ts = 0, dur = 0;
    bool hasCorrelation = false, hasStream = false;
    uint64_t correlation = 0;
    int64_t stream = 0;
    std::string argName;                                     // args.name (metadata events)
    std::vector<std::pair<std::string, double>> numericArgs; // for counters
    void clear() {
        ph.clear(), name.clear(), cat.clear(), bp.clear(), id.clear();
        pidName.clear(), tidName.clear(), argName.clear();
        pid = tid = ts = dur = stream = 0;
        correlation = 0;
        hasTs = hasDur = hasCorrelation = hasStream = false;
        numericArgs.clear();
    }
};

// Streams traceEvents (or a bare array of events) into RawEvents handed one by one to `onEvent`:
// the file is never held as a document, and no event becomes a DOM.
class EventSax {
public:
    EventSax(std::string name, const ChromeTraceOptions& options, ChromeTraceInfo& info)
        : m_name(std::move(name))
        , m_options(options)
        , m_info(info) { }

    std::function<void(const RawEvent&)> onEvent;
    int64_t baseTimeNs = 0;

    bool null() { return scalar(Value{}); }
    bool boolean(bool) { return scalar(Value{}); }
    bool number_integer(json::number_integer_t v) { return scalar(Value{ Value::Int, v, 0, 0, nullptr }); }
    bool number_unsigned(json::number_unsigned_t v) {
        return scalar(Value{ Value::Unsigned, 0, v, static_cast<double>(v), nullptr });
    }
    bool number_float(json::number_float_t v, const json::string_t& raw) {
        return scalar(Value{ Value::Float, 0, 0, v, &raw });
    }
    bool string(json::string_t& v) { return scalar(Value{ Value::String, 0, 0, 0, &v }); }
    bool binary(json::binary_t&) { return scalar(Value{}); }
    bool start_object(std::size_t) {
        ++m_depth;
        if (inEventObject()) {
            m_event.clear();
            m_eventDepth = m_depth;
        } else if (m_eventDepth && m_depth == m_eventDepth + 1 && m_key == "args") {
            m_inArgs = true;
        }
        return true;
    }
    bool key(json::string_t& k) {
        if (m_depth == 1) m_topKey = k;
        m_key = k;
        return true;
    }
    bool end_object() {
        if (m_eventDepth && m_depth == m_eventDepth) {
            m_eventDepth = 0;
            if (++m_info.events > m_options.maxEvents)
                throw FormatError(m_name, "event " + std::to_string(m_info.events),
                                  "more than " + std::to_string(m_options.maxEvents) + " events (the reader's cap)",
                                  ErrorKind::Unsupported);
            onEvent(m_event);
        } else if (m_inArgs && m_depth == m_eventDepth + 1) {
            m_inArgs = false;
        }
        --m_depth;
        return true;
    }
    bool start_array(std::size_t) {
        ++m_depth;
        if (m_depth == 1) m_rootArray = true; // the JSON Array Format: events without a wrapper
        else if (m_depth == 2 && m_topKey == "traceEvents") m_eventsArray = true;
        return true;
    }
    bool end_array() {
        if (m_depth == 2 && m_eventsArray) m_eventsArray = false;
        --m_depth;
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
        throw FormatError(m_name, "byte " + std::to_string(position), std::string("not valid JSON: ") + ex.what(),
                          ErrorKind::Malformed);
    }

private:
    struct Value {
        enum Kind { Other, Int, Unsigned, Float, String } kind = Other;
        int64_t i = 0;
        uint64_t u = 0;
        double d = 0;
        const std::string* text = nullptr; // String: the value; Float: its raw text
        bool number() const { return kind == Int || kind == Unsigned || kind == Float; }
        double asDouble() const { return kind == Int ? static_cast<double>(i) : d; }
    };
    bool inEventObject() const { return (m_rootArray && m_depth == 2) || (m_eventsArray && m_depth == 3); }

    static bool nanoseconds(const Value& v, int64_t& ns) {
        switch (v.kind) {
        case Value::Int:
            ns = v.i * 1000;
            return true;
        case Value::Unsigned:
            ns = static_cast<int64_t>(v.u) * 1000;
            return true;
        case Value::Float:
            return microsecondsTextToNs(*v.text, ns);
        case Value::String: // some writers quote their timestamps
            return microsecondsTextToNs(*v.text, ns);
        default:
            return false;
        }
    }
    static bool integer(const Value& v, int64_t& out) {
        if (v.kind == Value::Int) out = v.i;
        else if (v.kind == Value::Unsigned) out = static_cast<int64_t>(v.u);
        else if (v.kind == Value::Float) out = static_cast<int64_t>(v.d);
        else return false;
        return true;
    }
    static std::string idText(const Value& v) {
        if (v.kind == Value::String) return *v.text;
        if (v.kind == Value::Int) return std::to_string(v.i);
        if (v.kind == Value::Unsigned) return std::to_string(v.u);
        if (v.kind == Value::Float) return *v.text;
        return {};
    }

    bool scalar(const Value& v) {
        if (m_depth == 1 && !m_rootArray) {
            if (m_topKey == "baseTimeNanoseconds") integer(v, baseTimeNs);
            return true;
        }
        if (!m_eventDepth) return true;
        RawEvent& e = m_event;
        if (m_depth == m_eventDepth) {
            const std::string& k = m_key;
            if (k == "ph" && v.kind == Value::String) e.ph = *v.text;
            else if (k == "name" && v.kind == Value::String) e.name = *v.text;
            else if (k == "cat" && v.kind == Value::String) e.cat = *v.text;
            else if (k == "ts") e.hasTs = nanoseconds(v, e.ts);
            else if (k == "dur") e.hasDur = nanoseconds(v, e.dur);
            else if (k == "pid") {
                if (!integer(v, e.pid) && v.kind == Value::String) e.pidName = *v.text;
            } else if (k == "tid") {
                if (!integer(v, e.tid) && v.kind == Value::String) e.tidName = *v.text;
            } else if (k == "id") e.id = idText(v);
            else if (k == "bp" && v.kind == Value::String) e.bp = *v.text;
        } else if (m_inArgs && m_depth == m_eventDepth + 1) {
            const std::string& k = m_key;
            if (k == "correlation") {
                int64_t c = 0;
                if (integer(v, c) && c > 0) {
                    e.correlation = static_cast<uint64_t>(c);
                    e.hasCorrelation = true;
                }
            } else if (k == "stream") {
                e.hasStream = integer(v, e.stream);
            } else if (k == "name" && v.kind == Value::String) {
                e.argName = *v.text;
            }
            if (v.number() && e.numericArgs.size() < 64) e.numericArgs.emplace_back(k, v.asDouble());
        }
        return true;
    }

    std::string m_name;
    const ChromeTraceOptions& m_options;
    ChromeTraceInfo& m_info;
    RawEvent m_event;
    std::string m_key;
    std::string m_topKey;
    int m_depth = 0;
    int m_eventDepth = 0; // depth of the event object being read; 0 outside one
    bool m_inArgs = false;
    bool m_rootArray = false;
    bool m_eventsArray = false;
};

bool isGpuCategory(const std::string& category) {
    return category == "kernel" || category == "gpu_memcpy" || category == "gpu_memset" ||
        category == "gpu_user_annotation" || category == "cuda_sync" || category == "Kernel" || category == "Memcpy" ||
        category == "Memset";
}

// Turns events into the trace: tracks per (pid, tid) or (device, stream), B/E pairing, flows.
class EventReader {
public:
    EventReader(Trace& trace, ChromeTraceInfo& info)
        : m_trace(trace)
        , m_info(info) { }

    void read(const RawEvent& e) {
        if (e.ph.empty()) return;
        const int64_t pid = idOf(e.pid, e.pidName, true);
        const int64_t tid = idOf(e.tid, e.tidName, false);
        if (e.ph == "M") return metadata(e, pid, tid);
        if (!e.hasTs) return;
        const int64_t ts = e.ts;
        m_last = std::max(m_last, ts);
        const char ph = e.ph.size() == 1 ? e.ph[0] : '?';
        uint32_t track = 0;
        if (ph == 'X' && isGpuCategory(e.cat))
            track = m_trace.trackFor(TrackKind::Stream, pid, e.hasStream ? e.stream : tid);
        else if (ph != 'C') track = m_trace.trackFor(TrackKind::Thread, pid, tid);
        Event event;
        event.track = track;
        event.start = ts;
        event.name = m_trace.strings.intern(e.name);
        event.category = m_trace.strings.intern(e.cat);
        event.correlation = e.correlation;
        switch (ph) {
        case 'X': {
            int64_t duration = e.hasDur ? e.dur : 0;
            if (duration < 0) {
                ++m_info.negativeDurations;
                duration = 0;
                event.kind = EventKind::Instant;
            }
            event.duration = duration;
            m_last = std::max(m_last, ts + duration);
            m_trace.addEvent(event);
            break;
        }
        case 'B':
            m_open[track].push_back(event);
            break;
        case 'E': {
            auto& open = m_open[track];
            if (open.empty()) {
                ++m_info.unmatchedEnds;
                break;
            }
            Event begun = open.back();
            open.pop_back();
            begun.duration = std::max<int64_t>(0, ts - begun.start);
            m_trace.addEvent(begun);
            break;
        }
        case 'i':
        case 'I':
        case 'n':
        case 'R':
            event.kind = EventKind::Instant;
            m_trace.addEvent(event);
            break;
        case 'C':
            counter(e, pid, ts);
            break;
        case 's':
            m_flowStarts[e.cat + '\x1f' + e.id] = { track, ts };
            break;
        case 'f':
        case 't':
            // Kineto writes the end of a launch flow with the kernel's pid and tid; the kernel
            // itself sits on a stream track, perhaps not created yet: resolved in finish().
            m_flowEnds.push_back({ e.cat + '\x1f' + e.id, pid, tid, ts });
            break;
        default:
            break;
        }
    }

    void finish() {
        // Ends may come before their starts in the file: paired here.
        for (const FlowEnd& flow : m_flowEnds) {
            const auto start = m_flowStarts.find(flow.key);
            if (start == m_flowStarts.end()) continue;
            const int64_t stream = m_trace.findTrack(TrackKind::Stream, flow.pid, flow.tid);
            const uint32_t to =
                stream >= 0 ? static_cast<uint32_t>(stream) : m_trace.trackFor(TrackKind::Thread, flow.pid, flow.tid);
            m_trace.addFlow(start->second.first, start->second.second, to, flow.time);
        }
        for (auto& [track, open] : m_open)
            for (Event& event : open) {
                ++m_info.unclosedBegins;
                event.duration = std::max<int64_t>(0, m_last - event.start);
                m_trace.addEvent(event);
            }
        for (uint32_t i = 0; i < m_trace.tracks().size(); ++i) {
            Track& track = m_trace.track(i);
            if (const auto p = m_processNames.find(track.process); p != m_processNames.end())
                track.processName = m_trace.strings.intern(p->second);
            if (track.kind != TrackKind::Thread) continue;
            if (const auto t = m_threadNames.find({ track.process, track.thread }); t != m_threadNames.end())
                track.name = m_trace.strings.intern(t->second);
        }
    }

private:
    // pid and tid are numbers, or strings in some writers (given ids of their own).
    int64_t idOf(int64_t number, const std::string& name, bool process) {
        if (name.empty()) return number;
        const auto [it, added] = m_stringIds.emplace(name, -static_cast<int64_t>(m_stringIds.size()) - 1000000);
        if (added && process) m_processNames.emplace(it->second, name);
        return it->second;
    }
    void metadata(const RawEvent& e, int64_t pid, int64_t tid) {
        if (e.argName.empty()) return;
        if (e.name == "process_name") m_processNames[pid] = e.argName;
        else if (e.name == "thread_name") m_threadNames[{ pid, tid }] = e.argName;
    }
    void counter(const RawEvent& e, int64_t pid, int64_t ts) {
        for (const auto& [key, value] : e.numericArgs) {
            const std::string series = e.numericArgs.size() == 1 ? e.name : e.name + "." + key;
            auto [it, added] = m_counterTracks.emplace(std::make_pair(pid, series), 0);
            if (added) {
                Track track;
                track.kind = TrackKind::Counter;
                track.process = pid;
                track.thread = static_cast<int64_t>(m_counterTracks.size());
                track.name = m_trace.strings.intern(series);
                it->second = m_trace.addTrack(track);
            }
            m_trace.addCounter({ ts, value, it->second });
        }
    }

    Trace& m_trace;
    ChromeTraceInfo& m_info;
    int64_t m_last = 0;
    std::map<uint32_t, std::vector<Event>> m_open;
    std::unordered_map<std::string, std::pair<uint32_t, int64_t>> m_flowStarts;
    struct FlowEnd {
        std::string key;
        int64_t pid, tid, time;
    };
    std::vector<FlowEnd> m_flowEnds;
    std::map<int64_t, std::string> m_processNames;
    std::map<std::pair<int64_t, int64_t>, std::string> m_threadNames;
    std::map<std::string, int64_t> m_stringIds;
    std::map<std::pair<int64_t, std::string>, uint32_t> m_counterTracks;
};

ChromeTraceInfo readStream(std::istream& in, const std::string& name, Trace& trace, const ChromeTraceOptions& options,
                           const std::function<void()>& afterParse) {
    ChromeTraceInfo info;
    EventSax sax(name, options, info);
    EventReader reader(trace, info);
    sax.onEvent = [&reader](const RawEvent& e) { reader.read(e); };
    json::sax_parse(in, &sax);
    afterParse();
    reader.finish();
    info.baseTimeNs = sax.baseTimeNs;
    if (info.unmatchedEnds)
        info.warnings.push_back(std::to_string(info.unmatchedEnds) + " \"E\" events without a \"B\"");
    if (info.unclosedBegins)
        info.warnings.push_back(std::to_string(info.unclosedBegins) +
                                " \"B\" events never ended (closed at the last time)");
    if (info.negativeDurations)
        info.warnings.push_back(std::to_string(info.negativeDurations) +
                                " events with a negative duration (kept as instants)");
    trace.finish();
    return info;
}

} // namespace

bool microsecondsTextToNs(const std::string& text, int64_t& ns) {
    size_t at = 0;
    const bool negative = !text.empty() && text[0] == '-';
    if (negative) ++at;
    auto digit = [&](size_t i) { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
    int64_t whole = 0;
    size_t digits = 0;
    for (; digit(at); ++at, ++digits) {
        if (whole > (INT64_MAX / 1000 - 1) / 10) return false; // would overflow as ns
        whole = whole * 10 + (text[at] - '0');
    }
    // Three fraction digits are the nanoseconds; the fourth rounds them.
    int64_t fraction = 0;
    int places = 0;
    bool roundUp = false;
    if (at < text.size() && text[at] == '.') {
        ++at;
        for (; digit(at); ++at, ++digits, ++places) {
            if (places < 3) fraction = fraction * 10 + (text[at] - '0');
            else if (places == 3) roundUp = text[at] >= '5';
        }
    }
    if (digits == 0) return false;
    if (at < text.size()) {
        // An exponent: the double's value is as good as the text.
        try {
            ns = static_cast<int64_t>(std::stod(text) * 1000.0);
            return true;
        } catch (...) {
            return false;
        }
    }
    for (int p = std::min(places, 3); p < 3; ++p) fraction *= 10;
    ns = whole * 1000 + fraction + (roundUp ? 1 : 0);
    if (negative) ns = -ns;
    return true;
}

ChromeTraceInfo readChromeTrace(const std::string& path, Trace& trace, const ChromeTraceOptions& options) {
    gzFile file = gzopen(path.c_str(), "rb");
    if (!file) throw FormatError(path, "", "cannot open file", ErrorKind::Unreadable);
    struct Closer {
        gzFile file;
        ~Closer() { gzclose(file); }
    } closer{ file };
    GzStreamBuf buffer(file, options.maxBytes);
    std::istream in(&buffer);
    return readStream(in, path, trace, options, [&] {
        if (buffer.capped())
            throw FormatError(path, "byte " + std::to_string(buffer.bytes()),
                              "more than " + std::to_string(options.maxBytes) + " bytes of JSON (the reader's cap)",
                              ErrorKind::Unsupported);
        if (buffer.failed())
            throw FormatError(path, "byte " + std::to_string(buffer.bytes()), "damaged gzip data: " + buffer.error(),
                              ErrorKind::Malformed);
    });
}

ChromeTraceInfo readChromeTraceText(const std::string& text, const std::string& name, Trace& trace,
                                    const ChromeTraceOptions& options) {
    std::istringstream in(text);
    return readStream(in, name, trace, options, [] {});
}

} // namespace graphlens::profiler
