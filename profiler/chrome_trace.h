#pragma once
// Reads Chrome Trace Event JSON as Chrome, Perfetto, Kineto (PyTorch) and TensorFlow's trace
// viewer write it, plain or gzipped: complete and begin/end slices, instants, counters, flows
// and the process/thread names. Kineto's GPU events (pid = device, args.stream) land on stream
// tracks with their correlation ids. Streams the file (SAX), so memory follows the events kept,
// not the text; malformed or hostile input gives a FormatError naming the file and the byte.
#include <cstdint>
#include <string>
#include <vector>

#include "profiler/trace.h"

namespace graphlens::profiler {

struct ChromeTraceOptions {
    uint64_t maxEvents = 100'000'000;       // more is an error, not an allocation
    uint64_t maxBytes = uint64_t(16) << 30; // of decompressed JSON
};

struct ChromeTraceInfo {
    uint64_t events = 0;            // trace events read (metadata included)
    uint64_t unmatchedEnds = 0;     // "E" with no open "B" on its thread
    uint64_t unclosedBegins = 0;    // "B" still open at the end (closed at the last timestamp)
    uint64_t negativeDurations = 0; // "X" with dur < 0: kept as instants
    int64_t baseTimeNs = 0;         // Kineto's baseTimeNanoseconds, 0 when absent
    std::vector<std::string> warnings;
};

// Reads `path` (.json or .json.gz, decided by content) into `trace` and finishes it.
ChromeTraceInfo readChromeTrace(const std::string& path, Trace& trace, const ChromeTraceOptions& options = {});
// The same from JSON text in memory; `name` names it in errors.
ChromeTraceInfo readChromeTraceText(const std::string& text, const std::string& name, Trace& trace,
                                    const ChromeTraceOptions& options = {});

// "1694039994139246.125" µs as exact nanoseconds (no double rounding at 10^18 ns).
bool microsecondsTextToNs(const std::string& text, int64_t& ns);

} // namespace graphlens::profiler
