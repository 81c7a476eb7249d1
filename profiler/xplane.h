#pragma once
// Reads an XSpace (`<host>.xplane.pb`, what TensorFlow's, JAX's and XLA's profilers write) into a
// Trace: each host line a thread track; each "Stream #N(...)" line of a /device:GPU:K plane a
// stream track of device K (kernels, memcpys and memsets, with their correlation ids); the
// derived device lines (TensorFlow Ops, XLA Ops, Steps, ...) thread tracks of the device.
// Picoseconds become nanoseconds (truncated).
#include <cstdint>
#include <string>
#include <vector>

#include "profiler/trace.h"

namespace graphlens::profiler {

struct XSpaceInfo {
    std::vector<std::string> hostnames;
    std::vector<std::string> planes; // names, in file order
    std::vector<std::string> warnings;
};

struct XSpaceOptions {
    uint64_t maxBytes = uint64_t(2) << 30; // protobuf's own limit
};

XSpaceInfo readXSpace(const std::string& path, Trace& trace, const XSpaceOptions& options = {});

} // namespace graphlens::profiler
