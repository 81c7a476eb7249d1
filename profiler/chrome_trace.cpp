#include "profiler/chrome_trace.h"

#include <istream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <streambuf>
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

// Builds each event of traceEvents as a small json value (its args included), hands it to the
// reader and forgets it: the file is never held as one document.
class EventSax {
public:
    EventSax(std::string name, Trace& trace, const ChromeTraceOptions& options, ChromeTraceInfo& info)
        : m_name(std::move(name))
        , m_trace(trace)
        , m_options(options)
        , m_info(info) { }

    bool null() { return value(json(nullptr)); }
    bool boolean(bool v) { return value(json(v)); }
    bool number_integer(json::number_integer_t v) { return value(json(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return value(json(v)); }
    bool number_float(json::number_float_t v, const json::string_t& raw) {
        // ts and dur keep their text, for exact nanoseconds.
        if (m_stack.size() == 1 && (m_key == "ts" || m_key == "dur")) return value(json(raw));
        return value(json(v));
    }
    bool string(json::string_t& v) { return value(json(std::move(v))); }
    bool binary(json::binary_t&) { return value(json(nullptr)); }
    bool start_object(std::size_t) {
        ++m_depth;
        if (inEvents() || !m_stack.empty()) return push(json::object());
        return true;
    }
    bool key(json::string_t& k) {
        if (m_stack.empty() && m_depth == 1) m_topKey = k;
        m_key = k;
        if (!m_stack.empty()) {
            m_keys.resize(m_stack.size());
            m_keys[m_stack.size() - 1] = k; // the key in the object open at the top of the stack
        }
        return true;
    }
    bool end_object() {
        --m_depth;
        if (!m_stack.empty()) return pop();
        return true;
    }
    bool start_array(std::size_t) {
        ++m_depth;
        if (!m_stack.empty()) return push(json::array());
        if (m_depth == 1) m_rootArray = true; // the JSON Array Format: events without a wrapper
        else if (m_depth == 2 && m_topKey == "traceEvents") m_eventsArray = true;
        return true;
    }
    bool end_array() {
        --m_depth;
        if (!m_stack.empty()) return pop();
        m_eventsArray = false;
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
        throw FormatError(m_name, "byte " + std::to_string(position), std::string("not valid JSON: ") + ex.what(),
                          ErrorKind::Malformed);
    }

    // Top-level scalars of the wrapper object (baseTimeNanoseconds).
    std::map<std::string, json> topLevel;
    std::function<void(const json&)> onEvent;

private:
    bool inEvents() const { return (m_rootArray && m_depth == 2) || (m_eventsArray && m_depth == 3); }
    bool push(json v) {
        m_stack.push_back(std::move(v));
        return true;
    }
    bool pop() {
        json done = std::move(m_stack.back());
        m_stack.pop_back();
        if (m_stack.empty()) {
            if (++m_info.events > m_options.maxEvents)
                throw FormatError(m_name, "event " + std::to_string(m_info.events),
                                  "more than " + std::to_string(m_options.maxEvents) + " events (the reader's cap)",
                                  ErrorKind::Unsupported);
            onEvent(done);
            return true;
        }
        return value(std::move(done));
    }
    bool value(json v) {
        if (m_stack.empty()) {
            if (m_depth == 1 && !m_rootArray) topLevel[m_topKey] = std::move(v);
            return true;
        }
        json& parent = m_stack.back();
        if (parent.is_array()) parent.push_back(std::move(v));
        else parent[m_keys[m_stack.size() - 1]] = std::move(v);
        return true;
    }

    std::string m_name;
    Trace& m_trace;
    const ChromeTraceOptions& m_options;
    ChromeTraceInfo& m_info;
    std::vector<json> m_stack;
    std::vector<std::string> m_keys; // the current key at each open object
    std::string m_key;
    std::string m_topKey;
    int m_depth = 0;
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
    EventReader(std::string name, Trace& trace, ChromeTraceInfo& info)
        : m_name(std::move(name))
        , m_trace(trace)
        , m_info(info) { }

    void read(const json& e) {
        if (!e.is_object()) return;
        const std::string ph = text(e, "ph");
        if (ph.empty()) return;
        if (ph == "M") return metadata(e);
        int64_t ts = 0;
        if (!timeOf(e, "ts", ts)) return;
        m_last = std::max(m_last, ts);
        const std::string category = text(e, "cat");
        const uint32_t track = trackOf(e, category, ph);
        Event event;
        event.track = track;
        event.start = ts;
        event.name = m_trace.strings.intern(text(e, "name"));
        event.category = m_trace.strings.intern(category);
        event.correlation = correlationOf(e);
        if (ph == "X") {
            int64_t duration = 0;
            timeOf(e, "dur", duration);
            if (duration < 0) {
                ++m_info.negativeDurations;
                duration = 0;
                event.kind = EventKind::Instant;
            }
            event.duration = duration;
            m_last = std::max(m_last, ts + duration);
            m_trace.addEvent(event);
        } else if (ph == "B") {
            m_open[track].push_back(event);
        } else if (ph == "E") {
            auto& open = m_open[track];
            if (open.empty()) {
                ++m_info.unmatchedEnds;
                return;
            }
            Event begun = open.back();
            open.pop_back();
            begun.duration = std::max<int64_t>(0, ts - begun.start);
            m_trace.addEvent(begun);
        } else if (ph == "i" || ph == "I" || ph == "n" || ph == "R") {
            event.kind = EventKind::Instant;
            m_trace.addEvent(event);
        } else if (ph == "C") {
            counter(e, ts);
        } else if (ph == "s") {
            m_flowStarts[flowKey(e)] = { track, ts };
        } else if (ph == "f" || ph == "t") {
            // Kineto writes the end of a launch flow with the kernel's pid and tid; the kernel
            // itself sits on a stream track, perhaps not created yet: resolved in finish().
            m_flowEnds.push_back({ flowKey(e), idOf(e, "pid"), idOf(e, "tid"), ts });
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
    static std::string text(const json& e, const char* key) {
        const auto found = e.find(key);
        return found != e.end() && found->is_string() ? found->get<std::string>() : std::string();
    }
    // pid and tid are numbers, or strings in some writers (hashed into ids of their own).
    int64_t idOf(const json& e, const char* key) {
        const auto found = e.find(key);
        if (found == e.end()) return 0;
        if (found->is_number_integer()) return found->get<int64_t>();
        if (found->is_number_unsigned()) return static_cast<int64_t>(found->get<uint64_t>());
        if (found->is_number_float()) return static_cast<int64_t>(found->get<double>());
        if (found->is_string()) {
            const std::string name = found->get<std::string>();
            const auto [it, added] = m_stringIds.emplace(name, -static_cast<int64_t>(m_stringIds.size()) - 1000000);
            if (added && std::string(key) == "pid") m_processNames.emplace(it->second, name);
            return it->second;
        }
        return 0;
    }
    bool timeOf(const json& e, const char* key, int64_t& ns) {
        const auto found = e.find(key);
        if (found == e.end()) return false;
        if (found->is_number_integer()) {
            ns = found->get<int64_t>() * 1000;
            return true;
        }
        if (found->is_number_unsigned()) {
            ns = static_cast<int64_t>(found->get<uint64_t>()) * 1000;
            return true;
        }
        if (found->is_string() && microsecondsTextToNs(found->get<std::string>(), ns)) return true;
        if (found->is_number_float()) {
            ns = static_cast<int64_t>(found->get<double>() * 1000.0);
            return true;
        }
        return false;
    }
    static uint64_t correlationOf(const json& e) {
        const auto args = e.find("args");
        if (args == e.end() || !args->is_object()) return 0;
        const auto found = args->find("correlation");
        if (found == args->end() || !found->is_number()) return 0;
        return found->is_number_float() ? static_cast<uint64_t>(found->get<double>()) : found->get<uint64_t>();
    }
    uint32_t trackOf(const json& e, const std::string& category, const std::string& ph) {
        const int64_t pid = idOf(e, "pid");
        int64_t tid = idOf(e, "tid");
        if (ph == "X" && isGpuCategory(category)) {
            const auto args = e.find("args");
            if (args != e.end() && args->is_object()) {
                const auto stream = args->find("stream");
                if (stream != args->end() && stream->is_number_integer()) tid = stream->get<int64_t>();
                else if (stream != args->end() && stream->is_number_unsigned())
                    tid = static_cast<int64_t>(stream->get<uint64_t>());
            }
            return m_trace.trackFor(TrackKind::Stream, pid, tid);
        }
        return m_trace.trackFor(TrackKind::Thread, pid, tid);
    }
    std::string flowKey(const json& e) {
        const auto id = e.find("id");
        std::string key = text(e, "cat") + '\x1f';
        if (id != e.end()) key += id->dump();
        return key;
    }
    void metadata(const json& e) {
        const std::string name = text(e, "name");
        const auto args = e.find("args");
        if (args == e.end() || !args->is_object()) return;
        const auto value = args->find("name");
        if (value == args->end() || !value->is_string()) return;
        if (name == "process_name") m_processNames[idOf(e, "pid")] = value->get<std::string>();
        else if (name == "thread_name") m_threadNames[{ idOf(e, "pid"), idOf(e, "tid") }] = value->get<std::string>();
    }
    void counter(const json& e, int64_t ts) {
        const auto args = e.find("args");
        if (args == e.end() || !args->is_object()) return;
        const int64_t pid = idOf(e, "pid");
        const std::string name = text(e, "name");
        for (const auto& [key, value] : args->items()) {
            if (!value.is_number()) continue;
            const std::string series = args->size() == 1 ? name : name + "." + key;
            auto [it, added] = m_counterTracks.emplace(std::make_pair(pid, series), 0);
            if (added) {
                Track track;
                track.kind = TrackKind::Counter;
                track.process = pid;
                track.thread = static_cast<int64_t>(m_counterTracks.size());
                track.name = m_trace.strings.intern(series);
                it->second = m_trace.addTrack(track);
            }
            m_trace.addCounter({ ts, value.get<double>(), it->second });
        }
    }

    std::string m_name;
    Trace& m_trace;
    ChromeTraceInfo& m_info;
    int64_t m_last = 0;
    std::map<uint32_t, std::vector<Event>> m_open;
    std::map<std::string, std::pair<uint32_t, int64_t>> m_flowStarts;
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
    EventSax sax(name, trace, options, info);
    EventReader reader(name, trace, info);
    sax.onEvent = [&reader](const json& e) { reader.read(e); };
    json::sax_parse(in, &sax);
    afterParse();
    reader.finish();
    if (const auto base = sax.topLevel.find("baseTimeNanoseconds");
        base != sax.topLevel.end() && base->second.is_number_integer())
        info.baseTimeNs = base->second.get<int64_t>();
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
