#include "profiler/trace_export.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <zlib.h>

#include "core/proto/xplane.pb.h"
#include "core/util/error.h"

namespace graphlens::profiler {
namespace {

// Exact microseconds with three decimals, as Kineto writes them.
std::string micros(int64_t ns) {
    char text[40];
    const bool negative = ns < 0;
    const uint64_t magnitude = negative ? static_cast<uint64_t>(-(ns + 1)) + 1 : static_cast<uint64_t>(ns);
    std::snprintf(text, sizeof text, "%s%llu.%03llu", negative ? "-" : "",
                  static_cast<unsigned long long>(magnitude / 1000), static_cast<unsigned long long>(magnitude % 1000));
    return text;
}

void writeText(const std::string& path, const std::string& text) {
    const bool gz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
    if (gz) {
        gzFile file = gzopen(path.c_str(), "wb6");
        if (!file) throw FormatError(path, "", "cannot write file", ErrorKind::Unreadable);
        const int wrote = gzwrite(file, text.data(), static_cast<unsigned>(text.size()));
        if (gzclose(file) != Z_OK || wrote != static_cast<int>(text.size()))
            throw FormatError(path, "", "cannot write file", ErrorKind::Unreadable);
        return;
    }
    std::ofstream out(path, std::ios::binary);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out.flush()) throw FormatError(path, "", "cannot write file", ErrorKind::Unreadable);
}

std::string quoted(const std::string& text) {
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

void writeChromeTrace(const Trace& trace, const std::string& path) {
    // Written as text directly: a DOM of millions of events would cost more than the trace.
    std::string out = "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n";
    bool first = true;
    auto add = [&](const std::string& event) {
        if (!first) out += ",\n";
        first = false;
        out += event;
    };
    const auto& tracks = trace.tracks();
    std::map<int64_t, StringId> processes;
    for (const Track& track : tracks) processes.emplace(track.process, track.processName);
    for (const auto& [pid, name] : processes)
        if (name)
            add("{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": " + std::to_string(pid) +
                ", \"tid\": 0, \"args\": {\"name\": " + quoted(trace.strings.text(name)) + "}}");
    for (const Track& track : tracks)
        if (track.kind == TrackKind::Thread && track.name)
            add("{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": " + std::to_string(track.process) +
                ", \"tid\": " + std::to_string(track.thread) +
                ", \"args\": {\"name\": " + quoted(trace.strings.text(track.name)) + "}}");
    for (const Event& event : trace.events()) {
        const Track& track = tracks[event.track];
        std::string e = "{\"ph\": \"";
        e += event.kind == EventKind::Instant ? "i" : "X";
        e += "\", \"name\": " + quoted(trace.strings.text(event.name)) +
            ", \"cat\": " + quoted(trace.strings.text(event.category)) + ", \"pid\": " + std::to_string(track.process) +
            ", \"tid\": " + std::to_string(track.thread) + ", \"ts\": " + micros(event.start);
        if (event.kind == EventKind::Slice) e += ", \"dur\": " + micros(event.duration);
        else e += ", \"s\": \"t\"";
        if (event.correlation || track.kind == TrackKind::Stream) {
            e += ", \"args\": {";
            if (event.correlation) e += "\"correlation\": " + std::to_string(event.correlation);
            if (track.kind == TrackKind::Stream)
                e += std::string(event.correlation ? ", " : "") + "\"stream\": " + std::to_string(track.thread) +
                    ", \"device\": " + std::to_string(track.process);
            e += "}";
        }
        add(e + "}");
    }
    for (const CounterSample& sample : trace.counters()) {
        const Track& track = tracks[sample.track];
        add("{\"ph\": \"C\", \"name\": " + quoted(trace.strings.text(track.name)) +
            ", \"pid\": " + std::to_string(track.process) + ", \"ts\": " + micros(sample.time) +
            ", \"args\": {\"value\": " + nlohmann::json(sample.value).dump() + "}}");
    }
    uint64_t flowId = 0;
    for (const Flow& flow : trace.flows()) {
        const Event& from = trace.events()[flow.from];
        const Event& to = trace.events()[flow.to];
        const std::string id = std::to_string(++flowId);
        add("{\"ph\": \"s\", \"id\": " + id +
            ", \"cat\": \"flow\", \"name\": \"flow\", \"pid\": " + std::to_string(tracks[from.track].process) +
            ", \"tid\": " + std::to_string(tracks[from.track].thread) + ", \"ts\": " + micros(from.start) + "}");
        add("{\"ph\": \"f\", \"bp\": \"e\", \"id\": " + id +
            ", \"cat\": \"flow\", \"name\": \"flow\", \"pid\": " + std::to_string(tracks[to.track].process) +
            ", \"tid\": " + std::to_string(tracks[to.track].thread) + ", \"ts\": " + micros(to.start) + "}");
    }
    out += "\n]}\n";
    writeText(path, out);
}

void writeXSpace(const Trace& trace, const std::string& path) {
    namespace xp = tensorflow::profiler;
    xp::XSpace space;
    // One plane per device (/device:GPU:K) and one for the host; a device's stream becomes one
    // line per kind of work ("Stream #7(Kernel)", "Stream #7(Memcpy)"), as TensorFlow writes them.
    std::map<std::pair<bool, int64_t>, xp::XPlane*> planes;
    std::map<std::pair<uint32_t, StringId>, xp::XLine*> lines;
    std::map<std::pair<xp::XPlane*, StringId>, int64_t> metadataIds;
    const auto& tracks = trace.tracks();
    auto planeOf = [&](const Track& track) {
        const bool device = track.kind == TrackKind::Stream || track.device;
        xp::XPlane*& plane = planes[{ device, device ? track.process : 0 }];
        if (!plane) {
            plane = space.add_planes();
            plane->set_id(static_cast<int64_t>(space.planes_size()));
            plane->set_name(device ? "/device:GPU:" + std::to_string(track.process) : "/host:CPU");
            (*plane->mutable_stat_metadata())[1].set_id(1);
            (*plane->mutable_stat_metadata())[1].set_name("correlation_id");
        }
        return plane;
    };
    auto lineOf = [&](uint32_t index, const Event& event) {
        const Track& track = tracks[index];
        const StringId kind = track.kind == TrackKind::Stream ? event.category : 0;
        xp::XLine*& line = lines[{ index, kind }];
        if (!line) {
            line = planeOf(track)->add_lines();
            if (track.kind == TrackKind::Stream) {
                const std::string& category = trace.strings.text(event.category);
                const char* work = category == "gpu_memcpy" ? "Memcpy"
                    : category == "gpu_memset"              ? "Memset"
                    : category == "cuda_sync"               ? "Sync"
                                                            : "Kernel";
                line->set_id(track.thread);
                line->set_name("Stream #" + std::to_string(track.thread) + "(" + work + ")");
            } else {
                line->set_id(static_cast<int64_t>(index));
                line->set_name(trace.strings.text(track.name));
            }
            line->set_timestamp_ns(trace.startTime());
        }
        return line;
    };
    for (const Event& event : trace.events()) {
        const Track& track = tracks[event.track];
        if (track.kind == TrackKind::Counter) continue;
        xp::XLine* line = lineOf(event.track, event);
        xp::XPlane* plane = planeOf(track);
        auto [it, added] = metadataIds.emplace(std::make_pair(plane, event.name), 0);
        if (added) {
            it->second = static_cast<int64_t>(plane->event_metadata_size()) + 1;
            xp::XEventMetadata& metadata = (*plane->mutable_event_metadata())[it->second];
            metadata.set_id(it->second);
            metadata.set_name(trace.strings.text(event.name));
        }
        xp::XEvent* out = line->add_events();
        out->set_metadata_id(it->second);
        out->set_offset_ps((event.start - line->timestamp_ns()) * 1000);
        out->set_duration_ps(event.duration * 1000);
        if (event.correlation) {
            xp::XStat* stat = out->add_stats();
            stat->set_metadata_id(1);
            stat->set_uint64_value(event.correlation);
        }
    }
    std::string bytes;
    if (!space.SerializeToString(&bytes))
        throw FormatError(path, "", "cannot encode the XSpace", ErrorKind::Unsupported);
    writeText(path, bytes);
}

void writeProfile(const Trace& trace, const std::string& path) {
    const bool xspace = path.size() >= 3 && path.compare(path.size() - 3, 3, ".pb") == 0;
    if (xspace) writeXSpace(trace, path);
    else writeChromeTrace(trace, path);
}

} // namespace graphlens::profiler
