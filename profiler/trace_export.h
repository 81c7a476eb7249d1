#pragma once
// Writes a Trace for other tools: Chrome Trace Event JSON (chrome://tracing, Perfetto UI,
// TensorBoard's trace viewer; gzipped when the path ends in .gz) and an XSpace (.xplane.pb, what
// xprof opens). Both keep tracks, names, categories, correlation ids and flows, so reading the
// file back gives the same analysis.
#include <string>

#include "profiler/trace.h"

namespace graphlens::profiler {

// Throw FormatError naming the path when it cannot be written.
void writeChromeTrace(const Trace& trace, const std::string& path);
void writeXSpace(const Trace& trace, const std::string& path);
// An XSpace when `path` ends in .pb, else Chrome JSON (gzipped for .gz).
void writeProfile(const Trace& trace, const std::string& path);

} // namespace graphlens::profiler
