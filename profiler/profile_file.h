#pragma once
// Opens a profile by its content: gzip or JSON text is Chrome Trace Event JSON (Kineto, Perfetto,
// TF's trace viewer), anything else an XSpace (.xplane.pb).
#include <string>
#include <vector>

#include "profiler/trace.h"

namespace graphlens::profiler {

struct ProfileFile {
    std::string format; // "chrome-json", "xspace"
    std::vector<std::string> warnings;
};

ProfileFile readProfile(const std::string& path, Trace& trace);

} // namespace graphlens::profiler
