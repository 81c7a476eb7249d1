#include "profiler/xplane.h"

#include <algorithm>
#include <cctype>

#include "core/graph/io/proto_reader.h"
#include "core/proto/xplane.pb.h"
#include "core/util/error.h"

namespace graphlens::profiler {
namespace {

namespace xp = tensorflow::profiler;

// "/device:GPU:3" -> 3; -1 when the plane is not a device's.
int64_t deviceOrdinal(const std::string& plane) {
    const std::string prefix = "/device:";
    if (plane.rfind(prefix, 0) != 0) return -1;
    const size_t colon = plane.rfind(':');
    if (colon == std::string::npos || colon + 1 >= plane.size()) return -1;
    try {
        return std::stoll(plane.substr(colon + 1));
    } catch (...) {
        return -1;
    }
}

// "Stream #7(Compute)" -> 7; -1 for derived lines.
int64_t streamId(const std::string& line) {
    const std::string prefix = "Stream #";
    if (line.rfind(prefix, 0) != 0) return -1;
    size_t end = prefix.size();
    while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end]))) ++end;
    if (end == prefix.size()) return -1;
    return std::stoll(line.substr(prefix.size(), end - prefix.size()));
}

std::string streamCategory(const std::string& line) {
    if (line.find("Memcpy") != std::string::npos) return "gpu_memcpy";
    if (line.find("Memset") != std::string::npos) return "gpu_memset";
    if (line.find("(Sync)") != std::string::npos) return "cuda_sync";
    return "kernel";
}

} // namespace

XSpaceInfo readXSpace(const std::string& path, Trace& trace, const XSpaceOptions& options) {
    const std::string bytes = io::readFile(path, static_cast<int64_t>(options.maxBytes));
    if (bytes.empty()) throw FormatError(path, "", "file is empty", ErrorKind::Truncated);
    xp::XSpace space;
    // The graph readers' protobuf parse: it names the byte and field of the damage, keeps
    // protobuf's own log lines out of stderr, and says "truncated" when a length runs past the end.
    io::parseBinary(bytes, path, &space);

    XSpaceInfo info;
    info.hostnames.assign(space.hostnames().begin(), space.hostnames().end());
    info.warnings.assign(space.warnings().begin(), space.warnings().end());
    for (const xp::XPlane& plane : space.planes()) {
        info.planes.push_back(plane.name());
        const int64_t device = deviceOrdinal(plane.name());
        int64_t correlationStat = -1;
        for (const auto& [id, stat] : plane.stat_metadata())
            if (stat.name() == "correlation_id") correlationStat = id;
        const StringId processName = trace.strings.intern(plane.name());
        for (const xp::XLine& line : plane.lines()) {
            const std::string& lineName = line.display_name().empty() ? line.name() : line.display_name();
            const int64_t stream = device >= 0 ? streamId(line.name()) : -1;
            uint32_t track = 0;
            StringId category = 0;
            if (stream >= 0) {
                track = trace.trackFor(TrackKind::Stream, device, stream);
                category = trace.strings.intern(streamCategory(line.name()));
            } else {
                // Host threads, and the device's derived lines, under the plane's id.
                track = trace.trackFor(TrackKind::Thread, device >= 0 ? device : plane.id() + (int64_t(1) << 40),
                                       line.id());
                category = trace.strings.intern(device >= 0 ? "device_op" : "host");
            }
            Track& t = trace.track(track);
            t.name = trace.strings.intern(lineName);
            t.processName = processName;
            t.device = device >= 0;
            for (const xp::XEvent& event : line.events()) {
                Event out;
                out.track = track;
                out.category = category;
                out.start = line.timestamp_ns() + event.offset_ps() / 1000;
                out.duration = std::max<int64_t>(0, event.duration_ps() / 1000);
                out.kind = event.duration_ps() > 0 ? EventKind::Slice : EventKind::Instant;
                const auto metadata = plane.event_metadata().find(event.metadata_id());
                if (metadata != plane.event_metadata().end()) out.name = trace.strings.intern(metadata->second.name());
                if (correlationStat >= 0)
                    for (const xp::XStat& stat : event.stats())
                        if (stat.metadata_id() == correlationStat)
                            out.correlation = stat.has_uint64_value() ? stat.uint64_value()
                                                                      : static_cast<uint64_t>(stat.int64_value());
                trace.addEvent(out);
            }
        }
    }
    trace.finish();
    return info;
}

} // namespace graphlens::profiler
